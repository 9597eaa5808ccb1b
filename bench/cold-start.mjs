#!/usr/bin/env node
// The cold start of an HTTPS function: the time to the first answer of a request that the
// Functions emulator gives a new worker process (it loads functions/lib/index.js, then the
// function runs). For a small function (GET /api/health) and a big one (the AI usage, GET
// /api/console/ai/usage, answered 401 without a token once its code is loaded), on a stack started
// with warmWorkers: false (no worker but the one the ready check started). Issue 24: one HTTPS
// function per feature, each loading only its feature's code.
//
// It needs only URLs and firebase.json (which function Hosting routes a URL to), so the same file
// runs on a commit with the single `api` function, for the 'before' figure: copy it there and run
// `node scripts/build.mjs && node bench/cold-start.mjs` (`npm run bench -- load` builds first).
//
// A new worker: the workers of the URL's function (found by their K_SERVICE) are stopped first —
// processes of the stack this script started — so the emulator starts one for the call. Repeated
// ROUNDS times, small and big in turn; the median is printed.
// Usage: node bench/cold-start.mjs [rounds=3]   (starts its own stack; needs its ports free)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_DIR, HOSTING_URL, ROOT } from '../scripts/lib/config.mjs';
import { descendantsOf, startStack } from '../scripts/lib/stack.mjs';

const ROUNDS = Number(process.argv[2] ?? 3);
const URLS = [
  { label: 'small (GET /api/health)', path: '/api/health' },
  { label: 'big (GET /api/console/ai/usage)', path: '/api/console/ai/usage?project=main' },
];

/** @type {{ source: string, function?: { functionId: string } }[]} */
const rewrites = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).hosting.rewrites;

/**
 * The function Hosting routes a path to (first matching rewrite: exact, `/**` prefix).
 * @param {string} path
 */
function functionOf(path) {
  const pathname = path.split('?')[0] ?? path;
  for (const rule of rewrites) {
    if (!rule.function) continue;
    const matches = rule.source.endsWith('/**') ? pathname.startsWith(rule.source.slice(0, -2)) : pathname === rule.source;
    if (matches) return rule.function.functionId;
  }
  throw new Error(`no function serves ${path} in firebase.json`);
}

/**
 * The emulator's worker processes of one function (each has K_SERVICE = the function's name).
 * @param {number} pid the emulators' process
 * @param {string} functionId
 */
function workersOf(pid, functionId) {
  return descendantsOf(pid).filter((/** @type {number} */ child) => {
    try {
      const env = readFileSync(`/proc/${child}/environ`, 'utf8').split('\0');
      return env.includes(`K_SERVICE=${functionId}`) && env.some((v) => v.startsWith('FUNCTION_TARGET='));
    } catch {
      return false; // gone meanwhile
    }
  });
}

/**
 * Stops the function's workers and waits until they are gone, so the next call starts a new one.
 * @param {number} pid
 * @param {string} functionId
 */
async function stopWorkers(pid, functionId) {
  for (const worker of workersOf(pid, functionId)) process.kill(worker, 'SIGKILL');
  const deadline = Date.now() + 10_000;
  while (workersOf(pid, functionId).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  // The emulator drops a worker from its pool when it sees the process exit.
  await new Promise((r) => setTimeout(r, 500));
}

/** @param {string} path */
async function timedCall(path) {
  const began = performance.now();
  const res = await fetch(`${HOSTING_URL}${path}`, { signal: AbortSignal.timeout(180_000) });
  await res.arrayBuffer();
  return { ms: performance.now() - began, status: res.status };
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-cold-'));
const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-cold.log'), warmWorkers: false });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stack.stop().finally(() => process.exit(1)));
const pid = stack.child.pid;
try {
  if (!pid) throw new Error('the emulators did not start');
  /** @type {Map<string, number[]>} */
  const colds = new Map(URLS.map((u) => [u.label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const { label, path } of URLS) {
      const functionId = functionOf(path);
      await stopWorkers(pid, functionId);
      const answer = await timedCall(path);
      const started = workersOf(pid, functionId).length;
      if (started !== 1) throw new Error(`${label}: expected one new worker of ${functionId}, found ${started}`);
      colds.get(label)?.push(answer.ms);
      console.log(`  round ${round + 1} ${label}: ${functionId}, a new worker's first answer (HTTP ${answer.status}) in ${answer.ms.toFixed(0)} ms`);
    }
  }
  for (const { label, path } of URLS) {
    const values = colds.get(label) ?? [];
    console.log(
      `cold start ${label} → ${functionOf(path)}: ${median(values).toFixed(0)} ms median of ${values.length} (${values.map((v) => v.toFixed(0)).join(', ')})`,
    );
  }
  console.log(`cold start load average (1 min): ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`);
} finally {
  await stack.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
