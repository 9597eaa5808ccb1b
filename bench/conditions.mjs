#!/usr/bin/env node
// `npm run bench -- conditions`: the condition core in Node (writing and reading 1,000 random trees
// of ~200 nodes, one rule over 10,000 products; bench/conditions/core.ts) and keystroke-to-paint
// while editing a leaf of a 200-node tree in headless chromium (bench/conditions/page.tsx), each
// against its goal and a baseline of the same run. No emulators needed.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { build as esbuild } from 'esbuild';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { CACHE_DIR, ROOT } from '../scripts/lib/config.mjs';

const FRAME_MS = 1000 / 60;
const TYPED = ' de pressão 6 L inox';

const core = join(CACHE_DIR, 'bench-conditions-core.mjs');
await esbuild({ entryPoints: [join(ROOT, 'bench/conditions/core.ts')], bundle: true, platform: 'node', format: 'esm', outfile: core, logLevel: 'warning' });
const r = spawnSync(process.execPath, [core], { stdio: 'inherit' });
if (r.status !== 0) process.exit(1);

const outDir = join(CACHE_DIR, 'bench-conditions');
process.env.VITE_FIREBASE_PROJECT_ID ??= 'demo-bench';
// Keystroke-to-paint is timed on the production build, the one operators run, beside floor.html (a
// bare input timed the same way: the browser's own cost of a keystroke in this run). React's own
// time per update is read apart from React's profiling build (its Profiler), which adds logging
// of its own to every render, so it is not the build whose keystrokes are timed.
await build({
  configFile: false,
  root: join(ROOT, 'bench/conditions'),
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    rollupOptions: { input: { page: join(ROOT, 'bench/conditions/index.html'), floor: join(ROOT, 'bench/conditions/floor.html') } },
  },
});
await build({
  configFile: false,
  root: join(ROOT, 'bench/conditions'),
  base: '/profiling/',
  plugins: [react()],
  logLevel: 'warn',
  resolve: { alias: { 'react-dom/client': 'react-dom/profiling' } },
  build: { outDir: join(outDir, 'profiling'), emptyOutDir: false, chunkSizeWarningLimit: 5000 },
});

/** @type {Record<string, string>} */
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(outDir, path.endsWith('/') ? join(path, 'index.html') : path));
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/html' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const percentile = (/** @type {number[]} */ xs, /** @type {number} */ p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/**
 * Opens one page, types TYPED at the end of the first 'comparado a' input, returns what it timed.
 * @param {import('playwright-core').Browser} browser
 * @param {string} path
 * @param {{ tree: boolean }} options
 */
async function typeInto(browser, path, { tree }) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    page.on('pageerror', (error) => console.error(`conditions page error: ${error.message}`));
    await page.goto(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}${path}`);
    await page.waitForFunction(() => 'bench' in window);
    const { nodes, openMs } = await page.evaluate(() => ({ nodes: window.bench.nodes, openMs: window.bench.openMs }));
    const input = page.getByRole('textbox', { name: 'comparado a' }).first();
    await input.click();
    await input.press('End');
    await page.evaluate(() => {
      window.bench.keystrokes.splice(0);
      window.bench.renders.splice(0);
    });
    await page.keyboard.type(TYPED, { delay: 40 });
    await page.waitForTimeout(200);
    const keys = await page.evaluate(() => [...window.bench.keystrokes]);
    const renders = await page.evaluate(() => [...window.bench.renders]);
    const typed = await input.inputValue();
    if (typed !== `Panela${TYPED}`) throw new Error(`the typed text did not reach the leaf: ${JSON.stringify(typed)}`);
    if (tree) {
      const sql = await page.getByTestId('condition-sql').textContent();
      if (!sql?.startsWith(`ProductSiteName = 'Panela${TYPED}'`)) throw new Error('the SQL did not follow the typing');
    }
    return { nodes, openMs, keys, renders };
  } finally {
    await page.close();
  }
}

const ROUNDS = 3;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  // Rounds alternate the editor and the bare input, so both see the same load.
  /** @type {number[]} */
  const keys = [];
  /** @type {number[]} */
  const floor = [];
  /** @type {Awaited<ReturnType<typeof typeInto>> | undefined} */
  let opened;
  for (let round = 0; round < ROUNDS; round++) {
    const run = await typeInto(browser, '/', { tree: true });
    opened ??= run;
    keys.push(...run.keys);
    floor.push(...(await typeInto(browser, '/floor.html', { tree: false })).keys);
  }
  if (!opened) throw new Error('no round ran');
  const { renders } = await typeInto(browser, '/profiling/', { tree: true });
  const typing = median(keys);
  const bare = median(floor);
  console.log(`conditions editor open, ${opened.nodes} nodes: ${opened.openMs.toFixed(0)} ms to first paint`);
  console.log(
    `conditions   React's render+commit per update: median ${median(renders).toFixed(1)} ms over ${renders.length} updates (profiling build; the rest of keystroke-to-paint is the browser: events, style, layout, paint)`,
  );
  console.log(
    `conditions keystroke to paint editing a leaf of a ${opened.nodes}-node tree: median ${typing.toFixed(1)} ms, p95 ${percentile(keys, 95).toFixed(1)} ms over ${keys.length} keys  (goal one ${FRAME_MS.toFixed(1)} ms frame: median/frame ${(typing / FRAME_MS).toFixed(2)}; a bare input in the same run ${bare.toFixed(1)} ms, ratio ${(typing / bare).toFixed(1)})`,
  );
} finally {
  await browser.close();
  server.close();
}
