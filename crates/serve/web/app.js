// The board page: a game kept here whole (game, rules, start, moves) and
// sent to the server with each request, which answers the position, its
// legal moves and its result; play against the engine, analysis, the
// position editor, PDN in and out and annotation on top of that.

import { getJSON, post, stream, page } from './api.js';
import { Board } from './board.js';
import { Picker, choiceWords } from './picker.js';
import { drawGraph } from './graph.js';
import { Editor } from './editor.js';

const $ = (id) => document.getElementById(id);

const state = {
  catalogue: null,
  spec: { game: 'checkers', rules: null, start: null, moves: [] },
  ply: 0,
  reply: null,
  picker: new Picker([]),
  flipped: false,
  human: 'black',
  strength: null,
  record: null,
  imported: null,
  notes: [],
  scores: [],
  // Plies whose move the engine played from its opening book.
  book: [],
  resigned: null,
  mode: 'play',
  analysing: null,
  lines: [],
  thinking: null,
  seq: 0,
};

const board = new Board($('board'), {
  point: (n) => pointPicked(n),
  drag: (from, to) => { state.picker.reset(); pointPicked(from, true); pointPicked(to); },
});

const editor = new Editor({
  palette: $('palette'), side: $('edit-side'), stock: $('edit-stock'), fen: $('fen'),
  fenSet: $('fen-set'), clear: $('edit-clear'), problem: $('edit-problem'),
}, (reply) => showBoard(reply), null);

// ----- The game ---------------------------------------------------------

/** The game up to ply `k`. */
function specAt(k = state.ply) {
  return { ...state.spec, moves: state.spec.moves.slice(0, k) };
}

function rulesSet() {
  const [game, rules] = $('game').value.split('|');
  return { game, rules: rules || null };
}

function newGame(start = null) {
  stopSearches();
  const { game, rules } = rulesSet();
  state.spec = { game, rules, start, moves: [] };
  state.ply = 0;
  state.record = null;
  state.imported = null;
  state.notes = [];
  state.scores = [];
  state.book = [];
  state.resigned = null;
  return refresh();
}

/** The moves changed from ply `k` on: what was read or annotated of them goes. */
function movesChanged(k) {
  state.notes = state.notes.slice(0, k);
  state.scores = state.scores.slice(0, k + 1);
  state.book = state.book.slice(0, k);
  state.resigned = null;
  if (state.record) {
    state.record.comments = state.record.comments.slice(0, k);
    state.record.result = null;
  }
}

/** Asks the server for the position shown and draws it. */
async function refresh() {
  const seq = ++state.seq;
  let reply;
  try {
    reply = await post('/api/position', specAt());
  } catch (e) {
    return say(e.message, true);
  }
  if (seq !== state.seq) return;
  state.reply = reply;
  state.picker = new Picker(reply.moves);
  // The move box's example is a move legal here, in the game's notation.
  $('move-text').placeholder = reply.moves[0]?.text ?? '';
  draw();
  if (state.mode === 'edit') return;
  if (state.analysing) startAnalysis();
  probeTables();
  maybeEngine();
}

function atEnd() {
  return state.ply === state.spec.moves.length;
}

function gameOver() {
  return state.reply?.result || state.resigned;
}

/** Plays the move `text` in the position shown. */
async function play(text) {
  const k = state.ply;
  let reply;
  try {
    reply = await post('/api/play', { position: specAt(k), move: text });
  } catch (e) {
    return say(e.message, true);
  }
  const moves = reply.position.moves;
  const same = state.spec.moves[k] === moves[k] && atEnd() === false;
  if (!same) {
    state.spec.moves = moves;
    movesChanged(k);
  }
  state.ply = k + 1;
  return refresh();
}

// ----- Drawing ----------------------------------------------------------

function draw() {
  const reply = state.reply;
  showBoard(reply);
  drawStatus();
  drawMoves();
  drawPlayers();
  drawGraph($('graph'), { scores: state.scores, marks: state.notes.map((n) => n?.mark || ''), current: state.ply, go });
}

function decor() {
  const reply = state.reply;
  const p = state.picker;
  const mine = canMove();
  const best = state.lines[0]?.best;
  return {
    selected: p.from,
    targets: mine ? p.targets() : [],
    sources: mine ? [...p.sources()] : [],
    choices: state.choosing ? state.choosing.filter((m) => m.extra).map((m) => m.extra.point) : [],
    last: reply?.last ? [reply.last.from, ...reply.last.path].filter((n) => n !== null) : null,
    arrows: state.analysing && best && state.linesPly === state.ply ? [best] : [],
  };
}

function showBoard(reply) {
  board.show(reply.board, state.mode === 'edit' ? {} : decor());
}

function redecorate() {
  showBoard(state.reply);
}

function canMove() {
  if (state.mode === 'edit' || !state.reply || gameOver() || state.thinking) return false;
  if (state.human === 'both') return true;
  return state.reply.side === state.human;
}

function sideName(side) {
  return side === 'black' ? 'Black' : 'White';
}

function drawStatus() {
  const r = state.reply;
  let text;
  if (state.resigned) {
    text = `${sideName(state.resigned)} resigns: ${sideName(state.resigned === 'black' ? 'white' : 'black')} wins.`;
  } else if (r.result) {
    const who = r.result.winner ? `${sideName(r.result.winner)} wins` : 'Drawn';
    text = `${who} (${r.result.pdn}): ${r.result.reason}.`;
  } else {
    const whose = state.human === 'both' || r.side === state.human ? ' (you)' : ' (parlour)';
    text = `${sideName(r.side)} to move${state.mode === 'play' ? whose : ''}.`;
    if (r.quiet_plies >= r.quiet_limit - 10) text += ` ${r.quiet_limit - r.quiet_plies} quiet plies left before a draw.`;
  }
  say(text);
  const notice = $('notice');
  notice.hidden = !r.board.notice || !!gameOver();
  notice.textContent = r.board.notice || '';
  drawActions();
}

function say(text, problem = false) {
  const status = $('status');
  status.textContent = text;
  status.classList.toggle('problem', problem);
}

/** The choices put to the player: moves with no path (compel), or moves sharing a path. */
function drawActions() {
  const box = $('choice');
  box.replaceChildren();
  const choosing = state.choosing;
  const actions = canMove() ? state.picker.actions() : [];
  const list = choosing || actions;
  box.hidden = list.length === 0;
  if (!list.length) return;
  const prompt = document.createElement('p');
  prompt.textContent = choosing
    ? 'These moves share that path. Choose one (or click a ringed piece):'
    : 'Besides moving a piece, you may:';
  box.appendChild(prompt);
  for (const m of list) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'choice-button';
    b.dataset.move = m.text;
    const strong = document.createElement('strong');
    strong.textContent = m.text;
    const words = document.createElement('span');
    words.textContent = choiceWords(m);
    b.append(strong, words);
    b.addEventListener('click', () => { state.choosing = null; play(m.text); });
    box.appendChild(b);
  }
  if (choosing) {
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => { state.choosing = null; drawActions(); redecorate(); });
    box.appendChild(cancel);
    box.querySelector('button')?.focus();
  }
}

function drawPlayers() {
  const top = state.flipped ? 'white' : 'black';
  const bottom = state.flipped ? 'black' : 'white';
  const label = (side) => {
    const who = state.human === 'both' ? '' : state.human === side ? ' — you' : ' — parlour';
    const stock = state.reply.board.stock.filter((s) => s.side === side).map((s) => `${s.label} ${s.count}`);
    return `${sideName(side)}${who}${stock.length ? ` · ${stock.join(', ')}` : ''}`;
  };
  for (const [id, side] of [['player-top', top], ['player-bottom', bottom]]) {
    const e = $(id);
    e.textContent = label(side);
    e.classList.toggle('to-move', state.reply.side === side && !gameOver());
    e.dataset.side = side;
  }
}

function drawMoves() {
  const list = $('moves');
  list.replaceChildren();
  const first = state.reply ? firstSide() : 'black';
  const moves = state.spec.moves;
  const offset = first === 'white' ? 1 : 0;
  let item = null;
  moves.forEach((text, i) => {
    const k = i + offset;
    if (k % 2 === 0 || item === null) {
      item = document.createElement('li');
      item.value = Math.floor(k / 2) + 1;
      if (k % 2 === 1) {
        const gap = document.createElement('span');
        gap.className = 'gap';
        gap.textContent = '…';
        item.appendChild(gap);
      }
      list.appendChild(item);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.dataset.ply = i + 1;
    const note = state.notes[i];
    b.textContent = text + (note?.mark || '');
    if (note?.mark) b.classList.add(note.mark === '??' ? 'blunder' : 'mistake');
    if (state.book[i]) {
      const tag = document.createElement('span');
      tag.className = 'book';
      tag.textContent = 'book';
      tag.title = 'played from the opening book';
      b.appendChild(tag);
    }
    if (i + 1 === state.ply) b.setAttribute('aria-current', 'step');
    if (note) {
      const score = document.createElement('span');
      score.className = 'note';
      score.textContent = note.score;
      b.appendChild(score);
      if (note.better) b.title = `better ${note.better}`;
    }
    b.addEventListener('click', () => go(i + 1));
    item.appendChild(b);
  });
  const result = gameOver() ? (state.resigned ? (state.resigned === 'black' ? '0-2' : '2-0') : state.reply.result.pdn) : null;
  if (result && atEnd()) {
    const li = document.createElement('li');
    li.className = 'result';
    li.textContent = result;
    list.appendChild(li);
  }
  keepInView(list, list.querySelector('[aria-current]'));
}

/** Scrolls the list itself (never the page) so that `item` shows. */
function keepInView(list, item) {
  if (!item) return;
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top + 8;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom + 8;
}

/** Who moves first in the game. */
function firstSide() {
  const plies = state.ply;
  const side = state.reply.side;
  return plies % 2 === 0 ? side : side === 'black' ? 'white' : 'black';
}

// ----- Moving -----------------------------------------------------------

function pointPicked(n, quiet = false) {
  if (state.mode === 'edit') return editor.point(n);
  if (state.choosing) {
    const chosen = state.choosing.find((m) => m.extra && m.extra.point === n);
    if (chosen) {
      state.choosing = null;
      return play(chosen.text);
    }
  }
  if (!canMove()) return;
  const result = state.picker.pick(n);
  state.choosing = null;
  if (result.kind === 'play') return play(result.move.text);
  if (result.kind === 'choose') {
    state.choosing = result.moves;
    drawActions();
  }
  if (!quiet || result.kind !== 'none') redecorate();
}

$('type-move').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = $('move-text').value.trim();
  if (!text || !canMove()) return;
  $('move-text').value = '';
  play(text);
});

// ----- The engine -------------------------------------------------------

function maybeEngine() {
  if (state.mode !== 'play' || state.human === 'both' || !atEnd() || gameOver()) return;
  if (state.reply.side === state.human) return;
  engineMove();
}

async function engineMove() {
  const controller = new AbortController();
  const ply = state.ply;
  state.thinking = controller;
  $('thinking').hidden = false;
  redecorate();
  try {
    const strength = JSON.parse($('strength').value);
    const reply = await post('/api/engine/move', { position: specAt(), page, strength }, { signal: controller.signal });
    if (state.thinking !== controller || state.ply !== ply) return;
    state.thinking = null;
    $('thinking').hidden = true;
    state.scores[ply] = reply.line.score.black;
    await play(reply.move);
    if (reply.book) {
      state.book[ply] = true;
      drawMoves();
    }
  } catch (e) {
    if (state.thinking === controller) {
      state.thinking = null;
      $('thinking').hidden = true;
      if (e.name !== 'AbortError') {
        say(e.status === 503 ? 'The engine is busy with other pages; try again in a moment.' : e.message, true);
        if (e.status === 503) setTimeout(maybeEngine, 1000);
      }
      redecorate();
    }
  }
}

function stopEngine() {
  if (state.thinking) {
    state.thinking.abort();
    state.thinking = null;
    $('thinking').hidden = true;
  }
}

// ----- Analysis ---------------------------------------------------------

function stopSearches() {
  stopEngine();
  if (state.analysing) state.analysing.abort();
}

async function startAnalysis() {
  if (state.analysing) state.analysing.abort();
  const controller = new AbortController();
  state.analysing = controller;
  state.lines = [];
  state.linesPly = state.ply;
  drawLines();
  if (gameOver()) return;
  const ply = state.ply;
  try {
    await stream('/api/analyse', { position: specAt(), page }, (name, data) => {
      if (state.analysing !== controller) return;
      if (name === 'line') {
        state.lines[data.line - 1] = data;
        if (data.line === 1) state.scores[ply] = data.score.black;
        drawLines();
        redecorate();
        drawGraph($('graph'), { scores: state.scores, marks: state.notes.map((n) => n?.mark || ''), current: state.ply, go });
      }
    }, controller.signal);
  } catch (e) {
    say(e.status === 503 ? 'The engine is busy with other pages; analysis stopped.' : e.message, true);
    setAnalyseButton(false);
  }
}

function stopAnalysis() {
  if (state.analysing) state.analysing.abort();
  state.analysing = null;
  post('/api/stop', { page }).catch(() => {});
  redecorate();
}

function setAnalyseButton(on) {
  const b = $('analyse');
  b.setAttribute('aria-pressed', on);
  b.textContent = on ? 'Stop' : 'Analyse';
  if (!on) state.analysing = null;
}

function drawLines() {
  const body = $('lines');
  body.replaceChildren();
  for (const line of state.lines.filter(Boolean)) {
    const tr = document.createElement('tr');
    for (const text of [line.line, line.depth, line.score.text, line.pv.join(' ')]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  const best = state.lines[0];
  $('search-stats').textContent = best
    ? `${best.nodes.toLocaleString()} nodes, ${Math.round(best.nps / 1000).toLocaleString()} k/s, ${(best.time_ms / 1000).toFixed(1)} s`
    : state.analysing ? 'thinking…' : '';
  body.parentElement.dataset.depth = best ? best.depth : 0;
}

async function probeTables() {
  const game = state.catalogue.games.find((g) => g.name === state.spec.game);
  const box = $('egdb');
  if (!game?.tables) { box.textContent = ''; return; }
  try {
    const r = await post('/api/egdb', specAt());
    box.textContent = r.value
      ? `Databases: ${r.value} for ${sideName(state.reply.side)}${r.plies ? ` (${r.plies} plies to conversion)` : ''}`
      : 'Databases: not in them';
  } catch (e) {
    box.textContent = '';
  }
}

// ----- Navigation -------------------------------------------------------

function go(k) {
  const n = Math.max(0, Math.min(state.spec.moves.length, k));
  if (n === state.ply && state.reply) return;
  stopEngine();
  state.ply = n;
  state.choosing = null;
  refresh();
}

function takeBack() {
  stopEngine();
  const moves = state.spec.moves;
  if (!moves.length) return;
  let k = Math.min(state.ply, moves.length) - 1;
  // Back to the person's own turn when playing the engine.
  if (state.mode === 'play' && state.human !== 'both' && k > 0) {
    const sideAt = (ply) => ((ply % 2 === 0) === (firstSide() === 'black') ? 'black' : 'white');
    while (k > 0 && sideAt(k) !== state.human) k -= 1;
  }
  state.spec.moves = moves.slice(0, Math.max(k, 0));
  movesChanged(state.spec.moves.length);
  state.ply = state.spec.moves.length;
  refresh();
}

document.addEventListener('keydown', (e) => {
  const tag = e.target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || e.target === board.host) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const keys = { ArrowLeft: () => go(state.ply - 1), ArrowRight: () => go(state.ply + 1), Home: () => go(0), End: () => go(Infinity) };
  if (e.key in keys) {
    e.preventDefault();
    keys[e.key]();
  } else if (e.key === 'f' || e.key === 'F') {
    flip();
  }
});
// On the board, arrows move its cursor; Page Up and Down step through the moves.
board.host.addEventListener('keydown', (e) => {
  if (e.key === 'PageUp') { e.preventDefault(); go(state.ply - 1); }
  if (e.key === 'PageDown') { e.preventDefault(); go(state.ply + 1); }
  if (e.key === 'Escape') { state.picker.reset(); state.choosing = null; drawActions(); redecorate(); }
});
board.host.addEventListener('focus', () => redecorate());
board.host.addEventListener('blur', () => redecorate());

function flip() {
  state.flipped = !state.flipped;
  board.setFlipped(state.flipped);
  if (state.reply) drawPlayers();
}

// ----- Tabs and controls ------------------------------------------------

function showTab(name) {
  for (const t of ['play', 'analyse', 'edit', 'games']) {
    $(`tab-${t}`).setAttribute('aria-selected', t === name);
    $(`panel-${t}`).hidden = t !== name;
  }
  const mode = name === 'edit' ? 'edit' : name === 'play' ? 'play' : 'study';
  if (mode === state.mode) return;
  const was = state.mode;
  state.mode = mode;
  if (mode === 'edit') {
    stopSearches();
    setAnalyseButton(false);
    editor.open(state.reply, state.spec.game, state.spec.rules);
    showBoard(state.reply);
  } else if (was === 'edit') {
    refresh();
  } else if (mode === 'play') {
    maybeEngine();
  } else {
    stopEngine();
    redecorate();
  }
}

for (const t of ['play', 'analyse', 'edit', 'games']) $(`tab-${t}`).addEventListener('click', () => showTab(t));
document.querySelector('.tabs').addEventListener('keydown', (e) => {
  const tabs = [...document.querySelectorAll('[role=tab]')];
  const i = tabs.indexOf(document.activeElement);
  if (i < 0 || !['ArrowLeft', 'ArrowRight'].includes(e.key)) return;
  e.preventDefault();
  e.stopPropagation();
  const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
  next.focus();
  next.click();
});

$('first').addEventListener('click', () => go(0));
$('back').addEventListener('click', () => go(state.ply - 1));
$('forward').addEventListener('click', () => go(state.ply + 1));
$('last').addEventListener('click', () => go(Infinity));
$('flip').addEventListener('click', flip);
$('takeback').addEventListener('click', takeBack);
$('new-game').addEventListener('click', () => newGame());
$('game').addEventListener('change', () => newGame());
$('human').addEventListener('change', () => {
  state.human = $('human').value;
  draw();
  maybeEngine();
});
$('resign').addEventListener('click', () => {
  if (gameOver() || state.human === 'both') return;
  stopEngine();
  state.resigned = state.human;
  draw();
});
$('analyse').addEventListener('click', () => {
  if (state.analysing) {
    stopAnalysis();
    setAnalyseButton(false);
  } else {
    setAnalyseButton(true);
    startAnalysis();
  }
});
$('edit-done').addEventListener('click', async () => {
  const start = editor.reply?.text;
  if (!start) return;
  showTab('analyse');
  $('human').value = 'both';
  state.human = 'both';
  await newGame(start);
});

// ----- Games: PDN and annotation ---------------------------------------

$('pdn-file').addEventListener('change', async () => {
  const file = $('pdn-file').files[0];
  if (file) $('pdn').value = await file.text();
});

$('import').addEventListener('click', async () => {
  $('games-problem').textContent = '';
  try {
    const { game } = rulesSet();
    const imported = await post('/api/pdn/import', { pdn: $('pdn').value, game, number: Number($('pdn-number').value) || 1 });
    $('pdn-number').max = imported.count;
    loadImported(imported);
  } catch (e) {
    $('games-problem').textContent = e.message;
  }
});

/** Shows a game read from PDN, from its start. */
function loadImported(imported, keep = false) {
  stopSearches();
  state.spec = imported.position;
  state.record = imported.record;
  state.imported = [...imported.position.moves];
  if (!keep) {
    state.notes = [];
    state.scores = [];
    state.book = [];
    state.ply = 0;
  }
  state.resigned = null;
  state.human = 'both';
  $('human').value = 'both';
  selectRules(imported.position);
  refresh();
}

/** The game menu set to a game's rules, where the menu has them. */
function selectRules(spec) {
  for (const option of $('game').options) {
    const [game, rules] = option.value.split('|');
    if (game === spec.game && (rules || '') === (spec.rules || '')) option.selected = true;
  }
}

$('export').addEventListener('click', async () => {
  $('games-problem').textContent = '';
  try {
    const names = { black: state.human === 'black' ? 'you' : state.human === 'white' ? 'parlour' : '?',
      white: state.human === 'white' ? 'you' : state.human === 'black' ? 'parlour' : '?' };
    const result = state.resigned ? (state.resigned === 'black' ? '0-2' : '2-0') : null;
    const request = { position: state.spec, record: state.record, result, ...names };
    const text = await post('/api/pdn/export', request, { text: true });
    $('pdn').value = text;
    const link = $('download');
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-pdn' }));
    link.hidden = false;
  } catch (e) {
    $('games-problem').textContent = e.message;
  }
});

$('annotate').addEventListener('click', async () => {
  $('games-problem').textContent = '';
  stopSearches();
  setAnalyseButton(false);
  const progress = $('annotate-progress');
  progress.hidden = false;
  progress.value = 0;
  const controller = new AbortController();
  state.analysing = null;
  try {
    await stream('/api/annotate', { position: state.spec, page, movetime_ms: Number($('note-time').value) }, async (name, data) => {
      if (name === 'step') {
        progress.max = data.total;
        progress.value = data.done;
      } else if (name === 'annotated') {
        state.notes = data.plies.map((p) => ({ mark: p.mark, score: p.score.text, better: p.better }));
        state.scores = [data.start.black, ...data.plies.map((p) => p.score.black)];
        const imported = await post('/api/pdn/import', { pdn: data.pdn });
        state.record = imported.record;
        state.imported = [...imported.position.moves];
        $('pdn').value = data.pdn;
        draw();
      }
    }, controller.signal);
  } catch (e) {
    $('games-problem').textContent = e.message;
  }
  progress.hidden = true;
});

// ----- Start ------------------------------------------------------------

async function start() {
  state.catalogue = await getJSON('/api/games');
  const select = $('game');
  for (const g of state.catalogue.games) {
    for (const r of g.rule_sets) {
      const option = document.createElement('option');
      option.value = `${g.name}|${r.rules}`;
      const title = g.name[0].toUpperCase() + g.name.slice(1);
      option.textContent = g.rule_sets.length > 1 ? `${title}: ${r.name}` : title;
      select.appendChild(option);
    }
  }
  for (const s of state.catalogue.strengths) {
    const option = document.createElement('option');
    option.value = JSON.stringify(s.strength);
    option.textContent = s.label;
    $('strength').appendChild(option);
  }
  $('strength').selectedIndex = Math.min(2, state.catalogue.strengths.length - 1);
  // ?game=pegs opens a game on its first rule set, ?game=checkers|huffing
  // on the rule set named.
  const wanted = new URLSearchParams(location.search).get('game');
  if (wanted) for (const o of select.options) if (o.value === wanted || o.value.startsWith(`${wanted}|`)) { o.selected = true; break; }
  const opened = new URLSearchParams(location.search).get('open') && sessionStorage.getItem('parlour.open');
  if (opened) {
    const { ply, ...spec } = JSON.parse(opened);
    sessionStorage.removeItem('parlour.open');
    loadImported({ position: spec, record: null });
    state.ply = ply;
    showTab('analyse');
    refresh();
    return;
  }
  await newGame();
}

start().catch((e) => say(`Cannot reach the server: ${e.message}`, true));
