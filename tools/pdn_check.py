#!/usr/bin/env python3
"""Check `parlour match`'s PDN against pydraughts 0.6.7's PDN reader.

Usage: python3 tools/pdn_check.py PATH/TO/parlour [--rounds N] [--seed S]

Plays three short english matches from the ballots with --pdn and
--results, chosen so that their games end in each way this script
checks: the searcher against greedy and random (wins: a side without a
move), two equal searchers (draws by the rules: a position a third time,
and the quiet-ply limit), and two quick players stopped by a short
--max-plies (draws by the length limit). (pydraughts' PDN reader misreads
a game that starts from a FEN tag, so every game starts from the usual
start.) It reads each PDN back
with pydraughts' PDNReader and for every game: checks the variant
(GameType 21) and the tags, replays every move on a pydraughts board from
the game's start (its FEN tag, or the usual start), each one legal there,
checks the moves read are the ones the results file recorded, and that
each engine move has its comment (`{+0.35/14 0.101s}`, or a bare
`{0.101s}`; the searcher's moves scored), the position reached agrees
with the recorded ending, counted on
pydraughts' board: a win, pydraughts sees the game over with that
winner; a repetition, the last position stands there a third time; the
quiet-ply limit, that many plies without a capture or a man's move; the
length limit, the match's --max-plies plies and no winner. A match whose
games miss an ending it is there for fails, as does any other problem
(exit 1). Then it analyses the first match's games with `parlour analyse
--multipv 3` (every move followed by up to three variations, each with
its score comment) and checks pydraughts reads each analysed game as the
same main line, legal on its board. Needs `pip install -r
tools/requirements.txt`.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import draughts
from draughts import Board, Move
from draughts.PDN import PDNReader

from crosscheck import canonical_fen, parse_fen

WINNER = {"2-0": "black", "0-2": "white", "1-1": None}

# English's quiet-ply limit (parlour's default): a draw after this many
# plies without a capture or a man's move.
QUIET_PLIES = 80


class Match:
    """A match to play: its flags, and the endings its games must include
    (each set: at least one game ends in one of them)."""

    def __init__(self, name, flags, max_plies, endings):
        self.name = name
        self.flags = flags
        self.max_plies = max_plies
        self.endings = endings


def matches(rounds, seed):
    """The three matches, each there for its endings. Fixed depths on one
    thread play the same games every time; two equal searchers at depth 3
    draw 8 of 24 games from the ballots by the rules (6 by the quiet-ply
    limit, 2 by repetition) with parlour's search of December 2026."""
    return [
        Match("wins", ["--engine", "search:depth=4", "--engine", "greedy",
                       "--engine", "random:seed=7", "--rounds", str(rounds),
                       "--seed", str(seed)], 120, [{"no moves"}]),
        Match("draws by the rules", ["--engine", "search:depth=3,name=a",
                                     "--engine", "search:depth=3,name=b",
                                     "--rounds", "12", "--seed", str(seed)],
              300, [{"repetition"}, {"quiet plies"}]),
        Match("draws by the length limit", ["--engine", "search:depth=2", "--engine", "greedy",
                                            "--rounds", "2", "--seed", str(seed)],
              16, [{"max plies"}]),
    ]


def match_files(folder, match):
    """The PDN and results paths of `match`."""
    stem = os.path.join(folder, match.name.replace(" ", "-"))
    return stem + ".pdn", stem + ".jsonl"


def run_match(parlour, folder, match):
    """Plays `match`; returns the PDN and results paths."""
    pdn, results = match_files(folder, match)
    command = [
        parlour, "match", "--game", "checkers", "--rules", "english", *match.flags,
        "--max-plies", str(match.max_plies),
        "--concurrency", "2", "--quiet", "--pdn", pdn, "--results", results,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        sys.exit(f"pdn_check: {' '.join(command)} failed:\n{done.stderr}")
    print(done.stdout, end="")
    return pdn, results


def pydraughts_winner(board):
    """'black', 'white', None (no winner: a draw or not over)."""
    winner = board.winner()
    if winner == draughts.BLACK:
        return "black"
    if winner == draughts.WHITE:
        return "white"
    return None


def replay(game):
    """Replays a game's moves on a pydraughts board: (board, the canonical
    FEN of every position reached, the start's first, the plies since the
    last capture or man's move, problems)."""
    board = Board("english", game.tags.get("FEN", "startpos"))
    fens = [canonical_fen(*parse_fen(board.fen))]
    quiet = 0
    for ply, text in enumerate(game.moves, 1):
        legal = {tuple(map(tuple, m.board_move)) for m in board.legal_moves()}
        try:
            move = Move(board, pdn_move=text)
        except (KeyError, ValueError, IndexError) as e:
            return board, fens, quiet, [f"ply {ply} {text}: pydraughts cannot read it ({e!r})"]
        if tuple(map(tuple, move.board_move)) not in legal:
            return board, fens, quiet, [f"ply {ply} {text} is not legal for pydraughts"]
        _, pieces = parse_fen(board.fen)
        _, king = pieces[move.steps_move[0]]
        quiet = quiet + 1 if king and not move.captures else 0
        board.push(move)
        fens.append(canonical_fen(*parse_fen(board.fen)))
    return board, fens, quiet, []


def ending_problems(record, board, fens, quiet, max_plies):
    """What is wrong with the recorded ending, seen on pydraughts' board."""
    ending = record["termination"]
    winner = WINNER.get(record["result"], "?")
    seen = pydraughts_winner(board)
    if ending == "no moves":
        if winner is None or not board.is_over() or seen != winner:
            return [f"recorded a win for {winner}, pydraughts sees winner {seen!r} "
                    f"(over: {board.is_over()})"]
        return []
    if winner is not None or seen is not None:
        return [f"recorded {record['result']} by {ending}, pydraughts sees winner {seen!r}"]
    if ending == "repetition" and fens.count(fens[-1]) < 3:
        return [f"a repetition, but the last position stands {fens.count(fens[-1])} times"]
    if ending == "quiet plies" and quiet != QUIET_PLIES:
        return [f"the quiet-ply limit, but {quiet} plies without a capture or a man's move"]
    if ending == "max plies" and len(fens) - 1 != max_plies:
        return [f"the length limit, after {len(fens) - 1} plies where it is {max_plies}"]
    if ending not in ("repetition", "quiet plies", "max plies"):
        return [f"an ending this check does not expect: {ending}"]
    return []


def check_game(game, record, max_plies):
    """The problems with one game read back, as strings."""
    problems = []
    tags = game.tags
    if game.variant != "english":
        problems.append(f"variant {game.variant!r} from GameType {tags.get('GameType')!r}")
    for tag, value in [("White", record["white"]), ("Black", record["black"]),
                       ("Result", record["result"])]:
        if tags.get(tag) != value:
            problems.append(f"tag {tag} is {tags.get(tag)!r}, the results file says {value!r}")
    if game.game_ending != record["result"]:
        problems.append(f"result read {game.game_ending!r}, recorded {record['result']!r}")
    if game.moves != record["moves"]:
        problems.append(f"moves read {game.moves} differ from the recorded {record['moves']}")
        return problems
    board, fens, quiet, replayed = replay(game)
    if replayed:
        return problems + replayed
    return problems + ending_problems(record, board, fens, quiet, max_plies)


# An engine move's comment: `{+0.35/14 0.101s}`, a proven win or loss
# `{+W23/14 0.101s}` / `{-L23/14 0.101s}`, or a bare time `{0.101s}`.
NOTE = re.compile(r"([+-](\d+\.\d\d|W\d+|L\d+)/\d+ )?\d+\.\d{3}s")


def searchers(match):
    """The names of the match's engines that are parlour's searcher."""
    specs = [match.flags[i + 1] for i, f in enumerate(match.flags) if f == "--engine"]
    names = set()
    for spec in specs:
        if spec.startswith("search"):
            named = [o[5:] for o in spec.split(",") if o.startswith("name=")]
            names.add(named[0] if named else spec)
    return names


def comment_problems(text, record, searcher_names):
    """The problems with one game's comments in the PDN text: one per
    engine move, each a score, depth and time or a bare time (scored for
    parlour's searcher), then the reason."""
    movetext = text.split("\n\n", 1)[-1]
    comments = re.findall(r"\{([^}]*)\}", movetext)
    notes, reason = comments[:-1], comments[-1:]
    problems = [f"comment {c!r} is not a move's score and time"
                for c in notes if not NOTE.fullmatch(" ".join(c.split()))]
    if len(notes) != len(record["move_ms"]):
        problems.append(f"{len(notes)} move comments, {len(record['move_ms'])} engine moves")
    if not reason:
        problems.append("no comment with the ending")
    if {record["black"], record["white"]} & searcher_names and not any("/" in c for c in notes):
        problems.append("parlour's searcher played and no move has a score")
    return problems


def check_match(parlour, folder, match):
    """Plays and checks one match: (games, their endings counted, failures)."""
    pdn, results = run_match(parlour, folder, match)
    with open(results, encoding="utf8") as f:
        # The first line is the match's header, the rest games.
        records = {r["index"] + 1: r for r in map(json.loads, f) if "parlour_match" not in r}
    games = PDNReader(filename=pdn).games
    with open(pdn, encoding="utf8") as f:
        texts = ["[Event" + t for t in f.read().split("[Event")[1:]]
    failures = 0

    def fail(problem):
        nonlocal failures
        print(f"pdn_check: {match.name}: {problem}")
        failures += 1

    if len(games) != len(records):
        fail(f"{len(games)} games read, {len(records)} recorded")
    rounds = set()
    endings = {}
    for number, game in enumerate(games, 1):
        rnd = int(game.tags.get("Round", "0"))
        rounds.add(rnd)
        record = records.get(rnd)
        if record is None:
            fail(f"game {number} has Round {rnd}, which no record has")
            continue
        endings[record["termination"]] = endings.get(record["termination"], 0) + 1
        problems = check_game(game, record, match.max_plies)
        if number <= len(texts):
            problems += comment_problems(texts[number - 1], record, searchers(match))
        for problem in problems:
            fail(f"game {number} (Round {rnd}): {problem}")
    if rounds != set(records):
        fail(f"rounds read {sorted(rounds)}, recorded {sorted(records)}")
    for wanted in match.endings:
        if not wanted & set(endings):
            fail(f"no game ended by {' or '.join(sorted(wanted))}, which this match is for "
                 f"(endings: {endings})")
    return len(games), endings, failures


def plies_with_a_choice(game):
    """How many of a game's moves were played where there was another."""
    board = Board("english", game.tags.get("FEN", "startpos"))
    count = 0
    for text in game.moves:
        legal = {tuple(map(tuple, m.board_move)) for m in board.legal_moves()}
        count += len(legal) > 1
        board.push(Move(board, pdn_move=text))
    return count


def check_analysis(parlour, pdn):
    """Analyses the games of `pdn` with --multipv 3 and checks pydraughts
    reads every analysed game, its variations and their comments aside, as
    the game's moves: (games, failures)."""
    out = pdn[:-len(".pdn")] + "-analysed.pdn"
    command = [parlour, "analyse", pdn, "--depth", "4", "--threads", "1",
               "--multipv", "3", "--out", out]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        sys.exit(f"pdn_check: {' '.join(command)} failed:\n{done.stderr}")
    played = PDNReader(filename=pdn).games
    analysed = PDNReader(filename=out).games
    with open(out, encoding="utf8") as f:
        text = f.read()
    problems = []
    if len(analysed) != len(played):
        problems.append(f"{len(analysed)} analysed games read, {len(played)} played")
    # Every move with another to choose has a variation: `(12. 9-14
    # {+0.60/4 0.001s} ...`.
    variations = len(re.findall(r"\(\d+\.(\.\.)?\s+\S+\s+\{", text))
    choices = sum(plies_with_a_choice(game) for game in played)
    if variations < choices:
        problems.append(f"{variations} variations for {choices} moves with a choice")
    for number, (game, given) in enumerate(zip(analysed, played), 1):
        if game.moves != given.moves:
            problems.append(f"game {number}: moves read {game.moves}, played {given.moves}")
            continue
        problems += [f"game {number}: {p}" for p in replay(game)[3]]
    for problem in problems:
        print(f"pdn_check: analysis: {problem}")
    return len(analysed), len(problems)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parlour", help="path to the parlour binary")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the match for wins")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    games, endings, failures = 0, {}, 0
    with tempfile.TemporaryDirectory(prefix="parlour-pdn-") as folder:
        for match in matches(args.rounds, args.seed):
            n, counted, failed = check_match(args.parlour, folder, match)
            games += n
            failures += failed
            for ending, count in counted.items():
                endings[ending] = endings.get(ending, 0) + count
        first = matches(args.rounds, args.seed)[0]
        analysed, failed = check_analysis(args.parlour, match_files(folder, first)[0])
        failures += failed
    summary = ", ".join(f"{n} {t}" for t, n in sorted(endings.items()))
    if failures:
        sys.exit(f"pdn_check: {failures} failure(s) in {games} games ({summary})")
    print(f"pdn_check: {games} games read by pydraughts and replayed legally "
          f"to their endings ({summary}); {analysed} analysed with --multipv 3 "
          f"read back as the same moves")


if __name__ == "__main__":
    main()
