// What the browser tests share: a `parlour serve` of the binary under
// test on a free port (PARLOUR_BIN, default target/release/parlour), and
// Debian's Chromium driven by playwright-core, headless, with a fresh
// profile and nothing reached beyond the server. Each test saves its
// screenshots in SHOTS_DIR (default target/browser-shots).

import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const bin = path.resolve(process.env.PARLOUR_BIN || path.join(root, 'target/release/parlour'));
export const shots = path.resolve(process.env.SHOTS_DIR || path.join(root, 'target/browser-shots'));
mkdirSync(shots, { recursive: true });

/** Starts `parlour serve` with `args` on a free port; resolves to { url, stop }. */
export function serve(args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`parlour serve did not start: ${out}`)), 15000);
    const read = (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/[^\s/]+\//);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[0], stop: () => child.kill('SIGTERM'), child });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk) => { out += chunk; });
    child.on('exit', (code) => reject(new Error(`parlour serve exited (${code}): ${out}`)));
  });
}

/** Debian's Chromium, headless, on a fresh profile. */
export async function browser() {
  const profile = mkdtempSync(path.join(tmpdir(), 'parlour-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** A page of `context` at `url`, its errors collected in `page.errors`. */
export async function open(context, url, width = 1280, height = 900) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  // A request the server refused is the page's to show, not an error of
  // the page's own (the browser logs each as a failed resource).
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4/.test(m.text())) {
      page.errors.push(m.text());
    }
  });
  await page.goto(url);
  return page;
}

/** Saves a screenshot of `page` as NAME.png in the shots folder. */
export async function shot(page, name) {
  const file = path.join(shots, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Clicks board point `n` (a square or hole) at its centre. */
export async function clickPoint(page, n) {
  await page.locator(`#board .ground [data-point="${n}"]`).first().click({ force: true });
}

/** Waits until the status line says `text` (a string or a RegExp). */
export async function status(page, text, timeout = 20000) {
  await page.waitForFunction(
    ([t, isRe]) => {
      const s = document.getElementById('status')?.textContent || '';
      return isRe ? new RegExp(t).test(s) : s.includes(t);
    },
    [text instanceof RegExp ? text.source : text, text instanceof RegExp],
    { timeout },
  );
}

/** The moves of the move list, as shown. */
export async function moves(page) {
  return page.$$eval('#moves .move', (bs) => bs.map((b) => b.firstChild.textContent));
}

/**
 * A server (with `args`) and a browser for a test file, started before
 * its tests and stopped after them: `.server` and `.chrome`.
 */
export function session(args = []) {
  const s = {};
  test.before(async () => {
    s.server = await serve(args);
    s.chrome = await browser();
  });
  test.after(async () => {
    await s.chrome?.close();
    s.server?.stop();
  });
  return s;
}
