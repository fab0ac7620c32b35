#!/usr/bin/env bash
# Tests tools/slurm/match.sbatch on a one-node Slurm cluster started here
# from Debian's packages (slurm-wlm, munge): munged, slurmctld and slurmd on
# localhost with a generated slurm.conf, in a scratch folder. It plays a
# tiny fixed-depth match whole, submits the same match as a 4-task array
# job (one shard each), waits for it, and checks that `parlour report` of
# the four results prints the same tables and merges the same games; then
# a 4-share perft (perft.sbatch), a 2-task self-play (selfplay.sbatch), a
# 2-share opening book (book.sbatch) and a 2-share tuning (tune.sbatch) the
# same way.
#
#   tools/slurm/test-local.sh [--install] PATH/TO/parlour
#
# Needs root: it starts the daemons (and stops what it started, by pid).
# With --install it installs slurm-wlm and munge with apt-get when they
# are missing. Exits 77 (a skip), saying why, only when it cannot run here
# at all: not root, or the packages missing with no --install or no
# apt-get. An install that was tried and failed exits 1, as any failure.
# tools/slurm/test-exits.sh tests these exits.
set -euo pipefail

skip() {
  echo "SKIPPED: the Slurm test cannot run here: $*"
  exit 77
}

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

install=no
if [ "${1:-}" = --install ]; then
  install=yes
  shift
fi
[ $# -eq 1 ] || { echo "usage: $0 [--install] PATH/TO/parlour" >&2; exit 2; }
parlour=$(realpath "$1")
[ -x "$parlour" ] || { echo "$0: no parlour binary at $1" >&2; exit 2; }
sbatch_script=$(cd "$(dirname "$0")" && pwd)/match.sbatch

[ "$(id -u)" -eq 0 ] || skip "it starts munged, slurmctld and slurmd, which needs root"
have_slurm() {
  for tool in munged slurmctld slurmd sbatch sinfo scontrol; do
    command -v "$tool" >/dev/null 2>&1 || return 1
  done
}
if ! have_slurm; then
  [ "$install" = yes ] || skip "slurm-wlm and munge are not installed (pass --install)"
  command -v apt-get >/dev/null 2>&1 || skip "slurm-wlm and munge are missing and there is no apt-get"
  echo "installing slurm-wlm and munge (apt-get)"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends slurm-wlm munge; } >/dev/null ||
    fail "apt-get could not install slurm-wlm and munge (see its messages above)"
  have_slurm || fail "slurm-wlm and munge installed, but their programs are not on PATH"
fi

work=$(mktemp -d /tmp/parlour-slurm.XXXXXX)
pids=()
cleanup() {
  local status=$?
  # Only what this script started, newest first.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null || true
    wait "${pids[i]}" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    for log in "$work"/*.log "$work"/out/*.log; do
      [ -f "$log" ] && { echo "== $log"; tail -n 20 "$log"; }
    done
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# munge authenticates Slurm's messages. Its key comes with the package
# (made here if missing); /run/munge must exist before munged starts.
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
  if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key
    chown munge:munge /etc/munge/munge.key
    chmod 0400 /etc/munge/munge.key
  fi
  mkdir -p /run/munge /var/lib/munge /var/log/munge
  chown munge:munge /run/munge /var/lib/munge /var/log/munge
  chmod 0755 /run/munge
  setpriv --reuid=munge --regid=munge --init-groups munged --foreground >"$work/munged.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do
    munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1 && break
    sleep 0.1
  done
  munge -n </dev/null | unmunge >/dev/null || { echo "munged did not start" >&2; exit 1; }
fi

# A cluster of this one machine, on ports of its own.
node=$(hostname -s)
port=${PARLOUR_SLURM_PORT:-16817}
mkdir -p "$work/state" "$work/spool" "$work/out"
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=parlour-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=500 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -i -f "$SLURM_CONF" >"$work/slurmctld.out.log" 2>&1 &
pids+=($!)
slurmd -D -N "$node" -f "$SLURM_CONF" >"$work/slurmd.out.log" 2>&1 &
pids+=($!)
state=
for _ in $(seq 120); do
  state=$(sinfo -h -N -n "$node" -o %T 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || { echo "the node is not idle but '${state:-unreachable}'" >&2; exit 1; }
echo "a one-node Slurm cluster is up ($node, ports $port and $((port + 1)))"

# The tiny match: two fixed-depth searchers, one game at a time each, so
# that every game depends on its index alone.
flags=(--engine search:depth=3,name=deep --engine search:depth=1,name=shallow
  --rounds 4 --seed 5 --concurrency 1 --quiet)
"$parlour" match "${flags[@]}" --results "$work/whole.jsonl" --pdn "$work/whole.pdn" \
  >"$work/whole.txt"

started=$(date +%s)
PARLOUR=$parlour sbatch --wait --array=1-4 --chdir="$work" \
  --output="$work/out/shard-%a.log" "$sbatch_script" "$work/shards" "${flags[@]}" \
  >"$work/sbatch.out"
echo "the 4-task array job ended in $(($(date +%s) - started)) s: $(cat "$work/sbatch.out")"

"$parlour" report "$work"/shards/shard-*-of-4.jsonl --pdn "$work/merged.pdn" >"$work/merged.txt"
if ! diff -u "$work/whole.txt" "$work/merged.txt"; then
  echo "FAILED: parlour report of the 4 shards differs from the whole match" >&2
  exit 1
fi
# The whole match at one game at a time writes its games in order, as
# the report does; the dates may differ across midnight, and the time each
# move took (the `0.003s` of a `{+0.17/3 0.003s}` comment) from run to run.
same_games() { grep -v '^\[Date ' "$1" | sed -E 's/[0-9]+\.[0-9]{3}s\}/Ts}/g'; }
if ! diff -u <(same_games "$work/whole.pdn") <(same_games "$work/merged.pdn"); then
  echo "FAILED: the merged PDN differs from the whole match's" >&2
  exit 1
fi
cat "$work/merged.txt"
echo "passed: 4 Slurm shards merge into the whole match ($(grep -c '^\[Event ' "$work/merged.pdn") games)"

# ---- The perft array job (tools/slurm/perft.sbatch): a 4-share perft on
# the same cluster, merged with `parlour perft --merge`, must print the
# count the whole run prints.
perft_sbatch=$(dirname "$sbatch_script")/perft.sbatch
perft_flags=(--depth 9 --hash 16)
whole_perft=$("$parlour" perft "${perft_flags[@]}" --threads 1 2>/dev/null | cut -d' ' -f1-2)
started=$(date +%s)
PARLOUR=$parlour sbatch --wait --array=1-4 --chdir="$work" \
  --output="$work/out/perft-%a.log" "$perft_sbatch" "$work/perft" "${perft_flags[@]}" \
  >"$work/sbatch-perft.out"
echo "the 4-task perft array job ended in $(($(date +%s) - started)) s: $(cat "$work/sbatch-perft.out")"
merged_perft=$("$parlour" perft --merge "$work"/perft/share-*-of-4.txt | cut -d' ' -f1-2)
if [ "$merged_perft" != "$whole_perft" ]; then
  echo "FAILED: the 4 perft shares merge to '$merged_perft', the whole run prints '$whole_perft'" >&2
  exit 1
fi
echo "passed: 4 Slurm perft shares merge into the whole count ($merged_perft)"
# Task 3 submitted again alone (an array of one): SHARES=4 tells it that
# it is share 3 of 4, so it counts its own share again, not the whole.
rm "$work"/perft/share-3-of-4.*
PARLOUR=$parlour SHARES=4 sbatch --wait --array=3 --chdir="$work" \
  --output="$work/out/perft-again-%a.log" "$perft_sbatch" "$work/perft" "${perft_flags[@]}" \
  >/dev/null
[ -f "$work/perft/share-3-of-4.txt" ] && [ ! -e "$work/perft/share-1-of-1.txt" ] ||
  fail "task 3 submitted alone did not write share 3 of 4: $(ls "$work"/perft)"
merged_perft=$("$parlour" perft --merge "$work"/perft/share-*-of-4.txt | cut -d' ' -f1-2)
[ "$merged_perft" = "$whole_perft" ] ||
  fail "with task 3 run again alone the shares merge to '$merged_perft', not '$whole_perft'"
echo "passed: task 3 submitted again alone (SHARES=4) counts share 3 of 4"
# ---- The self-play array job (tools/slurm/selfplay.sbatch): two tasks of
# four games each from base seed 7. Task 2 plays seed 8, so its file must
# be, byte for byte, the one a single run with seed 8 writes; task 1's must
# differ; and `parlour train` must take both files at once.
selfplay_sbatch=$(dirname "$sbatch_script")/selfplay.sbatch
selfplay_flags=(--games 4 --nodes 300 --concurrency 1)
"$parlour" selfplay "${selfplay_flags[@]}" --seed 8 --out "$work/seed8.bin" >/dev/null 2>&1
started=$(date +%s)
PARLOUR=$parlour sbatch --wait --array=1-2 --chdir="$work" \
  --output="$work/out/selfplay-%a.log" "$selfplay_sbatch" "$work/selfplay" \
  "${selfplay_flags[@]}" --seed 7 >"$work/sbatch-selfplay.out"
echo "the 2-task self-play array job ended in $(($(date +%s) - started)) s: $(cat "$work/sbatch-selfplay.out")"
cmp "$work/selfplay/selfplay-2.bin" "$work/seed8.bin" ||
  fail "task 2's file is not the file a single run with seed 8 writes"
if cmp -s "$work/selfplay/selfplay-1.bin" "$work/selfplay/selfplay-2.bin"; then
  fail "tasks 1 and 2 wrote the same games"
fi
"$parlour" train --data "$work"/selfplay/selfplay-*.bin --out "$work/selfplay.weights" \
  --epochs 1 >"$work/train.log" 2>&1 || fail "parlour train did not read the tasks' files"
echo "passed: 2 Slurm self-play tasks play seeds 7 and 8, and train reads both"
# Task 2 submitted again alone, its file gone: SHARES=2 makes it task 2
# again, seed 8, not the array of one's first task.
rm "$work/selfplay/selfplay-2.bin"
PARLOUR=$parlour SHARES=2 sbatch --wait --array=2 --chdir="$work" \
  --output="$work/out/selfplay-again-%a.log" "$selfplay_sbatch" "$work/selfplay" \
  "${selfplay_flags[@]}" --seed 7 >/dev/null
cmp "$work/selfplay/selfplay-2.bin" "$work/seed8.bin" ||
  fail "task 2 submitted alone did not play seed 8 again"
echo "passed: self-play task 2 submitted again alone (SHARES=2) plays seed 8"
# ---- The book array job (tools/slurm/book.sbatch): 51 roots (the start
# and the `tough` deck's openings) grown in two shares and merged must be,
# byte for byte, the book one run builds; run again, the tasks go on from
# their shares.
book_sbatch=$(dirname "$sbatch_script")/book.sbatch
book_flags=(--roots start,tough --size 4 --depth 3)
"$parlour" book build "${book_flags[@]}" --out "$work/whole.book" >/dev/null 2>&1
started=$(date +%s)
PARLOUR=$parlour sbatch --wait --array=1-2 --chdir="$work" \
  --output="$work/out/book-%a.log" "$book_sbatch" "$work/book" "${book_flags[@]}" \
  >"$work/sbatch-book.out"
echo "the 2-task book array job ended in $(($(date +%s) - started)) s: $(cat "$work/sbatch-book.out")"
"$parlour" book merge --out "$work/merged.book" "$work"/book/share-*-of-2.book 2>/dev/null
cmp "$work/merged.book" "$work/whole.book" ||
  fail "the 2 book shares merged are not the book one run builds"
# The array run again with a larger size: each task goes on from its
# share, and the merge is the one-run book of that size.
PARLOUR=$parlour sbatch --wait --array=1-2 --chdir="$work" \
  --output="$work/out/book-again-%a.log" "$book_sbatch" "$work/book" \
  --roots start,tough --size 5 --depth 3 >/dev/null
"$parlour" book merge --out "$work/merged-5.book" "$work"/book/share-*-of-2.book 2>/dev/null
"$parlour" book build --roots start,tough --size 5 --depth 3 --out "$work/whole-5.book" >/dev/null 2>&1
cmp "$work/merged-5.book" "$work/whole-5.book" ||
  fail "the array run again with --size 5 does not merge into the one-run book of size 5"
echo "passed: 2 Slurm book shares merge into the one-run book, and grow on when run again"
# ---- The tuning array job (tools/slurm/tune.sbatch): two shares of a
# tiny SPSA run, each its own directions; `tune show` averages them; run
# again, the tasks find their runs done and write nothing. The engine is a
# stand-in for a `--features tune` build: it refuses a setting that is no
# parameter, as such a build does, and plays as this parlour's hub.
tune_sbatch=$(dirname "$sbatch_script")/tune.sbatch
cat >"$work/tune-engine" <<ENGINE
#!$BASH
case \${PARLOUR_TUNE:-} in *not_a_parameter*) exit 2 ;; esac
exec "$parlour" hub "\$@"
ENGINE
chmod +x "$work/tune-engine"
tune_flags=(--engine "$work/tune-engine" --pairs 2 --limit depth=2 --concurrency 1
  --params rfp_margin,lmr_base)
started=$(date +%s)
PARLOUR=$parlour sbatch --wait --array=1-2 --chdir="$work" \
  --output="$work/out/tune-%a.log" "$tune_sbatch" "$work/tune" "${tune_flags[@]}" \
  >"$work/sbatch-tune.out"
echo "the 2-task tuning array job ended in $(($(date +%s) - started)) s: $(cat "$work/sbatch-tune.out")"
for k in 1 2; do
  [ "$(wc -l <"$work/tune/share-$k-of-2.jsonl")" -eq 3 ] ||
    fail "tuning share $k does not hold its header and 2 batches"
done
if [ "$(head -1 "$work/tune/share-1-of-2.jsonl")" = "$(head -1 "$work/tune/share-2-of-2.jsonl")" ]; then
  fail "the 2 tuning shares have the same seed"
fi
"$parlour" tune show "$work"/tune/share-*-of-2.jsonl >"$work/tune-show.txt" ||
  fail "parlour tune show did not read the shares"
grep -q "run 2 (2)" "$work/tune-show.txt" || fail "tune show does not show both shares"
cat "$work"/tune/share-*-of-2.jsonl >"$work/tune-before.jsonl"
PARLOUR=$parlour sbatch --wait --array=1-2 --chdir="$work" \
  --output="$work/out/tune-again-%a.log" "$tune_sbatch" "$work/tune" "${tune_flags[@]}" >/dev/null
cat "$work"/tune/share-*-of-2.jsonl | cmp - "$work/tune-before.jsonl" ||
  fail "the tuning array run again changed runs that were done"
echo "passed: 2 Slurm tuning shares run, tune show averages them, and a second run adds nothing"
