#!/usr/bin/env python3
"""Wall-time pairs: is a new build faster than an old one at self-play?

The project's machines are shared, and their speed drifts by about 15% from
minute to minute, so one run of each build says little. This runs the two
builds alternately, N pairs, the order within a pair swapped each time, and
compares each pair's throughputs: the geometric mean of the ratios new/old and
how many pairs the new build won. Instruction counts (cachegrind) do not settle it
either: the search is bound by mispredicted branches (see docs/learning.md,
"Training it again").

    tools/speed_pairs.py OLD_PARLOUR NEW_PARLOUR [--pairs 16] [--games 30]
        [-- extra selfplay options, e.g. --rules huffing]

Each run is `parlour selfplay --out TMP --games G --seed S` (S differs from
pair to pair, the same for both runs of a pair), and its throughput is the
positions per second per thread that `selfplay` prints.
"""

import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

RATE = re.compile(r"([\d.]+) s, (\d+) positions per second, (\d+) per second per thread")


def run(binary, games, seed, extra, out):
    if os.path.exists(out):
        os.remove(out)
    cmd = [binary, "selfplay", "--out", out, "--games", str(games), "--seed", str(seed)] + extra
    try:
        done = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        sys.exit(f"speed_pairs: cannot run {binary}: {e.strerror}")
    text = done.stdout + done.stderr
    found = RATE.search(text)
    if done.returncode != 0 or not found:
        sys.exit(f"speed_pairs: {' '.join(cmd)} failed:\n{text}")
    return int(found.group(3))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="the parlour binary to compare against")
    parser.add_argument("new", help="the parlour binary under test")
    parser.add_argument("--pairs", type=int, default=16)
    parser.add_argument("--games", type=int, default=30)
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1:]
    args = parser.parse_args(argv)
    args.extra = extra
    rates = {"old": [], "new": []}
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "pairs.bin")
        for i in range(args.pairs):
            order = ["old", "new"] if i % 2 else ["new", "old"]
            pair = {}
            for which in order:
                pair[which] = run(getattr(args, which), args.games, 101 + i, args.extra, out)
                rates[which].append(pair[which])
            ratios.append(pair["new"] / pair["old"])
            print(f"pair {i + 1:2}: old {pair['old']:5} new {pair['new']:5}  "
                  f"new/old {ratios[-1]:.3f}", flush=True)
    print()
    print("| build | positions a second per thread: median | range |")
    print("|---|---|---|")
    for which in ("old", "new"):
        r = rates[which]
        print(f"| {which} ({getattr(args, which)}) | {statistics.median(r):.0f} "
              f"| {min(r)}-{max(r)} |")
    mean = math.exp(statistics.mean(math.log(x) for x in ratios))
    wins = sum(x > 1 for x in ratios)
    print(f"\nnew/old: geometric mean {mean:.3f}, {wins} of {len(ratios)} pairs above 1")


if __name__ == "__main__":
    main()
