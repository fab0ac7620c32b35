// The position editor: a palette of pieces to put on the board or take
// off it, the side to move, the counts a side holds off the board, and
// the position's text in and out. The game checks what is set up (the
// server's compose route), so the editor knows no rule.

import { post } from './api.js';

const TOOLS = [
  { id: 'black-man', side: 'black', kind: 'man', label: 'Black man' },
  { id: 'black-king', side: 'black', kind: 'king', label: 'Black king' },
  { id: 'white-man', side: 'white', kind: 'man', label: 'White man' },
  { id: 'white-king', side: 'white', kind: 'king', label: 'White king' },
  { id: 'erase', side: null, kind: null, label: 'Take off' },
];

export class Editor {
  /** `els`: the editor's elements; `onSet(reply)`: a start was set. */
  constructor(els, onSet, onError) {
    this.els = els;
    this.onSet = onSet;
    this.onError = onError;
    this.tool = TOOLS[0];
    this.pieces = [];
    this.stock = [];
    for (const tool of TOOLS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `tool ${tool.id}`;
      b.textContent = tool.label;
      b.dataset.tool = tool.id;
      b.setAttribute('aria-pressed', tool === this.tool);
      b.addEventListener('click', () => this.choose(tool));
      els.palette.appendChild(b);
    }
    els.fenSet.addEventListener('click', () => this.readText());
    els.clear.addEventListener('click', () => { this.pieces = []; this.changed(); });
    els.side.addEventListener('change', () => this.changed());
  }

  choose(tool) {
    this.tool = tool;
    for (const b of this.els.palette.children) b.setAttribute('aria-pressed', b.dataset.tool === tool.id);
  }

  /** Starts editing the position `reply` shows. */
  open(reply, game, rules) {
    this.game = game;
    this.rules = rules;
    this.pieces = reply.board.pieces.map((p) => ({ ...p }));
    this.stock = reply.board.stock.map((s) => ({ ...s }));
    this.els.side.value = reply.side;
    this.els.fen.value = reply.text;
    this.drawStock();
    this.reply = reply;
  }

  drawStock() {
    const box = this.els.stock;
    box.replaceChildren();
    for (const s of this.stock) {
      const label = document.createElement('label');
      label.textContent = `${s.side} ${s.label} `;
      const input = document.createElement('input');
      Object.assign(input, { type: 'number', min: 0, max: 99, value: s.count });
      input.addEventListener('change', () => { s.count = Math.max(0, Number(input.value) || 0); this.changed(); });
      label.appendChild(input);
      box.appendChild(label);
    }
  }

  /** A point clicked on the board while editing. */
  point(n) {
    const here = this.pieces.findIndex((p) => p.point === n);
    const t = this.tool;
    const same = here >= 0 && this.pieces[here].side === t.side && this.pieces[here].kind === t.kind;
    if (here >= 0) this.pieces.splice(here, 1);
    if (t.side && !same) this.pieces.push({ point: n, side: t.side, kind: t.kind });
    this.changed();
  }

  /** Reads what is set up through the game; a position it refuses is shown, not kept. */
  async changed() {
    const request = {
      game: this.game,
      rules: this.rules,
      pieces: this.pieces,
      side: this.els.side.value,
      stock: this.stock.map(({ side, label, count }) => ({ side, label, count })),
    };
    this.els.problem.textContent = '';
    try {
      const reply = await post('/api/compose', request);
      this.reply = reply;
      this.els.fen.value = reply.text;
      this.onSet(reply, false);
    } catch (e) {
      this.els.problem.textContent = e.message;
      this.onSet({ ...this.reply, board: { ...this.reply.board, pieces: this.pieces } }, false);
    }
  }

  /** Reads the position's text typed or pasted in. */
  async readText() {
    this.els.problem.textContent = '';
    try {
      const reply = await post('/api/position', { game: this.game, rules: this.rules, start: this.els.fen.value.trim() });
      this.open(reply, this.game, this.rules);
      this.onSet(reply, true);
    } catch (e) {
      this.els.problem.textContent = e.message;
      this.onError?.(e);
    }
  }
}
