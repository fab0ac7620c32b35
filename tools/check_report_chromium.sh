#!/usr/bin/env bash
# Opens a generated match report in a real browser: headless Chromium
# (Debian's `chromium` package). It plays a short fixed-depth match with an
# SPRT, writes its report with `parlour report --html`, then has Chromium
#   - take a screenshot of the page (1200x2000) and checks that it is not
#     blank: many distinct colours, and a good share of pixels not white
#     (tools/png_colours.py, Python's standard library only);
#   - dump the DOM after the page's script ran, and checks that the page's
#     tables hold the numbers `parlour report` printed (the pairing's W, L,
#     D and Elo, the SPRT's LLR), that the charts are there, and that the
#     game viewer's script ran (its buttons shown);
#   - analyse a ballot game with `parlour analyse --html` and load that
#     page with a driver script appended that clicks a point of the score
#     graph and presses Right, End and Home, and check where the viewer
#     went, that the clicked point and its move are marked current and
#     that the last move is outlined on the board.
#
#   tools/check_report_chromium.sh [--install] [--keep DIR] PATH/TO/parlour
#
# With --install it installs chromium with apt-get when it is missing (CI
# runs as root on Debian). Chromium missing and not installable is a
# failure, never a skip. --keep DIR keeps the report, the screenshot and
# the DOM in DIR.
set -euo pipefail

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

install=no
keep=
while [ $# -gt 1 ]; do
  case $1 in
    --install) install=yes; shift ;;
    --keep) keep=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: $0 [--install] [--keep DIR] PATH/TO/parlour" >&2; exit 2; }
parlour=$(realpath "$1")
[ -x "$parlour" ] || { echo "$0: no parlour binary at $1" >&2; exit 2; }
tools=$(cd "$(dirname "$0")" && pwd)

if ! command -v chromium >/dev/null 2>&1; then
  [ "$install" = yes ] || fail "chromium is not installed (apt-get install chromium, or pass --install)"
  command -v apt-get >/dev/null 2>&1 || fail "chromium is missing and there is no apt-get to install it"
  echo "installing chromium (apt-get)"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends chromium; } >/dev/null ||
    fail "apt-get could not install chromium"
  command -v chromium >/dev/null 2>&1 || fail "chromium installed, but not on PATH"
fi
echo "$(chromium --version 2>/dev/null || echo chromium)"

work=$(mktemp -d)
profile=$(mktemp -d)
trap 'rm -rf "$work" "$profile"' EXIT
cd "$work"

sprt=0,50,0.05,0.05
"$parlour" match --engine search:depth=4,name=deep --engine search:depth=3,name=shallow \
  --rounds 4 --seed 11 --concurrency 1 --quiet --sprt "$sprt" --results r.jsonl >/dev/null
"$parlour" report r.jsonl --sprt "$sprt" --html report.html >report.txt
cat report.txt

# The pairing's row: Engine Opponent Games W L D Score Elo +/- ...
read -r engine opponent games wins losses draws score elo _ < <(grep '^deep ' report.txt)
[ "$opponent" = shallow ] || fail "no row of deep against shallow in parlour report's output"
llr=$(sed -n 's/.*: LLR \([-0-9.]*\) .*/\1/p' report.txt)
[ -n "$llr" ] || fail "no LLR in parlour report's output"

# browse [--page FILE] CHROMIUM-FLAGS...: opens report.html (or FILE).
browse() {
  local page=report.html
  if [ "$1" = --page ]; then page=$2; shift 2; fi
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" "$@" "file://$work/$page" 2>chromium.log ||
    { cat chromium.log >&2; fail "chromium $1 failed"; }
}

browse --screenshot="$work/report.png" --window-size=1200,2000
[ -s report.png ] || { cat chromium.log >&2; fail "chromium wrote no screenshot"; }
python3 "$tools/png_colours.py" report.png --min-colours 64 --min-inked 0.03 ||
  fail "the screenshot looks blank"

browse --dump-dom >dom.html
[ -s dom.html ] || fail "chromium dumped no DOM"
row="<td>$engine</td><td>$opponent</td><td class=\"n\">$games</td><td class=\"n\">$wins</td>\
<td class=\"n\">$losses</td><td class=\"n\">$draws</td><td class=\"n\">$score</td><td class=\"n\">$elo</td>"
grep -qF "$row" dom.html || fail "the page's pairings table does not hold $row"
grep -qF "LLR $llr " dom.html || fail "the page does not show the SPRT's LLR $llr"
for chart in elo-chart score-chart sprt-chart; do
  grep -qF "<svg class=\"$chart\"" dom.html || fail "no $chart in the page"
done
# The viewer's script shows its buttons (hidden without JavaScript).
grep -qF '<button data-step="1">' dom.html || fail "the game viewer's script did not run"
if grep -qF '<button hidden=""' dom.html; then fail "the game viewer's script did not run"; fi
# A game not opened shows its last position, the static picture.
grep -qF '<div class="picture"><svg' dom.html || fail "the game viewer has no static picture"
echo "the page holds $engine vs $opponent: $wins-$losses-$draws, Elo $elo, LLR $llr"

# The analysis page of a ballot game, driven by a script appended to it.
printf '[Event "ballot"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 12-16 *\n' >ballot.pdn
"$parlour" analyse ballot.pdn --depth 6 --threads 1 --html analysis.html >/dev/null 2>analyse.log ||
  { cat analyse.log >&2; fail "parlour analyse --html failed"; }
[ "$(grep -c '<circle class="point' analysis.html)" = 5 ] ||
  fail "the analysis page's graph has no point per ply"
cat >driver.js <<'END'
var s=document.querySelector('section.game'),out=[];
function at(){return s.querySelector('.ply').textContent;}
function key(k){document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true}));}
s.querySelector('circle[data-jump="3"]').dispatchEvent(new MouseEvent('click',{bubbles:true}));
out.push(at(),s.querySelectorAll('[data-jump].current').length);
key('ArrowRight');out.push(at(),s.querySelectorAll('.picture .last-move').length);
key('End');out.push(at());key('Home');out.push(at());
document.body.insertAdjacentHTML('beforeend','<pre id="drive">'+out.join('|')+'</pre>');
END
python3 -c 'page=open("analysis.html").read(); js=open("driver.js").read()
open("drive.html","w").write(page.replace("</body>","<script>"+js+"</script></body>"))'
browse --page drive.html --dump-dom >analysis-dom.html
want='ply 3 of 5|2|ply 4 of 5|2|ply 5 of 5|ply 0 of 5'
grep -qF "<pre id=\"drive\">$want</pre>" analysis-dom.html ||
  fail "the analysis page's viewer did not follow the clicks and keys: \
$(grep -o '<pre id="drive">[^<]*' analysis-dom.html || echo 'the driver did not run')"
echo "the analysis page's viewer follows a click on its graph and the keys"

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  cp report.html report.png dom.html analysis.html analysis-dom.html "$keep"/
fi
echo "OK: the report renders in Chromium and holds the match's numbers; the analysis page steps"
