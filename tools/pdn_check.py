#!/usr/bin/env python3
"""Check `parlour match`'s PDN against pydraughts 0.6.7's PDN reader.

Usage: python3 tools/pdn_check.py PATH/TO/parlour [--rounds N] [--seed S]

Runs a short english match (the searcher against greedy and random, so
that games end in wins and in draws by the rules and by the length limit)
with --pdn and --results, reads the PDN back with pydraughts' PDNReader,
and for every game: checks the variant (GameType 21) and the tags, replays
every move on a pydraughts board from the game's start (its FEN tag, or
the usual start), each one legal there, checks the moves read are the ones
the results file recorded, and that the position reached agrees with the
recorded result (a win: pydraughts sees the game over with that winner; a
draw: pydraughts sees no winner). Any failure is reported and the script
exits 1. Needs `pip install -r tools/requirements.txt`.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import draughts
from draughts import Board, Move
from draughts.PDN import PDNReader

WINNER = {"2-0": "black", "0-2": "white", "1-1": None}


def run_match(parlour, folder, rounds, seed):
    """Runs the match; returns the PDN and results paths."""
    pdn = os.path.join(folder, "games.pdn")
    results = os.path.join(folder, "results.jsonl")
    command = [
        parlour, "match", "--game", "checkers", "--rules", "english",
        "--engine", "search:depth=4", "--engine", "greedy",
        "--engine", "random:seed=7",
        "--rounds", str(rounds), "--seed", str(seed), "--max-plies", "120",
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


def check_game(game, record):
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
    board = Board("english", tags.get("FEN", "startpos"))
    for ply, text in enumerate(game.moves, 1):
        legal = {tuple(map(tuple, m.board_move)) for m in board.legal_moves()}
        try:
            move = Move(board, pdn_move=text)
        except (KeyError, ValueError, IndexError) as e:
            problems.append(f"ply {ply} {text}: pydraughts cannot read it ({e!r})")
            return problems
        if tuple(map(tuple, move.board_move)) not in legal:
            problems.append(f"ply {ply} {text} is not legal for pydraughts")
            return problems
        board.push(move)
    winner = WINNER.get(record["result"], "?")
    seen = pydraughts_winner(board)
    if winner is not None and (not board.is_over() or seen != winner):
        problems.append(f"recorded a win for {winner}, pydraughts sees winner {seen!r} "
                        f"(over: {board.is_over()})")
    if winner is None and seen is not None:
        problems.append(f"recorded a draw, pydraughts sees a win for {seen}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parlour", help="path to the parlour binary")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="parlour-pdn-") as folder:
        pdn, results = run_match(args.parlour, folder, args.rounds, args.seed)
        with open(results, encoding="utf8") as f:
            # The first line is the match's header, the rest games.
            records = {r["index"] + 1: r for r in map(json.loads, f) if "parlour_match" not in r}
        games = PDNReader(filename=pdn).games
        failures = 0
        if len(games) != len(records):
            print(f"pdn_check: {len(games)} games read, {len(records)} recorded")
            failures += 1
        rounds = set()
        endings = {}
        for number, game in enumerate(games, 1):
            rnd = int(game.tags.get("Round", "0"))
            rounds.add(rnd)
            record = records.get(rnd)
            if record is None:
                print(f"pdn_check: game {number} has Round {rnd}, which no record has")
                failures += 1
                continue
            endings[record["termination"]] = endings.get(record["termination"], 0) + 1
            for problem in check_game(game, record):
                print(f"pdn_check: game {number} (Round {rnd}): {problem}")
                failures += 1
        if rounds != set(records):
            print(f"pdn_check: rounds read {sorted(rounds)}, recorded {sorted(records)}")
            failures += 1
        summary = ", ".join(f"{n} {t}" for t, n in sorted(endings.items()))
        if failures:
            sys.exit(f"pdn_check: {failures} failure(s) in {len(games)} games")
        print(f"pdn_check: {len(games)} games read by pydraughts and replayed legally "
              f"to their results ({summary})")


if __name__ == "__main__":
    main()
