// A test page of the console's own components for a benchmark: Vite builds bench/<name>/ (its
// index.html and page.tsx), a local server serves it, headless chromium opens it. No emulators.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { CACHE_DIR, ROOT } from '../../scripts/lib/config.mjs';

/** @type {Record<string, string>} */
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const percentile = (/** @type {number[]} */ xs, /** @type {number} */ p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/**
 * Builds bench/<name>/ and opens it; resolves once the page exposes `window.bench`. `label`
 * prefixes page errors. Call `close()` when done.
 * @param {string} name
 * @param {string} label
 */
export async function openBenchPage(name, label) {
  const outDir = join(CACHE_DIR, `bench-${name}`);
  // The console's modules load the Firebase client: it needs a project id.
  process.env.VITE_FIREBASE_PROJECT_ID ??= 'demo-bench';
  await build({
    configFile: false,
    root: join(ROOT, 'bench', name),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(outDir, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? (path === '/' ? 'text/html' : 'application/octet-stream') });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const close = async () => {
    await browser.close();
    server.close();
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (error) => console.error(`${label} page error: ${error.message}`));
    await page.goto(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`);
    await page.waitForFunction(() => 'bench' in window);
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
