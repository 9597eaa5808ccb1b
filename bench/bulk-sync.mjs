#!/usr/bin/env node
// Bulk sync efficiency: codes per second the bulk sync engine (web/src/sync/bulk-sync.ts, the very
// module the screen runs) achieves against its limit N / (T + 0.4 s) — N simultaneous processes,
// T a code's upstream time, 0.4 s the pause after each code (document 1 §9) — for N = 1, 5 and 10,
// with a store-site sandbox answering every call after 100 ms. Each code runs one task that makes
// one real HTTP call to the sandbox on loopback; T is measured per code, as the runner saw it.
// The functions' own time per code is what `npm run bench -- sync` measures; this isolates the
// scheduling (workers, the pause, the state updates). Printed as ratios; the goal is >= 0.95.
// Usage: node bench/bulk-sync.mjs [rounds=8]   (rounds of N codes per N; no emulators needed)
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CACHE_DIR, ROOT } from '../scripts/lib/config.mjs';

const ROUNDS = Number(process.argv[2] ?? 8);
const CONCURRENCIES = [1, 5, 10];
const LATENCY_MS = 100;
const GOAL = 0.95;

// The engine is TypeScript without imports: bundled as it is for Node.
mkdirSync(CACHE_DIR, { recursive: true });
const engineFile = join(CACHE_DIR, 'bench-bulk-sync-engine.mjs');
await build({
  entryPoints: [join(ROOT, 'web/src/sync/bulk-sync.ts')],
  outfile: engineFile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
/** @type {typeof import('../web/src/sync/bulk-sync')} */
const { createBulkSync, CODE_DELAY_MS } = await import(pathToFileURL(engineFile).href);

const sandboxLib = join(ROOT, 'sandboxes/dist/index.mjs');
if (!existsSync(sandboxLib)) {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'sandboxes'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
/** @type {typeof import('../sandboxes/src/index.js')} */
const { startSandboxes, loadCatalogue } = await import(pathToFileURL(sandboxLib).href);

const catalogue = loadCatalogue();
const sandboxes = await startSandboxes({ catalogue });
try {
  const site = 'site-cookstore';
  const base = new URL(sandboxes.urls[site]).origin;
  sandboxes.controls[site].setFaults([{ latencyMs: LATENCY_MS }]);
  const allCodes = catalogue.products.map((p) => p.ProductCode);

  for (const n of CONCURRENCIES) {
    const codes = allCodes.slice(0, n * ROUNDS);
    if (codes.length < n * ROUNDS) throw new Error(`the catalogue has ${allCodes.length} codes, ${n * ROUNDS} needed`);
    const upstreamMs = new Map();
    const runTask = async (/** @type {string} */ code) => {
      const t = performance.now();
      const res = await fetch(`${base}/api/produtos/${encodeURIComponent(code)}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
      upstreamMs.set(code, (upstreamMs.get(code) ?? 0) + performance.now() - t);
    };
    const sync = createBulkSync({ runTask });
    const started = performance.now();
    sync.start({ codes, tasks: ['site'], concurrency: n });
    await sync.whenIdle();
    const elapsedS = (performance.now() - started) / 1000;

    const state = sync.getState();
    const failed = codes.filter((c) => Object.values(state.progress[c]?.tasks ?? {}).some((t) => t.status === 'failed'));
    if (failed.length) throw new Error(`${failed.length} codes failed, e.g. ${failed[0]}`);
    const meanT = [...upstreamMs.values()].reduce((a, b) => a + b, 0) / upstreamMs.size / 1000;
    const achieved = codes.length / elapsedS;
    const limit = n / (meanT + CODE_DELAY_MS / 1000);
    const ratio = achieved / limit;
    console.log(
      `bulk   N=${String(n).padStart(2)}: ${achieved.toFixed(2)} codes/s of a limit of ${limit.toFixed(2)} ` +
        `(${codes.length} codes, T ${(meanT * 1000).toFixed(0)} ms + ${CODE_DELAY_MS} ms): ${ratio.toFixed(3)}${ratio >= GOAL ? '' : `  (below the ${GOAL} goal)`}`,
    );
  }
} finally {
  await sandboxes.stop();
}
