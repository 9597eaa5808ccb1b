#!/usr/bin/env node
// `npm run bench`: prints figures and ratios. Needs the emulator ports free (stop `npm start`).
//  - start: seconds to 'Console ready' on a fresh state (seeded) and on a restart (imported), the
//    way `npm start` runs them, with each step's share, beside the goals (15 s, 10 s);
//  - bundle: the JavaScript before the sign-in screen paints (initial, and to the sign-in form) in
//    gzip kB beside the 180 kB goal, from Vite's manifest (bench/bundle.mjs);
//  - form: the document form with 200 fields in headless chromium (bench/document-form.mjs);
//  - csv: CSV import rows/s in the browser vs a bare Admin SDK write of the same documents, and export time (bench/csv-import.mjs);
//  - bulk: the bulk sync engine's codes/s against N / (T + 0.4 s), no emulators (bench/bulk-sync.mjs);
//  - upload: a 20 MB file through the Storage emulator, web SDK vs a bare resumable POST (bench/upload.mjs);
//  - campaign: a 10,000-recipient e-mail campaign vs the SendGrid sandbox's rate floor, and duplicates (bench/campaign.mjs);
//  - soak: a fixed mixed load for SOAK_MINUTES (10): memory growth per thousand writes (bench/soak.mjs).
// Every part owns its stack (or needs none): none is handed the emulators of a part before it
// (partEnv, bench/support.mjs); each has a time limit, and a failed part does not stop the rest.
//  - whatsapp: a 5,000-recipient WhatsApp campaign's send rate against the sandbox's throughput limit, and duplicates (bench/whatsapp.mjs);
//  - conditions: condition SQL write/read of 1,000 ~200-node trees, one rule over 10,000 products, editor keystroke-to-paint (bench/conditions.mjs).
//  - layout: the page layout editor: operation p95 at 2,000 nodes, opening 500 nodes, node re-renders (bench/layout-editor.mjs).
//  - ai: the assistant's server time per round, and product texts for 100 codes at N = 1, 5, 10 against the OpenAI sandbox's latency floor (bench/ai.mjs).
//  - load: fifty concurrent warehouse-backed API calls vs the same calls in sequence (bench/warehouse-load.mjs),
//    and the cold start of a small and a big HTTPS function on a new worker (bench/cold-start.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_DIR, PORT_OFFSET, ROOT, WEB_BUILD_INFO_DIR, WEB_DIST } from '../scripts/lib/config.mjs';
import { startStack } from '../scripts/lib/stack.mjs';
import { loadSeed, saveSeedSnapshot, seedSnapshotDir } from '../scripts/lib/seed.mjs';
import { partEnv } from './support.mjs';

const START_FRESH_GOAL_S = 15;
const START_RESTART_GOAL_S = 10;
const BUNDLE_GOAL_KB = 180;
const only = process.argv.slice(2);
const want = (/** @type {string} */ name) => only.length === 0 || only.includes(name);

const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

if (want('start')) {
  // Goals (issue 23): 'Console ready' within 15 s on a fresh state, 10 s on a restart. Each run
  // prints its steps (seconds since the stack began starting, and the step's own share), the
  // build's up-to-date check that `npm start` does first, and the load average: with other work
  // on the machine the absolute figures move, the shares much less.
  // BENCH_START_COLD=1: the fresh run also starts without the compiled Storage rules runtime, the
  // JVMs' class-data archives and the seed's snapshot (.cache/storage-rules-runtime, .cache/cds,
  // .cache/seed-snapshot), as on a fresh clone.
  const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const logFile = join(CACHE_DIR, `emulators-bench-${PORT_OFFSET}.log`);
  const loadBefore = loadavg()[0];
  const buildStarted = performance.now();
  spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'ignore' });
  const buildCheck = (performance.now() - buildStarted) / 1000;
  if (process.env.BENCH_START_COLD === '1') {
    for (const dir of ['storage-rules-runtime', 'cds', 'seed-snapshot']) rmSync(join(CACHE_DIR, dir), { recursive: true, force: true });
  }
  /**
   * @param {string} label
   * @param {number} goal
   * @param {boolean} persist
   * @param {boolean} seed
   * @param {string} [dir] the state folder (empty: a fresh start)
   */
  const run = async (label, goal, persist, seed, dir = stateDir) => {
    const t = performance.now();
    // As npm start: the API workers start after the seed, behind 'Console ready'.
    const stack = await startStack({ stateDir: dir, persist, logFile, warmWorkers: false, seedSnapshot: seed ? seedSnapshotDir() : undefined });
    const steps = [...stack.timings];
    if (stack.fromSeedSnapshot) {
      label += ', from the seed snapshot';
    } else if (seed) {
      await loadSeed();
      steps.push({ step: 'seeded (emulator-data/seed, background triggers off)', at: (performance.now() - t) / 1000 });
      await saveSeedSnapshot();
      steps.push({ step: 'seed snapshot saved (.cache/seed-snapshot, once per seed)', at: (performance.now() - t) / 1000 });
      label += ', seed written';
    }
    const ready = (performance.now() - t) / 1000 + buildCheck;
    const over = ready > goal ? ', OVER' : '';
    console.log(
      `start ${label}: ${ready.toFixed(1)} s to 'Console ready'  (goal <= ${goal} s: ${(ready / goal).toFixed(2)} of it${over}; load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
    );
    console.log(`  ${buildCheck.toFixed(1).padStart(5)} s  build: up-to-date check (${((buildCheck / ready) * 100).toFixed(0)}%)`);
    let before = 0;
    for (const { step, at } of steps) {
      console.log(`  ${(at - before).toFixed(1).padStart(5)} s  ${step}  (at ${at.toFixed(1)} s, ${(((at - before) / ready) * 100).toFixed(0)}%)`);
      before = at;
    }
    // After the figures: the warm-up takes minutes on a loaded machine, and a stopped run would
    // otherwise print nothing.
    stack.warmWorkers();
    await stack.apiWorkers;
    const workers = stack.timings.at(-1);
    await stack.stop();
    if (workers?.step.startsWith('API workers')) console.log(`  (${workers.step}: ${workers.at.toFixed(1)} s, not waited for)`);
  };
  const emptyDir = mkdtempSync(join(tmpdir(), 'console-bench-fresh-'));
  try {
    // A first start writes the seed and saves its snapshot; every later start without a saved
    // state imports that (as `npm start` after removing .emulator-state/): both are measured.
    const snapshotBefore = existsSync(join(seedSnapshotDir(), 'firebase-export-metadata.json'));
    await run('fresh (no saved state, seeded)', START_FRESH_GOAL_S, true, true);
    if (!snapshotBefore) await run('fresh again (no saved state, seeded)', START_FRESH_GOAL_S, false, true, emptyDir);
    await run('restart (saved state imported)', START_RESTART_GOAL_S, false, false);
    console.log(`start load average (1 min) before/after: ${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(emptyDir, { recursive: true, force: true });
  }
}

if (want('bundle')) {
  // The goal (issue 23): at most 180 kB of gzip JavaScript before the sign-in screen can paint.
  const { signInPath } = await import('./bundle.mjs');
  const r = signInPath(join(ROOT, WEB_DIST), join(WEB_BUILD_INFO_DIR, '.vite', 'manifest.json'));
  const line = (/** @type {string} */ label, /** @type {{ gzip: number, files: number }} */ part) =>
    `${label}${(part.gzip / 1024).toFixed(1)} kB gzip in ${part.files} files  (goal <= ${BUNDLE_GOAL_KB} kB: ${(part.gzip / 1024 / BUNDLE_GOAL_KB).toFixed(2)} of it${part.gzip / 1024 > BUNDLE_GOAL_KB ? ', OVER' : ''})`;
  console.log(line('bundle initial JS (entry + modulepreloads):        ', r.initial));
  console.log(line('bundle to the sign-in form (+ its chunk and Auth): ', r.signIn));
  console.log(`bundle all JS: ${(r.all.gzip / 1024).toFixed(1)} kB gzip in ${r.all.files} files  (initial/all ${(r.initial.gzip / r.all.gzip).toFixed(2)})`);
  console.log(`bundle largest on the sign-in path: ${r.largest.map((f) => `${f.name} ${(f.gzip / 1024).toFixed(1)}`).join(', ')} (kB gzip)`);
}

/**
 * The parts that run as processes of their own, in this order. Each starts its own stack (or
 * needs none) and is given an environment without any emulator's address: a part never reaches
 * (or waits on) the stack of a part before it, which has stopped. `minutes`: how long it may run
 * before it is stopped and counted as failed, so the whole bench finishes unattended.
 * @type {{ name: string, script: string, minutes: number, note: string }[]}
 */
const PARTS = [
  { name: 'warehouse', script: 'bench/warehouse.mjs', minutes: 15, note: 'the warehouse queries, no emulators' },
  {
    name: 'load',
    script: 'bench/warehouse-load.mjs',
    minutes: 15,
    note: 'its own stack: fifty concurrent warehouse-backed API calls vs the same calls in sequence',
  },
  {
    name: 'load',
    script: 'bench/cold-start.mjs',
    minutes: 10,
    note: 'its own stack (workers not warmed): time to the first answer of a new worker, a small function and a big one',
  },
  { name: 'form', script: 'bench/document-form.mjs', minutes: 10, note: 'the document form in headless chromium' },
  {
    name: 'csv',
    script: 'bench/csv-import.mjs',
    minutes: 20,
    note: 'its own stack: 10,000 products through the import dialog vs bare Admin SDK writes, and the export',
  },
  { name: 'bulk', script: 'bench/bulk-sync.mjs', minutes: 10, note: 'the bulk sync engine against a sandbox at 100 ms per call: codes/s over N / (T + 0.4 s)' },
  { name: 'sync', script: 'bench/sync-pipeline.mjs', minutes: 15, note: 'its own stack: the full pipeline ERP → warehouse → Firestore per code' },
  { name: 'upload', script: 'bench/upload.mjs', minutes: 10, note: 'its own stack: 20 MB with uploadBytesResumable (signed in, rules on) vs one bare POST' },
  {
    name: 'whatsapp',
    script: 'bench/whatsapp.mjs',
    minutes: 20,
    note: "its own stack: 5,000 recipients through 'Enviar', the send job and the Graph API sandbox",
  },
  { name: 'conditions', script: 'bench/conditions.mjs', minutes: 15, note: 'condition SQL and the editor, its own Firestore' },
  { name: 'layout', script: 'bench/layout-editor.mjs', minutes: 10, note: 'no emulators: the layout editor drawer in headless chromium against its goals' },
  {
    name: 'ai',
    script: 'bench/ai.mjs',
    minutes: 20,
    note: "its own stack: the assistant's own time per round, and product texts against the sandbox's latency floor",
  },
  {
    name: 'segments',
    script: 'bench/segments.mjs',
    minutes: 20,
    note: "no emulators: 500,000 customers and 5,000,000 events in DuckDB, 'Testar segmento' on an event rule and a 200,000-member snapshot",
  },
  { name: 'campaign', script: 'bench/campaign.mjs', minutes: 20, note: 'its own stack: a 10,000-recipient e-mail campaign against the SendGrid sandbox' },
  {
    name: 'soak',
    script: 'bench/soak.mjs',
    minutes: Number(process.env.SOAK_MINUTES || 10) + 10,
    note: 'its own stack: forms, imports, a campaign and the assistant for SOAK_MINUTES (10), memory per thousand writes',
  },
];

const failed = [];
for (const part of PARTS) {
  if (!want(part.name)) continue;
  const r = spawnSync(process.execPath, [join(ROOT, part.script)], {
    stdio: 'inherit',
    env: partEnv(),
    timeout: part.minutes * 60_000,
    killSignal: 'SIGINT',
  });
  if (r.error || r.status !== 0) {
    failed.push(part.name);
    console.error(`bench ${part.name}: ${r.error ? `stopped after ${part.minutes} min (${r.error.message})` : `exited with ${r.status ?? r.signal}`}`);
  }
}
if (failed.length) {
  console.error(`bench: ${failed.length} part(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
