#!/usr/bin/env node
// The document form with 200 fields in headless chromium: time to open it (mount + first paint,
// data already loaded) and keystroke-to-paint time while typing in it, against a 16.7 ms frame.
// The page (bench/document-form/) renders the console's DocumentForm driven by the document
// screen's reducer; Vite builds it, a local server serves it. No emulators needed.
// Usage: node bench/document-form.mjs
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { CACHE_DIR, ROOT } from '../scripts/lib/config.mjs';

const FRAME_MS = 1000 / 60;
const OPENS = 12;
const TYPED = 'Panela de pressão 6 L inox';
const outDir = join(CACHE_DIR, 'bench-document-form');

// The form engine loads the Firebase client (nested selects read Firestore): it needs a project id.
process.env.VITE_FIREBASE_PROJECT_ID ??= 'demo-bench';
await build({
  configFile: false,
  root: join(ROOT, 'bench/document-form'),
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(outDir, path === '/' ? 'index.html' : path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? (path === '/' ? 'text/html' : 'application/octet-stream') });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (error) => console.error(`form   page error: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => 'bench' in window);
  const fieldCount = await page.evaluate(() => window.bench.fieldCount);

  const opens = [];
  for (let i = 0; i < OPENS; i++) opens.push(await page.evaluate(() => window.bench.open()));
  const [cold, ...warm] = opens;

  const input = page.getByLabel('Texto 100', { exact: true });
  await input.click();
  await input.press('End');
  await page.evaluate(() => window.bench.keystrokes.splice(0));
  await page.keyboard.type(TYPED, { delay: 40 });
  await page.waitForTimeout(200);
  const keys = await page.evaluate(() => [...window.bench.keystrokes]);
  if (!(await input.inputValue()).endsWith(TYPED)) throw new Error('the typed text did not reach the input');

  const typing = median(keys);
  console.log(`form   open ${fieldCount} fields: first ${cold.toFixed(0)} ms, then median ${median(warm).toFixed(0)} ms (${warm.length} opens)`);
  console.log(
    `form   keystroke to paint: median ${typing.toFixed(1)} ms, p95 ${percentile(keys, 95).toFixed(1)} ms over ${keys.length} keys  (median/frame ${(typing / FRAME_MS).toFixed(2)} of a ${FRAME_MS.toFixed(1)} ms frame)`,
  );
} finally {
  await browser.close();
  server.close();
}
