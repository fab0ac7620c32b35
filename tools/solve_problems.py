#!/usr/bin/env python3
"""Solve the published problems of testdata/problems/problems.tsv with
`parlour solve`, one thread and a minute each, and print a table: the
problem, its published key, the move parlour played, whether it proved the
win, at what depth, and the seconds it took.

    python3 tools/solve_problems.py PARLOUR EGDB_DIR [--seconds 60] [--problems TSV]

EGDB_DIR is a directory of endgame databases (`parlour egdb build --pieces
6 --dir DIR` makes the one README's figures used). Exit status 0 always;
the table is the result.
"""

import argparse
import csv
import pathlib
import subprocess
import time

HERE = pathlib.Path(__file__).resolve().parent


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("parlour")
    ap.add_argument("egdb")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--hash", type=int, default=128)
    ap.add_argument("--problems", type=pathlib.Path,
                    default=HERE.parent / "testdata" / "problems" / "problems.tsv",
                    help="a file of problems in problems.tsv's columns")
    args = ap.parse_args()
    path = args.problems
    rows = list(csv.DictReader(open(path, encoding="utf-8"), delimiter="\t"))
    print(f"{'problem':<44} {'key':>6} {'played':>7}  {'verdict':<40} {'seconds':>7}", flush=True)
    solved = with_key = 0
    for row in rows:
        started = time.monotonic()
        out = subprocess.run(
            [args.parlour, "solve", "--fen", row["fen"], "--threads", "1",
             "--hash", str(args.hash), "--egdb", args.egdb,
             "--movetime", str(int(args.seconds * 1000))],
            capture_output=True, text=True,
        ).stdout.splitlines()
        seconds = time.monotonic() - started
        verdict = next((l for l in out if l.startswith(("solved", "not proven"))), "no answer")
        played = next((l[len("bestmove "):] for l in out if l.startswith("bestmove ")), "?")
        proven = verdict.startswith("solved")
        solved += proven
        with_key += proven and played == row["key"]
        short = verdict.replace("solved: ", "").replace("the best line so far ", "")
        print(f"{row['name'][:44]:<44} {row['key']:>6} {played:>7}  {short[:40]:<40} {seconds:7.1f}", flush=True)
    print(f"\n{solved} of {len(rows)} proven ({with_key} with the published key)")


if __name__ == "__main__":
    main()
