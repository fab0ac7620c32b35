// Playing by clicks: an english game against the engine to its end, a
// huffing game in which the player huffs, and a peg game through its
// placing and sliding phases; at 1920 and 360 pixels wide.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { session, open, shot, clickPoint, status, moves } from '../support.js';

const s = session();

/** Points with the given class on the board. */
const points = (page, selector) => page.$$eval(`#board ${selector}`, (es) => es.map((e) => Number(e.dataset.point)));

/**
 * Makes one move by clicks for the side to move: the first movable piece
 * (or the first empty point to place on), then its first landing until
 * the move is played; a choice put in words is answered with its first
 * button. Returns false where the side to move has nothing to click.
 */
async function clickAMove(page) {
  const before = (await moves(page)).length;
  for (let clicks = 0; clicks < 30; clicks += 1) {
    if ((await moves(page)).length > before) return true;
    if (await page.locator('#choice:not([hidden]) .choice-button').count()) {
      // The dialog goes as soon as its move is played: a click that
      // played it may still be reported as a click on a vanished element.
      await page.locator('#choice .choice-button').first().click({ timeout: 2000 }).catch(() => {});
      continue;
    }
    const targets = await points(page, '.decor .target');
    const selected = await points(page, '.decor .selected');
    const sources = await points(page, '.piece.movable');
    if (selected.length && targets.length) await clickPoint(page, targets[0]);
    else if (sources.length) await clickPoint(page, sources[0]);
    else if (targets.length) await clickPoint(page, targets[0]);
    else return false;
    await page.waitForTimeout(40);
  }
  return (await moves(page)).length > before;
}

test('an english game played by clicks against the engine to its end', async () => {
  const page = await open(s.chrome.context, s.server.url, 1920, 1080);
  await page.selectOption('#strength', { index: 0 });
  await status(page, 'Black to move (you)');
  await shot(page, 'english-start-1920');
  for (let i = 0; i < 200; i += 1) {
    const text = await page.textContent('#status');
    if (/wins|Drawn/.test(text)) break;
    if (/\(you\)/.test(text)) await clickAMove(page);
    await page.waitForTimeout(60);
  }
  await status(page, /wins|Drawn/, 5000);
  const text = await page.textContent('#status');
  assert.match(text, /(Black wins|White wins|Drawn) \((2-0|0-2|1-1)\): /);
  const list = await moves(page);
  assert.ok(list.length >= 10, `a game of ${list.length} plies`);
  assert.equal(await page.locator('#moves li.result').count(), 1);
  // The engine opens from the built-in book, and the list says so.
  const booked = await page.locator('#moves .move .book').count();
  assert.ok(booked >= 1, `no move marked as the book's in ${list.join(' ')}`);
  assert.deepEqual(page.errors, []);
  await shot(page, 'english-end-1920');
});

test('a huffing game in which the player huffs', async () => {
  // Opened on huffing by its address, so that no click can land on the
  // english board the page first draws.
  const page = await open(s.chrome.context, `${s.server.url}?game=checkers|huffing`, 1280, 900);
  await status(page, 'Black to move');
  assert.equal(await page.inputValue('#game'), 'checkers|huffing');
  await page.selectOption('#human', 'both');
  // Each move is played once the server has answered the one before: a
  // click on a board not yet redrawn would be a click on the old position.
  const playClicks = async (from, to) => {
    const before = (await moves(page)).length;
    await clickPoint(page, from);
    await clickPoint(page, to);
    await page.waitForFunction((n) => document.querySelectorAll('#moves .move').length > n, before);
  };
  await playClicks(11, 15);
  await playClicks(22, 18);
  // Black leaves 15x22 untaken: White may huff the man on 15.
  await clickPoint(page, 9);
  await clickPoint(page, 13);
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await page.textContent('#notice'), /Black's 9-13 left a capture untaken \(15x22\)/);
  assert.deepEqual(await points(page, '.mark.punishable'), [15]);
  // Compel is put in words beside the board.
  assert.match(await page.textContent('#choice'), /compel: Black's 9-13 is taken back/);
  await clickPoint(page, 21);
  await clickPoint(page, 17);
  await page.waitForSelector('#choice .choice-button[data-move="h15 21-17"]');
  assert.match(await page.textContent('#choice'), /the man on 15 is huffed: 9-13 left the capture 15x22 untaken/);
  await shot(page, 'huffing-choice');
  await page.click('#choice .choice-button[data-move="h15 21-17"]');
  await status(page, 'Black to move');
  assert.deepEqual(await moves(page), ['11-15', '22-18', '9-13', 'h15 21-17']);
  assert.equal(await page.locator('#board .piece[data-point="15"]').count(), 0);
  assert.deepEqual(page.errors, []);
  await shot(page, 'huffing-huffed');
});

test('a peg game through its placing and sliding phases, at 360 pixels', async () => {
  const page = await open(s.chrome.context, `${s.server.url}?game=pegs`, 360, 780);
  await page.selectOption('#human', 'both');
  await status(page, 'Black to move');
  assert.equal(await page.getAttribute('#board svg', 'data-shape'), 'lines');
  assert.equal(await page.locator('#board .ground .link').count(), 40);
  let slides = 0;
  for (let ply = 0; ply < 60 && slides < 4; ply += 1) {
    if (!(await clickAMove(page))) break;
    const last = (await moves(page)).at(-1);
    if (/^\d+-\d+/.test(last)) slides += 1;
  }
  const list = await moves(page);
  assert.match(list[0], /^K@\d+$/);
  assert.ok(list.some((m) => /^@\d+/.test(m)), list.join(' '));
  assert.ok(slides >= 2 || /wins|Drawn/.test(await page.textContent('#status')), list.join(' '));
  const hands = await page.textContent('#player-top');
  assert.match(hands, /hand 0/);
  const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
  assert.ok(width <= 360, `the page is ${width} px wide at 360`);
  assert.deepEqual(page.errors, []);
  await shot(page, 'pegs-360');
});
