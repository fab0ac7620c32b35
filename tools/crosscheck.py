#!/usr/bin/env python3
"""Cross-check `parlour moves` against pydraughts 0.6.7 and clatsop 0.1.0
on random english positions.

Usage: python3 tools/crosscheck.py PATH/TO/parlour [--positions N] [--seed S]
                                   [--min-positions M]

Positions come from random playouts from the start (pydraughts plays them),
so they include kings, multi-jumps and positions with no move. For each
position the FEN is written canonically by this script from pydraughts'
board (the same numbering: 1-4 Black's back row, Black moves first), given to
`parlour moves --rules english --fen FEN`, and its output is compared with
pydraughts' legal moves written in full PDN (`11-15`, `9x18x27`, every
landing square), and with clatsop's (it numbers the squares as bits 0-31
in the same order, Black on bits 0-11 and moving first). Any disagreement
is reported with the FEN and the move lists, and the script exits 1; so it
does when either oracle cannot be imported, when fewer than
--min-positions positions (default 1000) were checked, or when the
positions include none with kings, captures, multi-jumps or no move.
Needs `pip install -r tools/requirements.txt`.
"""

import argparse
import random
import re
import subprocess
import sys
import time

try:
    from draughts import Board
    import clatsop
except ImportError as missing:
    # Both oracles are required: a check against one is not the check CI
    # claims to run.
    sys.exit(f"crosscheck: an oracle is missing ({missing}); "
             "run `pip install -r tools/requirements.txt`")


def board_order(text):
    """The key that orders moves as parlour lists them: runs of digits as
    numbers, the rest as text (`7-11` before `10-14`)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def parse_fen(fen):
    """(side, {square: (colour, king)}) from a PDN FEN as pydraughts writes it."""
    fields = fen.strip().rstrip(".").split(":")
    side = fields[0]
    pieces = {}
    for field in fields[1:]:
        colour, body = field[0], field[1:]
        for item in filter(None, body.split(",")):
            king = item.startswith("K")
            number = int(item[1:] if king else item)
            assert 1 <= number <= 32 and number not in pieces, fen
            pieces[number] = (colour, king)
    return side, pieces


def canonical_fen(side, pieces):
    """The FEN as parlour prints it: side, W field, B field, men then kings."""
    out = [side]
    for colour in "WB":
        men = sorted(s for s, (c, k) in pieces.items() if c == colour and not k)
        kings = sorted(s for s, (c, k) in pieces.items() if c == colour and k)
        out.append(colour + ",".join([str(s) for s in men] + ["K%d" % s for s in kings]))
    return ":".join(out)


def move_text(move):
    """A pydraughts move in full PDN: every landing square of a capture."""
    steps = move.steps_move
    if move.captures:
        return "x".join(str(s) for s in steps)
    assert len(steps) == 2, steps
    return "%d-%d" % (steps[0], steps[1])


def clatsop_moves(fen):
    """clatsop's legal moves in full PDN: square n is bit n-1."""
    side, pieces = parse_fen(fen)
    black = white = kings = 0
    for square, (colour, king) in pieces.items():
        bit = 1 << (square - 1)
        if colour == "B":
            black |= bit
        else:
            white |= bit
        if king:
            kings |= bit
    ruleset = clatsop.american_ruleset()
    turn = clatsop.Turn.from_masks(black, white, kings, 1 if side == "B" else 0)
    moves = []
    for transition in ruleset.legal_transitions(turn):
        rules = [ruleset[i] for i in transition.rule_indices]
        start = rules[0].mover.bit_length()
        landings = [r.is_empty.bit_length() for r in rules]
        if rules[0].capture:
            moves.append("x".join(str(s) for s in [start] + landings))
        else:
            assert len(landings) == 1, fen
            moves.append("%d-%d" % (start, landings[0]))
    return sorted(moves)


def check_start():
    """pydraughts' english start must be parlour's: Black on 1-12 moves first."""
    board = Board(variant="english")
    side, pieces = parse_fen(board.fen)
    fen = canonical_fen(side, pieces)
    expected = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    if fen != expected:
        sys.exit("pydraughts' start position reads as %s, not %s" % (fen, expected))
    moves = sorted(move_text(m) for m in board.legal_moves())
    want = sorted(["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])
    if moves != want:
        sys.exit("pydraughts' start moves are %s, not %s" % (moves, want))
    if clatsop_moves(fen) != want:
        sys.exit("clatsop's start moves are %s, not %s" % (clatsop_moves(fen), want))


def random_positions(count, rng):
    """Distinct positions from random playouts of the start."""
    seen, positions = set(), []
    while len(positions) < count:
        board = Board(variant="english")
        # Play long games so that kings appear; stop at a random ply.
        for _ in range(rng.randint(10, 160)):
            side, pieces = parse_fen(board.fen)
            fen = canonical_fen(side, pieces)
            moves = board.legal_moves()
            if fen not in seen:
                seen.add(fen)
                positions.append((fen, sorted(move_text(m) for m in moves)))
                if len(positions) == count:
                    break
            if not moves:
                break
            board.push(rng.choice(moves))
    return positions


def parlour_moves(binary, fen):
    result = subprocess.run(
        [binary, "moves", "--rules", "english", "--fen", fen],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0 or result.stderr:
        return None, "exit %d, stderr: %s" % (result.returncode, result.stderr.strip())
    return result.stdout.splitlines(), None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parlour", help="path to the parlour binary")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--min-positions", type=int, default=1000,
                        help="fail when fewer positions than this were checked")
    args = parser.parse_args()

    started = time.time()
    check_start()
    rng = random.Random(args.seed)
    positions = random_positions(args.positions, rng)
    kinds = {
        "with kings": sum(1 for fen, _ in positions if "K" in fen),
        "with captures": sum(1 for _, moves in positions if moves and "x" in moves[0]),
        "with multi-jumps": sum(1 for _, moves in positions
                                if any(m.count("x") > 1 for m in moves)),
        "with no move": sum(1 for _, moves in positions if not moves),
    }

    disagreements = 0
    checked = 0
    for fen, expected in positions:
        got, error = parlour_moves(args.parlour, fen)
        second = clatsop_moves(fen)
        # parlour lists in board order (numbers as numbers).
        ordered = got is not None and got == sorted(got, key=board_order)
        got_set = None if got is None else sorted(got)
        if got is None or got_set != expected or not ordered or second != expected:
            disagreements += 1
            print("DISAGREEMENT at %s" % fen)
            print("  pydraughts: %s" % " ".join(expected))
            print("  clatsop:    %s" % " ".join(second))
            print("  parlour:    %s" % (error if got is None else " ".join(got)))
        else:
            checked += 1
    seconds = time.time() - started
    print(
        "oracles: pydraughts, clatsop; %d positions (%s), %d agreed, %d disagreements, %.1f s"
        % (len(positions), ", ".join(f"{n} {kind}" for kind, n in kinds.items()),
           checked, disagreements, seconds)
    )
    failures = []
    if checked < args.min_positions:
        failures.append("%d positions checked, fewer than %d" % (checked, args.min_positions))
    failures += ["no position %s" % kind for kind, n in kinds.items() if n == 0]
    for failure in failures:
        print("crosscheck: %s" % failure)
    return 1 if disagreements or failures else 0


if __name__ == "__main__":
    sys.exit(main())
