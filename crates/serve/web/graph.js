// The score graph over a game: one point a position, from Black's view
// (up: Black better), squashed so that a won position sits near the
// edge; annotated mistakes marked; a click goes to that position.

const NS = 'http://www.w3.org/2000/svg';
const W = 600, H = 140, PAD = 8;

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent.appendChild(node);
  return node;
}

/** A score (hundredths, Black's view) as a height from -1 to 1. */
const squash = (s) => Math.tanh(s / 300);

/**
 * Draws `scores` (one per position, `null` where unknown) and `marks`
 * (one per ply: '', '?' or '??') into `host`, the position `current`
 * ringed; `go(k)` is called with a position clicked.
 */
export function drawGraph(host, { scores, marks, current, go }) {
  host.replaceChildren();
  const known = scores.some((s) => s !== null && s !== undefined);
  host.hidden = !known;
  if (!known) return;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'graph-svg', role: 'img' }, host);
  const n = Math.max(scores.length - 1, 1);
  const x = (k) => PAD + ((W - 2 * PAD) * k) / n;
  const y = (s) => H / 2 - (H / 2 - PAD) * squash(s);
  el('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'black-half' }, svg);
  el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'axis' }, svg);
  const pts = [];
  scores.forEach((s, k) => { if (s !== null && s !== undefined) pts.push([x(k), y(s), k]); });
  el('polyline', { points: pts.map(([a, b]) => `${a},${b}`).join(' '), class: 'curve' }, svg);
  svg.setAttribute('aria-label', `Scores of ${pts.length} positions, from Black's view`);
  for (const [a, b, k] of pts) {
    const mark = k > 0 ? marks[k - 1] || '' : '';
    const cls = `dot${mark === '??' ? ' blunder' : mark === '?' ? ' mistake' : ''}${k === current ? ' current' : ''}`;
    const dot = el('circle', { cx: a, cy: b, r: k === current || mark ? 5 : 3, class: cls, 'data-ply': k }, svg);
    dot.addEventListener('click', () => go(k));
  }
  svg.addEventListener('click', (e) => {
    if (e.target.tagName === 'circle') return;
    const box = svg.getBoundingClientRect();
    const k = Math.round(((e.clientX - box.left) / box.width * W - PAD) / (W - 2 * PAD) * n);
    go(Math.max(0, Math.min(scores.length - 1, k)));
  });
}
