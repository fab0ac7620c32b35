#!/usr/bin/env bash
# The deep english perft runs of docs/perft.md on one machine, timed: each
# depth's count and its root moves checked against the published ones
# (testdata/perft/english-deep.txt: OEIS A133046, Aart Bik's divides of
# depths 18-20), with wall and CPU time (user + system), peak memory and
# the machine's load before and after, into DIR/deep-perft.log.
#
#   tools/deep_perft.sh [--parlour PATH] [--dir DIR] [--threads T] [DEPTH...]
#
# DEPTH is 16, 18 or 20 (default: 20), with the table sizes of the
# performance table: --hash 2048, 4096 and 16384 MiB. On an idle 2-core
# machine depth 20 took 11.6 minutes and 16 GiB of memory (docs/perft.md,
# "Measured"): run it on an otherwise idle machine, since timing it is the
# point. Each depth
# keeps its finished units in DIR/english-DEPTH.results, so a run that
# was stopped (Ctrl-C, kill, reboot) goes on where it stopped when the
# script is run again; its time is then that of the last run only, and
# the log says so.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
parlour=parlour
dir=.
threads=$(nproc)
depths=()
while [ $# -gt 0 ]; do
  case $1 in
    --parlour) parlour=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    -h | --help) sed -n '2,18p' "$0"; exit 0 ;;
    *) depths+=("$1"); shift ;;
  esac
done
[ ${#depths[@]} -gt 0 ] || depths=(20)
table=$here/testdata/perft/english-deep.txt
mkdir -p "$dir"
log=$dir/deep-perft.log

hash_for() {
  case $1 in
    16) echo 2048 ;;
    18) echo 4096 ;;
    20) echo 16384 ;;
    *) echo "deep_perft.sh: depth $1 is not one of 16, 18, 20" >&2; exit 2 ;;
  esac
}

for depth in "${depths[@]}"; do
  hash=$(hash_for "$depth")
  results=$dir/english-$depth.results
  out=$dir/english-$depth.txt
  resumed=no
  [ -s "$results" ] && resumed=yes
  {
    echo "== english depth $depth, --hash $hash, --threads $threads ($(date -u +%FT%TZ))"
    echo "parlour: $("$parlour" --version)"
    echo "load before: $(uptime)"
    if [ "$resumed" = yes ]; then
      echo "resumed from $results: the time below is this run's only"
    fi
  } | tee -a "$log"
  /usr/bin/time -f "time: %e s wall, %U s user, %S s system, %M KB peak" -a -o "$log" \
    "$parlour" perft --depth "$depth" --hash "$hash" --threads "$threads" --divide \
    --results "$results" --resume >"$out"
  tail -n 1 "$log"
  echo "load after: $(uptime)" | tee -a "$log"
  expected=$(awk -v d="$depth" '$1 == d { print $2 }' "$table")
  got=$(tail -n 1 "$out" | cut -d' ' -f2)
  bad=0
  moves=0
  [ "$got" = "$expected" ] || bad=1
  while read -r _ d mv n; do
    [ "$d" = "$depth" ] || continue
    moves=$((moves + 1))
    grep -qx "$mv: $n" "$out" || { echo "root move $mv: not $n" | tee -a "$log"; bad=1; }
  done < <(grep '^divide ' "$table")
  if [ "$bad" = 0 ]; then
    echo "depth $depth: $got, as published (A133046); $moves root moves checked too" | tee -a "$log"
  else
    echo "depth $depth: $got DIFFERS from the published $expected" | tee -a "$log"
    exit 1
  fi
done
