// The board: any game's board drawn in SVG from the server's view of it
// (a chequered grid of squares, or points joined by lines), its pieces,
// marks, the squares a player may go to, the last move and the engine's
// arrow. It knows no game: it reports which point a person clicked,
// dragged to, or chose with the keys, and the page decides what that
// means.

const NS = 'http://www.w3.org/2000/svg';
/** Pixels of the SVG's own units to one board unit. */
const U = 100;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** A crown across a disc of radius `r` at (x, y). */
function crown(parent, x, y, r, ink) {
  const w = r * 0.95, h = r * 0.6;
  const [l, rt, b, t] = [x - w / 2, x + w / 2, y + h / 2, y - h / 2];
  const d = `M${l},${b} L${l},${t} L${x - w / 4},${y - h * 0.05} L${x},${y - h * 0.75} ` +
    `L${x + w / 4},${y - h * 0.05} L${rt},${t} L${rt},${b} z`;
  el('path', { d, fill: ink, class: 'crown' }, parent);
}

export class Board {
  /**
   * `host`: the element the board fills. `handlers.point(n)`: a point
   * was clicked or chosen; `handlers.drag(from, to)`: a piece was
   * dragged from one point to another. A board that only shows a game
   * (`interactive: false`) leaves the arrow keys to the page.
   */
  constructor(host, handlers, { interactive = true } = {}) {
    this.host = host;
    this.handlers = handlers;
    this.interactive = interactive;
    this.flipped = false;
    this.view = null;
    this.decor = { selected: null, targets: [], sources: [], choices: [], last: null, arrows: [] };
    this.cursor = null;
    this.svg = el('svg', { class: 'board-svg', role: 'img' });
    host.appendChild(this.svg);
    host.addEventListener('keydown', (e) => this.key(e));
    this.svg.addEventListener('pointerdown', (e) => this.down(e));
    this.svg.addEventListener('pointermove', (e) => this.move(e));
    this.svg.addEventListener('pointerup', (e) => this.up(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
  }

  /** Draws `view` (the server's board) with `decor`. */
  show(view, decor = {}) {
    this.view = view;
    this.decor = { selected: null, targets: [], sources: [], choices: [], last: null, arrows: [], ...decor };
    this.points = new Map(view.points.map((p) => [p.n, p]));
    if (this.cursor !== null && !this.points.has(this.cursor)) this.cursor = null;
    this.draw();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    if (this.view) this.draw();
  }

  /** A point's place in SVG units, the board turned round if flipped. */
  at(n) {
    const p = this.points.get(n);
    const [w, h] = [this.view.width, this.view.height];
    const [x, y] = this.flipped ? [w - p.x, h - p.y] : [p.x, p.y];
    return [x * U, y * U];
  }

  draw() {
    const v = this.view;
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${v.width * U} ${v.height * U}`);
    svg.setAttribute('aria-label', this.describe());
    svg.dataset.shape = v.shape;
    if (v.shape === 'squares') this.drawSquares(); else this.drawLines();
    this.drawDecor();
    this.drawPieces();
    this.drawArrows();
    this.drawCursor();
  }

  drawSquares() {
    const v = this.view;
    const g = el('g', { class: 'ground' }, this.svg);
    el('rect', { x: 0, y: 0, width: v.width * U, height: v.height * U, class: 'light' }, g);
    for (const p of v.points) {
      const [x, y] = this.at(p.n);
      el('rect', { x: x - U / 2, y: y - U / 2, width: U, height: U, class: 'dark', 'data-point': p.n }, g);
      const label = el('text', { x: x - U / 2 + 6, y: y - U / 2 + 20, class: 'number' }, g);
      label.textContent = p.n;
    }
  }

  drawLines() {
    const v = this.view;
    const g = el('g', { class: 'ground' }, this.svg);
    el('rect', { x: 0, y: 0, width: v.width * U, height: v.height * U, class: 'paper', rx: 18 }, g);
    for (const [a, b] of v.links) {
      const [x1, y1] = this.at(a);
      const [x2, y2] = this.at(b);
      el('line', { x1, y1, x2, y2, class: 'link' }, g);
    }
    for (const p of v.points) {
      const [x, y] = this.at(p.n);
      el('circle', { cx: x, cy: y, r: 9, class: 'hole', 'data-point': p.n }, g);
      const label = el('text', { x: x + 14, y: y + 30, class: 'number' }, g);
      label.textContent = p.n;
    }
  }

  radius() {
    return this.view.shape === 'squares' ? U * 0.38 : U * 0.27;
  }

  drawDecor() {
    const d = this.decor;
    const g = el('g', { class: 'decor' }, this.svg);
    const half = this.view.shape === 'squares' ? U / 2 : U * 0.36;
    const box = (n, cls) => {
      const [x, y] = this.at(n);
      if (this.view.shape === 'squares') {
        el('rect', { x: x - half, y: y - half, width: 2 * half, height: 2 * half, class: cls, 'data-point': n }, g);
      } else {
        el('circle', { cx: x, cy: y, r: half, class: cls, 'data-point': n }, g);
      }
    };
    if (d.last) for (const n of d.last) box(n, 'last');
    if (d.selected !== null) box(d.selected, 'selected');
    for (const m of this.view.marks) {
      const [x, y] = this.at(m.point);
      el('circle', { cx: x, cy: y, r: this.radius() + 9, class: `mark ${m.kind}`, 'data-point': m.point }, g);
    }
    for (const n of d.targets) {
      const [x, y] = this.at(n);
      el('circle', { cx: x, cy: y, r: U * 0.14, class: 'target', 'data-point': n }, g);
    }
    for (const n of d.choices) {
      const [x, y] = this.at(n);
      el('circle', { cx: x, cy: y, r: this.radius() + 14, class: 'choice-ring', 'data-point': n }, g);
    }
  }

  drawPieces() {
    const g = el('g', { class: 'pieces' }, this.svg);
    const sources = new Set(this.decor.sources);
    for (const p of this.view.pieces) {
      if (this.dragging && this.dragging.from === p.point) continue;
      const [x, y] = this.at(p.point);
      this.piece(g, x, y, p, sources.has(p.point));
    }
  }

  /** A piece drawn at (x, y). */
  piece(parent, x, y, p, movable = false) {
    const king = p.kind === 'king';
    const r = this.radius() * (this.view.shape === 'lines' && king ? 1.2 : 1);
    const cls = `piece ${p.side} ${p.kind}${movable ? ' movable' : ''}`;
    const g = el('g', { class: cls, 'data-point': p.point ?? '' }, parent);
    el('circle', { cx: x, cy: y + r * 0.08, r, class: 'shadow' }, g);
    el('circle', { cx: x, cy: y, r, class: 'disc' }, g);
    el('circle', { cx: x, cy: y, r: r * 0.72, class: 'ring' }, g);
    if (king) crown(g, x, y, r, p.side === 'black' ? '#f0d98a' : '#8a6414');
    return g;
  }

  drawArrows() {
    const g = el('g', { class: 'arrows' }, this.svg);
    const defs = el('defs', {}, g);
    const marker = el('marker', {
      id: 'head', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto',
    }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'head' }, marker);
    for (const [i, a] of this.decor.arrows.entries()) {
      const pts = (a.from !== null && a.from !== undefined ? [a.from, ...a.path] : a.path).map((n) => this.at(n));
      if (pts.length === 1) {
        el('circle', { cx: pts[0][0], cy: pts[0][1], r: this.radius() + 6, class: `arrow place${i ? '' : ' best'}` }, g);
      } else if (pts.length > 1) {
        el('polyline', {
          points: pts.map((p) => p.join(',')).join(' '),
          class: `arrow${i ? '' : ' best'}`,
          'marker-end': 'url(#head)',
          'data-from': a.from ?? '',
          'data-to': a.path[a.path.length - 1],
        }, g);
      }
    }
  }

  drawCursor() {
    if (this.cursor === null || document.activeElement !== this.host) return;
    const [x, y] = this.at(this.cursor);
    el('circle', { cx: x, cy: y, r: this.radius() + 4, class: 'cursor', 'data-point': this.cursor }, this.svg);
  }

  /** What the board shows, for a screen reader. */
  describe() {
    const v = this.view;
    const list = (side) => v.pieces.filter((p) => p.side === side)
      .map((p) => (p.kind === 'king' ? `K${p.point}` : p.point)).join(', ') || 'none';
    return `Black: ${list('black')}. White: ${list('white')}.`;
  }

  /** The point under a pointer event, if near one. */
  pointAt(e) {
    if (!this.view) return null;
    const box = this.svg.getBoundingClientRect();
    const scale = (this.view.width * U) / box.width;
    const x = (e.clientX - box.left) * scale;
    const y = (e.clientY - box.top) * scale;
    let best = null;
    let dist = Infinity;
    for (const p of this.view.points) {
      const [px, py] = this.at(p.n);
      const d = Math.hypot(px - x, py - y);
      if (d < dist) [best, dist] = [p.n, d];
    }
    const reach = this.view.shape === 'squares' ? U * 0.72 : U * 0.48;
    return dist <= reach ? best : null;
  }

  down(e) {
    const n = this.pointAt(e);
    if (n === null) return;
    e.preventDefault();
    this.host.focus({ preventScroll: true });
    const piece = this.view.pieces.find((p) => p.point === n);
    if (piece && this.decor.sources.includes(n)) {
      this.press = { from: n, x: e.clientX, y: e.clientY, piece, id: e.pointerId };
      this.svg.setPointerCapture(e.pointerId);
    } else {
      this.press = null;
      this.handlers.point(n);
    }
  }

  move(e) {
    if (!this.press) return;
    const far = Math.hypot(e.clientX - this.press.x, e.clientY - this.press.y) > 6;
    if (!this.dragging && far) {
      this.dragging = { from: this.press.from };
      this.handlers.point(this.press.from);
    }
    if (this.dragging) {
      const box = this.svg.getBoundingClientRect();
      const scale = (this.view.width * U) / box.width;
      const x = (e.clientX - box.left) * scale;
      const y = (e.clientY - box.top) * scale;
      this.svg.querySelector('.ghost')?.remove();
      const ghost = this.piece(this.svg, x, y, this.press.piece);
      ghost.classList.add('ghost');
    }
  }

  up(e) {
    const press = this.press;
    this.press = null;
    if (!press) return;
    if (this.dragging) {
      this.dragging = null;
      this.svg.querySelector('.ghost')?.remove();
      const to = this.pointAt(e);
      if (to !== null && to !== press.from) this.handlers.drag(press.from, to);
      else this.draw();
    } else {
      this.handlers.point(press.from);
    }
  }

  cancelDrag() {
    this.press = null;
    if (this.dragging) {
      this.dragging = null;
      this.draw();
    }
  }

  /** Arrow keys move a cursor from point to point; Enter or Space chooses it. */
  key(e) {
    if (!this.view || !this.interactive) return;
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key in dirs) {
      e.preventDefault();
      e.stopPropagation();
      if (this.cursor === null) {
        this.cursor = this.decor.selected ?? this.decor.sources[0] ?? this.view.points[0].n;
      } else {
        this.cursor = this.step(this.cursor, dirs[e.key]);
      }
      this.draw();
    } else if ((e.key === 'Enter' || e.key === ' ') && this.cursor !== null) {
      e.preventDefault();
      e.stopPropagation();
      this.handlers.point(this.cursor);
    }
  }

  /** The nearest point from `n` in the direction (dx, dy) on the screen. */
  step(n, [dx, dy]) {
    const [x0, y0] = this.at(n);
    let best = n;
    let score = Infinity;
    for (const p of this.view.points) {
      if (p.n === n) continue;
      const [x, y] = this.at(p.n);
      const along = (x - x0) * dx + (y - y0) * dy;
      if (along <= 1) continue;
      const across = Math.abs((x - x0) * dy - (y - y0) * dx);
      const s = along + across / 2;
      if (s < score) [best, score] = [p.n, s];
    }
    return best;
  }
}
