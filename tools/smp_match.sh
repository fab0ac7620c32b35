#!/usr/bin/env bash
# Lazy SMP's worth at a fixed time per move: the searcher on two threads
# against itself on one, a match from seeded random openings (each played
# with both colours), under english and under huffing rules. A
# measurement, not a test: it takes minutes and means something only on
# an idle machine with two cores or more. (README's Performance table has
# the longer Hub-engine match at 100 ms a move.)
#
#   tools/smp_match.sh PATH/TO/parlour [MOVETIME_MS] [ROUNDS]
#
# Defaults: 40 ms a move, 30 rounds (60 games a rule set), 16 MiB of
# table each, games cut at 300 plies.
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 3 ] || { echo "usage: $0 PATH/TO/parlour [MOVETIME_MS] [ROUNDS]" >&2; exit 2; }
parlour=$1
movetime=${2:-40}
rounds=${3:-30}

for rules in english huffing; do
  echo "== $rules: two threads against one at $movetime ms a move, $rounds rounds"
  "$parlour" match --rules "$rules" --openings random:plies=6 --seed 77 \
    --engine "search:movetime=$movetime,threads=2,hash=16,name=two" \
    --engine "search:movetime=$movetime,threads=1,hash=16,name=one" \
    --rounds "$rounds" --concurrency 1 --max-plies 300 --quiet
done
