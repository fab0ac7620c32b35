// The match page: the standings of the match the server follows
// (`--watch`), as `parlour report` gives them, and each game as it
// finishes, replayable; pushed by the server (server-sent events), so the
// page follows the match without a reload.

import { post } from './api.js';
import { Board } from './board.js';

const $ = (id) => document.getElementById(id);
const board = new Board($('board'), { point: () => {}, drag: () => {} }, { interactive: false });
const view = { game: null, ply: 0, seen: new Set(), first: true, seq: 0 };

function table(data, label) {
  const t = document.createElement('table');
  t.className = 'data';
  t.setAttribute('aria-label', label);
  const head = t.createTHead().insertRow();
  data.header.forEach((h, i) => {
    const th = document.createElement('th');
    th.textContent = h;
    if (data.right[i]) th.className = 'right';
    head.appendChild(th);
  });
  const body = t.createTBody();
  for (const row of data.rows) {
    const tr = body.insertRow();
    row.forEach((cell, i) => {
      const td = tr.insertCell();
      td.textContent = cell;
      if (data.right[i]) td.className = 'right';
    });
  }
  return t;
}

function render(snapshot) {
  $('file').textContent = snapshot.file;
  $('waiting').textContent = snapshot.waiting ? snapshot.waiting : '';
  $('played').textContent = snapshot.planned ? `${snapshot.played} of ${snapshot.planned} games` : '';
  $('played').dataset.played = snapshot.played;
  $('standings').replaceChildren(...(snapshot.standings.header.length ? [table(snapshot.standings, 'Standings')] : []));
  $('crosstable').replaceChildren(...(snapshot.crosstable ? [table(snapshot.crosstable, 'Crosstable')] : []));
  $('report').textContent = snapshot.text;
  const body = $('games');
  body.replaceChildren();
  const games = [...snapshot.games].sort((a, b) => b.order - a.order);
  for (const g of games) {
    const tr = body.insertRow();
    tr.className = 'game';
    tr.tabIndex = 0;
    tr.dataset.number = g.number;
    if (!view.first && !view.seen.has(g.number)) tr.classList.add('fresh');
    view.seen.add(g.number);
    for (const text of [g.number, g.black, g.white, g.result, g.reason, g.opening]) tr.insertCell().textContent = text;
    tr.setAttribute('aria-selected', view.game?.number === g.number);
    const open = () => choose(g);
    tr.addEventListener('click', open);
    tr.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(); } });
  }
  view.first = false;
  if (!view.game && games.length) choose(games[0], true);
}

function choose(game, quiet = false) {
  view.game = game;
  view.ply = game.position.moves.length;
  for (const tr of $('games').rows) tr.setAttribute('aria-selected', Number(tr.dataset.number) === game.number);
  $('viewer-caption').textContent = `Game ${game.number}: ${game.black} (Black) against ${game.white} (White), ${game.result}, ${game.reason}.`;
  drawMoves();
  show();
  if (!quiet) $('board').focus();
}

async function show() {
  const g = view.game;
  if (!g) return;
  const seq = ++view.seq;
  const reply = await post('/api/position', { ...g.position, moves: g.position.moves.slice(0, view.ply) });
  // Keys pressed quickly ask for several positions: only the last is drawn.
  if (seq !== view.seq) return;
  const last = reply.last ? [reply.last.from, ...reply.last.path].filter((n) => n !== null) : null;
  board.show(reply.board, { last });
  for (const b of document.querySelectorAll('#moves .move')) {
    if (Number(b.dataset.ply) === view.ply) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
  }
}

function drawMoves() {
  const list = $('moves');
  list.replaceChildren();
  const moves = view.game.position.moves;
  const first = (view.game.position.start || '').startsWith('W') ? 1 : 0;
  let item = null;
  moves.forEach((text, i) => {
    const k = i + first;
    if (k % 2 === 0 || !item) {
      item = document.createElement('li');
      item.value = Math.floor(k / 2) + 1;
      list.appendChild(item);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.dataset.ply = i + 1;
    b.textContent = text;
    b.addEventListener('click', () => go(i + 1));
    item.appendChild(b);
  });
}

function go(k) {
  if (!view.game) return;
  view.ply = Math.max(0, Math.min(view.game.position.moves.length, k));
  show();
}

$('first').addEventListener('click', () => go(0));
$('back').addEventListener('click', () => go(view.ply - 1));
$('forward').addEventListener('click', () => go(view.ply + 1));
$('last').addEventListener('click', () => go(Infinity));
$('flip').addEventListener('click', () => board.setFlipped(!board.flipped));
$('open-board').addEventListener('click', (e) => {
  if (!view.game) return;
  sessionStorage.setItem('parlour.open', JSON.stringify({ ...view.game.position, ply: view.ply }));
  e.currentTarget.href = '/?open=1';
});
document.addEventListener('keydown', (e) => {
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return;
  const keys = { ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in keys) { e.preventDefault(); go(view.ply + keys[e.key]); }
  if (e.key === 'Home') { e.preventDefault(); go(0); }
  if (e.key === 'End') { e.preventDefault(); go(Infinity); }
});

const events = new EventSource('/api/watch/events');
events.addEventListener('snapshot', (e) => render(JSON.parse(e.data)));
events.addEventListener('error', () => { $('waiting').textContent = 'The server is not answering; trying again…'; });
