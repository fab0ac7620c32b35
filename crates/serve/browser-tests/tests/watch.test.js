// The match page following a match while `parlour match` plays it: the
// standings and each game as it finishes, without a reload; a finished
// game replayed with the keys; at 1920 and 360 pixels wide.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, browser, open, shot, bin } from '../support.js';

test('the match page follows a match being played', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'parlour-watch-'));
  const results = path.join(dir, 'm.jsonl');
  const server = await serve(['--watch', results]);
  const chrome = await browser();
  try {
    const page = await open(chrome.context, `${server.url}watch`, 1920, 1080);
    await page.waitForFunction(() => /waiting/.test(document.getElementById('waiting').textContent));
    const match = spawn(bin, ['match', '--engine', 'search:movetime=60,name=quick', '--engine', 'greedy',
      '--rounds', '3', '--concurrency', '1', '--results', results, '--quiet'], { cwd: dir, stdio: 'ignore' });
    const ended = new Promise((resolve) => match.on('exit', resolve));
    const seen = new Set();
    let done = false;
    ended.then(() => { done = true; });
    while (!done || !seen.has(6)) {
      seen.add(Number(await page.getAttribute('#played', 'data-played') || 0));
      if (done && seen.size > 30) break;
      await page.waitForTimeout(100);
    }
    assert.equal(await ended, 0);
    await page.waitForFunction(() => document.getElementById('played').dataset.played === '6', null, { timeout: 5000 });
    const counts = [...seen].filter((n) => n > 0);
    assert.ok(counts.length >= 2, `the page showed the games as they finished: ${[...seen]}`);
    assert.match(await page.textContent('#played'), /6 of 6 games/);
    assert.equal(await page.locator('#games tr.game').count(), 6);
    assert.match(await page.textContent('#standings'), /quick/);
    assert.match(await page.textContent('#report'), /6 of 6 games played/);
    // A game replayed: the last one shown, stepped back with the keys.
    await page.click('#games tr.game >> nth=1');
    const plies = await page.locator('#moves .move').count();
    assert.ok(plies > 0);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => !document.querySelector('#moves [aria-current]'));
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#moves [aria-current]')?.dataset.ply === '1');
    await page.keyboard.press('End');
    await shot(page, 'watch-1920');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.waitForTimeout(300);
    const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(width <= 360, `the page is ${width} px wide at 360`);
    await shot(page, 'watch-360');
    assert.deepEqual(page.errors, []);
  } finally {
    await chrome.close();
    server.stop();
  }
});
