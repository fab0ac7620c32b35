#!/usr/bin/env bash
# Plays the engine built from the working tree against an outside Hub
# engine, the second yardstick beside a match against parlour's own older
# builds: a gain against yourself can be a loss against others.
#
#   tools/outside-match.sh 'OPPONENT COMMAND' [parlour match options...]
#   tools/outside-match.sh "$DH/hub_darkhorse $DH/relu.quant 20" \
#       --rounds 200 --concurrency 2 --results dh.jsonl --pdn dh.pdn
#
# The opponent is any command that speaks the Hub protocol; the repository
# names no path of its own. Both sides play one thread, the ACF ballots with
# colours swapped (parlour match's default); parlour plays as a Hub engine,
# as the opponent does, with a 64 MiB table. Long matches: give --results
# and continue a stopped one with --resume. Environment:
#   OUT_LIMIT  the per-move limit for both (default movetime=100)
#   OUT_NAME   the opponent's name in the tables (default: its program's name)
#   OUT_HASH   parlour's table in MiB (default 64)
#   OUT_NEW    extra arguments for `parlour hub` (e.g. "--eval patterns")
set -euo pipefail
[ $# -ge 1 ] || { sed -n 2,18p "$0"; exit 2; }
opponent=$1
shift
program=${opponent%% *}
[ -x "$program" ] || command -v "$program" >/dev/null 2>&1 ||
  { echo "$0: the opponent's program \`$program\` is not there" >&2; exit 2; }
name=${OUT_NAME:-$(basename "$program")}
root=$(git rev-parse --show-toplevel)
cd "$root"
echo "building the engine of the working tree ..." >&2
cargo build --release --locked -q -p parlour
# A copy named by its contents: a rebuild during the match cannot swap it,
# and the results file names the same path when the same build resumes it
# (a path that changed with every run made --resume refuse its own file;
# another build is still refused, as it should be).
built=${CARGO_TARGET_DIR:-target}/release/parlour
sum=$(sha256sum "$built" | cut -c1-12)
new=$root/target/outside/$sum/parlour
if [ ! -x "$new" ]; then
  mkdir -p "$(dirname "$new")"
  cp "$built" "$new.tmp-$$" && mv "$new.tmp-$$" "$new"
fi
limit=${OUT_LIMIT:-movetime=100}
hash=${OUT_HASH:-64}
# shellcheck disable=SC2086
"$new" match --game checkers \
  --engine "hub:$new hub --threads 1 --hash $hash ${OUT_NEW:-},$limit,name=parlour" \
  --engine "hub:$opponent,$limit,name=$name" "$@"
