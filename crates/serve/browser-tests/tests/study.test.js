// Studying on the board: a position set in the editor and analysed (lines
// whose depth grows, the best move's arrow); a PDN that parlour wrote
// imported, stepped through with the keys and exported byte for byte; a
// game annotated with its marks shown; a game played by keys alone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { session, open, shot, clickPoint, status, moves, bin } from '../support.js';

const s = session();

/** The ply the move list marks as current (0: the start). */
const current = (page) => page.evaluate(() => Number(document.querySelector('#moves [aria-current]')?.dataset.ply || 0));

test('a position set in the editor, analysed: deeper lines and the best move arrow', async () => {
  const page = await open(s.chrome.context, s.server.url, 1920, 1080);
  await status(page, 'Black to move');
  await page.click('#tab-edit');
  // Pieces put on and taken off by clicks: the position's text follows.
  await page.click('#edit-clear');
  await page.waitForFunction(() => document.getElementById('fen').value === 'B:W:B');
  await page.click('#palette [data-tool="white-king"]');
  await clickPoint(page, 15);
  await page.waitForFunction(() => /K15/.test(document.getElementById('fen').value));
  await clickPoint(page, 15);
  await page.waitForFunction(() => !/K15/.test(document.getElementById('fen').value));
  await page.fill('#fen', 'W:W21,22,23,25,26,30,31:B5,7,10,11,13,15,K2');
  await page.click('#fen-set');
  await page.waitForSelector('#board .piece.king[data-point="2"]');
  await page.click('#edit-done');
  await status(page, 'White to move');
  await page.click('#analyse');
  const depths = [];
  for (let i = 0; i < 100 && (depths.length < 2 || depths.at(-1) < 8); i += 1) {
    const depth = Number(await page.getAttribute('table.lines', 'data-depth'));
    if (depth && depth !== depths.at(-1)) depths.push(depth);
    await page.waitForTimeout(100);
  }
  assert.ok(depths.length >= 2 && depths.every((d, i) => i === 0 || d > depths[i - 1]), `depths ${depths}`);
  await page.waitForSelector('#board .arrows .arrow.best');
  const pv = await page.textContent('#lines tr:first-child td:last-child');
  const arrow = await page.$eval('#board .arrow.best', (a) => `${a.dataset.from}`);
  assert.ok(pv.startsWith(arrow), `the arrow starts where the line does: ${arrow} / ${pv}`);
  await shot(page, 'analyse-1920');
  await page.click('#analyse');
  assert.equal(await page.getAttribute('#analyse', 'aria-pressed'), 'false');
  assert.deepEqual(page.errors, []);
});

test('a PDN that parlour wrote, imported, stepped through by keys and exported byte for byte', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'parlour-pdn-'));
  const file = path.join(dir, 'm.pdn');
  execFileSync(bin, ['match', '--engine', 'search:depth=4,name=four', '--engine', 'search:depth=2,name=two',
    '--rounds', '1', '--pdn', file, '--quiet'], { cwd: dir });
  const text = readFileSync(file, 'utf8');
  const second = text.slice(text.indexOf('[Event', 1));
  const page = await open(s.chrome.context, s.server.url, 1280, 900);
  await status(page, 'Black to move');
  await page.click('#tab-games');
  await page.setInputFiles('#pdn-file', file);
  await page.waitForFunction(() => document.getElementById('pdn').value.length > 100);
  await page.fill('#pdn-number', '2');
  await page.click('#import');
  await page.waitForFunction(() => document.querySelectorAll('#moves .move').length > 4);
  const plies = (await moves(page)).length;
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('End');
  await page.waitForFunction((n) => Number(document.querySelector('#moves [aria-current]')?.dataset.ply) === n, plies);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => Number(document.querySelector('#moves [aria-current]')?.dataset.ply) === 2);
  assert.equal(await current(page), 2);
  await shot(page, 'pdn-stepped');
  await page.keyboard.press('End');
  await page.click('#export');
  await page.waitForFunction((t) => document.getElementById('pdn').value === t, second, { timeout: 5000 })
    .catch(() => {});
  assert.equal(await page.inputValue('#pdn'), second);
  assert.equal(await page.isVisible('#download'), true);
  assert.deepEqual(page.errors, []);
});

test('a game annotated: its ? and ?? marks and scores in the move list and the graph', async () => {
  const page = await open(s.chrome.context, s.server.url, 1280, 900);
  await status(page, 'Black to move');
  await page.click('#tab-games');
  // A ballot, then 12-16 gives a man away for nothing, and 10-14 two more.
  await page.fill('#pdn', '[Event "blunders"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 12-16 19x12 4. 10-14 17x10 *\n');
  await page.click('#import');
  await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 8);
  await page.selectOption('#note-time', '250');
  await page.click('#annotate');
  await page.waitForSelector('#moves .move.mistake, #moves .move.blunder', { timeout: 30000 });
  const marked = await page.$$eval('#moves .move.mistake, #moves .move.blunder', (bs) => bs.map((b) => b.firstChild.textContent));
  assert.ok(marked.some((m) => /^12-16\?/.test(m)), marked.join(' '));
  const notes = await page.$$eval('#moves .move .note', (ns) => ns.map((n) => n.textContent));
  assert.equal(notes.length, 8);
  assert.ok(notes.every((n) => /^[+-](\d+\.\d\d|W\d+|L\d+)$/.test(n)), notes.join(' '));
  assert.ok(await page.locator('#graph .dot.mistake, #graph .dot.blunder').count() >= 1);
  assert.match(await page.inputValue('#pdn'), /12-16\?/);
  await shot(page, 'annotated');
  assert.deepEqual(page.errors, []);
});

test('a game played by keys alone', async () => {
  const page = await open(s.chrome.context, s.server.url, 1280, 900);
  await status(page, 'Black to move (you)');
  await page.selectOption('#strength', { index: 0 });
  // Tab to the board, pick 9 with the cursor and go down to 13.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.id === 'board')); i += 1) {
    await page.keyboard.press('Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  await page.keyboard.press('ArrowRight');
  const cursor = () => page.$eval('#board .cursor', (c) => Number(c.dataset.point));
  for (let i = 0; i < 10 && (await cursor()) !== 9; i += 1) await page.keyboard.press('ArrowLeft');
  assert.equal(await cursor(), 9);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  assert.equal(await cursor(), 13);
  await page.keyboard.press('Enter');
  // The status said the same before the move: wait for the engine's reply.
  await page.waitForFunction(() => document.querySelectorAll('#moves .move').length >= 2);
  await status(page, 'Black to move (you)');
  assert.equal((await moves(page))[0], '9-13');
  // The rest typed in the move box, each move one the server lists, to the end.
  for (let i = 0; i < 150; i += 1) {
    const text = await page.textContent('#status');
    if (/wins|Drawn/.test(text)) break;
    if (/\(you\)/.test(text)) {
      const game = await page.evaluate(() => [...document.querySelectorAll('#moves .move')].map((b) => b.firstChild.textContent));
      const reply = await page.evaluate((g) => fetch('/api/position', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'checkers', moves: g }) }).then((r) => r.json()), game);
      if (!reply.moves.length) break;
      await page.focus('#move-text');
      await page.keyboard.type(reply.moves[0].text);
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('#moves .move').length > n, game.length);
    }
    await page.waitForTimeout(50);
  }
  await status(page, /wins|Drawn/, 10000);
  await shot(page, 'keys-end');
  assert.deepEqual(page.errors, []);
});
