#!/usr/bin/env bash
# The reference generators' deepest counts from the start, too slow for
# every CI run: a scheduled job (weekly, say) runs this. The slow,
# obviously-correct generators in the tests count every depth of
# testdata/perft/english-start.txt to 12 and of huffing-start.txt to 9
# (the ignored tests of crates/checkers/tests/perft_tables.rs; CI counts
# to 11 and 8), and the peg game's perft from the start to 5 (CI's own).
# Each depth's count and time is printed; a count that differs fails.
#
#   tools/deep_reference.sh
#
# About 7 minutes of CPU time on two cores (english 12 about 2, huffing 9
# about 5), after the test build.
set -euo pipefail
cd "$(dirname "$0")/.."

run() {
  printf '\n== %s\n' "$*"
  time cargo test --profile ci --locked "$@"
}

run -p parlour-checkers --test perft_tables -- --ignored --nocapture --test-threads 1 \
  the_reference_counts
run -p parlour-pegs --test reference_agreement -- --nocapture the_reference_counts
echo "passed: the reference generators agree with every deep count"
