#!/usr/bin/env bash
# The board's pages in a real browser: the browser tests of
# crates/serve/browser-tests (playwright-core from npm, installed with
# `npm ci` from its lock file, driving Debian's Chromium headless) run
# against `parlour serve` of the binary given. Screenshots go to
# SHOTS_DIR (default target/browser-shots).
#
#   tools/check_serve_browser.sh [--install] PATH/TO/parlour
#
# With --install it installs chromium (and node and npm, if missing) with
# apt-get, as CI does (it runs as root on Debian). A browser that cannot
# be had is a failure, never a skip.
set -euo pipefail

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
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  [ "$install" = yes ] || fail "missing ${missing[*]} (apt-get install them, or pass --install)"
  command -v apt-get >/dev/null 2>&1 || fail "missing ${missing[*]} and there is no apt-get"
  echo "installing ${missing[*]} (apt-get)"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends "${missing[@]}"; } >/dev/null ||
    fail "apt-get could not install ${missing[*]}"
fi
echo "$(chromium --version 2>/dev/null | head -n 1), node $(node --version)"

cd crates/serve/browser-tests
npm ci --no-audit --no-fund --loglevel=error
PARLOUR_BIN="$parlour" SHOTS_DIR="${SHOTS_DIR:-$OLDPWD/target/browser-shots}" npm test
