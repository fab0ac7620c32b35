#!/usr/bin/env python3
"""Speed of the parlour Python module against pydraughts 0.6.7 and
py-draughts 1.10.1, in one run, as one table.

Usage: python tools/bench_python.py [--depth 7] [--positions 5000] [--seed 1]

Run it with a Python that has parlour installed (`pip install
./crates/python`). Both other libraries install a package named `draughts`,
so each lives in a virtual environment of its own (made on first use under
target/bench-venvs from tools/requirements.txt and
tools/requirements-py-draughts.txt) and is driven by subprocess.

Two measures, each in CPU time of the process that does the work (the
machine may be shared): perft from the start to --depth through each
library's own API (push and pop, the last ply counted by the length of the
move list, as parlour's perft counts it in bulk), and random games played
move by move, listing the legal moves and pushing a random one at each
position (a game ends where there is no move or after 200 plies). English
checkers in parlour and pydraughts; py-draughts' American board, whose
captures are not compulsory (its own docstring), so its tree is larger and
its leaves per second is the fair comparison.
"""

import argparse
import json
import os
import pathlib
import random
import subprocess
import sys
import time
import venv

import parlour

REPO = pathlib.Path(__file__).resolve().parents[1]
MAX_PLIES = 200

LIBRARIES = {
    "pydraughts": ("pydraughts 0.6.7", "tools/requirements.txt"),
    "py-draughts": ("py-draughts 1.10.1", "tools/requirements-py-draughts.txt"),
}

# What each other library's process runs: argv is KIND DEPTH POSITIONS SEED.
WORKER = r'''
import json, random, sys, time
kind, depth, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
if kind == "pydraughts":
    from draughts import Board
    new = lambda: Board(variant="english")
    moves = lambda board: board.legal_moves()
else:
    from draughts import AmericanBoard
    new = AmericanBoard
    moves = lambda board: list(board.legal_moves)

def perft(board, depth):
    listed = moves(board)
    if depth == 1:
        return len(listed)
    total = 0
    for move in listed:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total

def games(count, seed):
    rng, done = random.Random(seed), 0
    while done < count:
        board = new()
        for _ in range(MAX_PLIES):
            listed = moves(board)
            done += 1
            if not listed or done == count:
                break
            board.push(rng.choice(listed))
    return done

MAX_PLIES = %d
started = time.process_time()
leaves = perft(new(), depth)
perft_seconds = time.process_time() - started
started = time.process_time()
positions = games(count, seed)
games_seconds = time.process_time() - started
print(json.dumps({"leaves": leaves, "perft_seconds": perft_seconds,
                  "positions": positions, "games_seconds": games_seconds}))
''' % MAX_PLIES


def parlour_games(count, seed):
    """Positions visited by random games through parlour's Board."""
    rng, done = random.Random(seed), 0
    while done < count:
        board = parlour.Board()
        for _ in range(MAX_PLIES):
            listed = board.legal_moves
            done += 1
            if not listed or done == count:
                break
            board.push(rng.choice(listed))
    return done


def measure_parlour(depth, count, seed):
    """parlour's figures, in this process: perft repeated until it has run
    for a measurable time."""
    board = parlour.Board()
    runs, started = 0, time.process_time()
    while True:
        leaves = board.perft(depth)
        runs += 1
        spent = time.process_time() - started
        if spent > 0.5:
            break
    perft_seconds = spent / runs
    started = time.process_time()
    positions = parlour_games(count, seed)
    return {
        "leaves": leaves,
        "perft_seconds": perft_seconds,
        "positions": positions,
        "games_seconds": time.process_time() - started,
    }


def interpreter(venvs, kind):
    """The Python of KIND's virtual environment, made where missing."""
    home = venvs / kind
    python = home / "bin" / "python"
    if not python.exists():
        print("making %s with %s" % (home, LIBRARIES[kind][1]), file=sys.stderr)
        venv.create(home, with_pip=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-r", str(REPO / LIBRARIES[kind][1])],
            check=True,
        )
    return python


def measure_other(python, kind, depth, count, seed):
    """KIND's figures, from its own process."""
    done = subprocess.run(
        [str(python), "-c", WORKER, kind, str(depth), str(count), str(seed)],
        capture_output=True, text=True, check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def table(figures, depth):
    """The results as a Markdown table, parlour's ratio to the faster other."""
    names = ["parlour"] + [LIBRARIES[k][0] for k in LIBRARIES]
    rows = [
        ("perft(%d) from the start: leaves" % depth, lambda f: f["leaves"], "{:,}", None),
        ("perft(%d): CPU time" % depth, lambda f: f["perft_seconds"], "{:.4g} s", min),
        ("perft(%d): leaves a second" % depth,
         lambda f: f["leaves"] / f["perft_seconds"], "{:,.0f}", max),
        ("random games: positions", lambda f: f["positions"], "{:,}", None),
        ("random games: legal_moves + push, a position",
         lambda f: 1e6 * f["games_seconds"] / f["positions"], "{:.2f} µs", min),
    ]
    out = ["| measure | " + " | ".join(names) + " | parlour's advantage over the faster |",
           "|---" * (len(names) + 2) + "|"]
    for label, value, form, best in rows:
        values = [value(f) for f in figures]
        cells = [form.format(v) for v in values]
        if best is None:
            ratio = ""
        elif best is min:
            ratio = "%.0fx" % (min(values[1:]) / values[0])
        else:
            ratio = "%.0fx" % (values[0] / max(values[1:]))
        out.append("| %s | %s | %s |" % (label, " | ".join(cells), ratio))
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=7, help="perft depth (default 7)")
    parser.add_argument("--positions", type=int, default=5000,
                        help="positions of random games per library (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--venvs", type=pathlib.Path, default=REPO / "target" / "bench-venvs",
                        help="where the other libraries' virtual environments live")
    args = parser.parse_args()
    figures = [measure_parlour(args.depth, args.positions, args.seed)]
    for kind in LIBRARIES:
        python = interpreter(args.venvs, kind)
        figures.append(measure_other(python, kind, args.depth, args.positions, args.seed))
    print(table(figures, args.depth))
    print()
    print("CPU time of each library's own process; load average %.1f on %d cores"
          % (os.getloadavg()[0], os.cpu_count()))


if __name__ == "__main__":
    main()
