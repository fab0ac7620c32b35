#!/usr/bin/env python3
"""parlour as a Hub engine, driven by pydraughts' own HubEngine.

Usage: hub_pydraughts.py PATH/TO/parlour [GAMES]

pydraughts 0.6.7 starts `parlour hub`, and plays english checkers games
against it: parlour as one side, pydraughts' random moves as the other,
each game from a three-move ballot of testdata/three-move-ballots.tsv.
Odd games start from the ballot played out from the start (pydraughts sends
the start position and every move); even games start from the ballot's
position given as a FEN (pydraughts sends that position in its own turned
33-character form), with parlour on the other colour. Every move parlour
answers must be legal in pydraughts' own board (pydraughts looks it up among
its legal moves; a move it cannot find raises). Exits non-zero on any
failure. The games cycle through pydraughts' level forms: a depth, a time
per move, and a clock with an increment. Then `go ponder` is answered after
`ponder-hit` and after `stop`.
"""

import logging
import os
import random
import signal
import sys
import threading
import time

import draughts
from draughts.engine import Limit
from draughts.engines.hub import HubEngine

HERE = os.path.dirname(os.path.abspath(__file__))
BALLOTS = os.path.join(HERE, "..", "testdata", "three-move-ballots.tsv")
MAX_PLIES = 200
# The whole run, in seconds: an engine that stops answering fails the check
# instead of hanging it.
DEADLINE = 600


class Complaints(logging.Handler):
    """pydraughts logs what it did not expect from the engine (an `error`
    line, an unknown answer) as warnings and carries on: each is a failure
    here."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.seen = []

    def emit(self, record):
        self.seen.append(record.getMessage())


def ballots():
    """The crossboard ballots: lists of three PDN moves."""
    with open(BALLOTS) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
    return [row[1].split() for row in rows[1:] if row[2] == "crossboard"]


def fail(message):
    print(f"hub_pydraughts: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def play_game(engine, board, parlour_side, rng, limit):
    """Plays until the game ends or MAX_PLIES; returns (plies, result text)."""
    plies = 0
    while not board.is_over() and plies < MAX_PLIES:
        legal = board.legal_moves()
        if board.turn == parlour_side:
            result = engine.play(board, limit, False)
            move = result.move
            names = [m.pdn_move for m in legal]
            if move is None or move.pdn_move not in names:
                fail(f"parlour played {move and move.hub_move} in {board.fen}; legal: {names}")
        else:
            move = rng.choice(legal)
        board.push(move)
        plies += 1
    if board.is_over():
        winner = board.winner()
        text = {None: "draw", 0: "draw", draughts.WHITE: "white won", draughts.BLACK: "black won"}[winner]
    else:
        text = f"stopped after {MAX_PLIES} plies"
    return plies, text


def ponder_checks(engine, board):
    """`go ponder` answered after `ponder-hit`, and after `stop`, as a GUI
    drives it: the search on one thread, the GUI's word from another."""
    hub_moves = " ".join(m.hub_move for m in board.move_stack)
    for word in ("ponder-hit", "stop"):
        answer = {}

        def search():
            answer["move"] = engine.go(board._game.initial_hub_fen, moves=hub_moves,
                                       depth=3, ponder=True)

        thinker = threading.Thread(target=search)
        thinker.start()
        time.sleep(0.3)
        if not thinker.is_alive():
            fail(f"go ponder answered before {word}")
        if word == "ponder-hit":
            engine.ponderhit()
        else:
            engine.stop()
        thinker.join(30)
        if thinker.is_alive() or "move" not in answer:
            fail(f"no answer to go ponder after {word}")
        best, _ = answer["move"]
        draughts.Move(board, hub_move=best)  # raises if not legal here
        print(f"go ponder, then {word}: done move={best}")


def main():
    if len(sys.argv) < 2:
        fail("usage: hub_pydraughts.py PATH/TO/parlour [GAMES]")
    binary = os.path.abspath(sys.argv[1])
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    rng = random.Random(20261130)
    complaints = Complaints()
    logging.getLogger("pydraughts").addHandler(complaints)
    signal.signal(signal.SIGALRM, lambda *_: fail(f"no end after {DEADLINE} s"))
    signal.alarm(DEADLINE)
    deck = ballots()
    engine = HubEngine([binary, "hub"])
    if "english" not in engine.variants:
        fail(f"parlour declared the variants {sorted(engine.variants)}")
    engine.setoption("variant", "english")
    engine.init()
    engine.ping()
    # Each of pydraughts' level forms in turn: depth, move-time, time+inc.
    limits = [Limit(depth=4), Limit(movetime=0.05), Limit(time=3, inc=0.05)]
    parlour_won = 0
    try:
        for game in range(games):
            opening = deck[rng.randrange(len(deck))]
            board = draughts.Board(variant="english")
            for text in opening:
                board.push(draughts.Move(board, pdn_move=text))
            if game % 2 == 1:
                # The ballot's position as the start: pydraughts sends it
                # turned, with no moves before it.
                board = draughts.Board(variant="english", fen=board.fen)
            parlour_side = draughts.WHITE if game % 2 == 0 else draughts.BLACK
            limit = limits[game % len(limits)]
            plies, result = play_game(engine, board, parlour_side, rng, limit)
            colour = "white" if parlour_side == draughts.WHITE else "black"
            print(f"game {game + 1}: {' '.join(opening)}, parlour {colour}: {result} in {plies} plies")
            if result == f"{colour} won":
                parlour_won += 1
            if complaints.seen:
                fail(f"pydraughts did not expect: {complaints.seen}")
        opening = deck[0]
        board = draughts.Board(variant="english")
        for text in opening:
            board.push(draughts.Move(board, pdn_move=text))
        ponder_checks(engine, board)
        if complaints.seen:
            fail(f"pydraughts did not expect: {complaints.seen}")
        engine.ping()
    finally:
        engine.quit()
        engine.kill_process()
    print(f"hub_pydraughts: ok, {games} games, parlour won {parlour_won}")


if __name__ == "__main__":
    main()
