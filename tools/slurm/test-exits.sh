#!/usr/bin/env bash
# Tests tools/slurm/test-local.sh's exit statuses without Slurm, root or a
# network: each case runs it with a PATH of stand-ins (an `id` that says
# root or not, an `apt-get` that fails or does nothing) and checks the
# status and the line that says why. A skip (77) is only for a machine
# where the test cannot run at all; an install that fails is a failure.
# Last, .ci/run itself (a scratch copy, cargo a no-op) with apt-get
# failing must stop at its Slurm step. Run by .ci/run; takes about a second.
#
#   tools/slurm/test-exits.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
script=$here/test-local.sh
work=$(mktemp -d /tmp/parlour-slurm-exits.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0

# A folder of stand-ins: `id -u` prints $1; apt-get, when given, is a
# script with body $2. The tools the script needs before it installs
# anything are linked in; no Slurm program is on this PATH.
stand_ins() {
  local bin=$work/bin-$RANDOM$RANDOM
  mkdir -p "$bin"
  for tool in realpath dirname; do
    ln -s "$(command -v "$tool")" "$bin/$tool"
  done
  printf '#!%s\necho %s\n' "$BASH" "$1" >"$bin/id"
  if [ -n "${2:-}" ]; then
    printf '#!%s\n%s\n' "$BASH" "$2" >"$bin/apt-get"
  fi
  chmod +x "$bin"/*
  echo "$bin"
}

# expect NAME STATUS LINE BIN COMMAND...: COMMAND on PATH=BIN exits
# STATUS and prints LINE (stdout and stderr together).
expect() {
  local name=$1 status=$2 line=$3 bin=$4
  shift 4
  local out got=0
  out=$(PATH=$bin "$@" 2>&1) || got=$?
  if [ "$got" -ne "$status" ] || ! grep -qxF -- "$line" <<<"$out"; then
    echo "FAILED: $name: exit $got (expected $status), output:" >&2
    sed 's/^/  | /' <<<"$out" >&2
    echo "  expected the line: $line" >&2
    failures=$((failures + 1))
  else
    echo "ok: $name: exit $got"
  fi
}

binary=$(type -P true)
run=("$BASH" "$script")
cannot="SKIPPED: the Slurm test cannot run here:"
apt_fails='echo "E: Unable to locate package slurm-wlm" >&2; exit 100'
failed_install="FAILED: apt-get could not install slurm-wlm and munge (see its messages above)"
expect "not root" 77 "$cannot it starts munged, slurmctld and slurmd, which needs root" \
  "$(stand_ins 1000)" "${run[@]}" --install "$binary"
expect "no packages, no --install" 77 "$cannot slurm-wlm and munge are not installed (pass --install)" \
  "$(stand_ins 0)" "${run[@]}" "$binary"
expect "no packages, no apt-get" 77 "$cannot slurm-wlm and munge are missing and there is no apt-get" \
  "$(stand_ins 0)" "${run[@]}" --install "$binary"
expect "apt-get fails" 1 "$failed_install" "$(stand_ins 0 "$apt_fails")" "${run[@]}" --install "$binary"
expect "apt-get installs nothing" 1 "FAILED: slurm-wlm and munge installed, but their programs are not on PATH" \
  "$(stand_ins 0 'exit 0')" "${run[@]}" --install "$binary"
expect "no binary named" 2 "usage: $script [--install] PATH/TO/parlour" "$(stand_ins 0)" "${run[@]}" --install

# .ci/run up to its Slurm step, in a scratch copy of the repository's
# scripts: cargo a no-op, parlour a stand-in, this test a stub (so that it
# does not run itself), apt-get failing. It must stop at the Slurm step.
repo=$work/repo
mkdir -p "$repo/.ci" "$repo/tools/slurm" "$repo/target/release"
cp "$here/../../.ci/run" "$repo/.ci/run"
cp "$script" "$here/match.sbatch" "$repo/tools/slurm/"
printf '#!%s\nexit 0\n' "$BASH" >"$repo/tools/slurm/test-exits.sh"
ln -s "$binary" "$repo/target/release/parlour"
bin=$(stand_ins 0 "$apt_fails")
printf '#!%s\nexit 0\n' "$BASH" >"$bin/cargo"
chmod +x "$bin/cargo" "$repo/tools/slurm/test-exits.sh"
for tool in bash date mktemp tee sed head rm; do
  ln -s "$(command -v "$tool")" "$bin/$tool"
done
expect ".ci/run with apt-get failing" 1 "FAILED: slurm (tools/slurm/test-local.sh) (exit status 1)" \
  "$bin" "$BASH" "$repo/.ci/run"

if [ "$failures" -ne 0 ]; then
  echo "FAILED: $failures case(s) of tools/slurm/test-local.sh's exits" >&2
  exit 1
fi
echo "passed: tools/slurm/test-local.sh skips only where it cannot run, and fails a failed install"
