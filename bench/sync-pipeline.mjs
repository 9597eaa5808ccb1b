#!/usr/bin/env node
// Time per product code of the full sync pipeline, ERP → warehouse → Firestore, through the HTTP
// API as the console calls it (GET /api/bling/bigquery/produtos, then
// GET /api/tramontina/firestore/products/{code}), with the Bling sandbox answering at 0 ms and at
// 200 ms. Reported as overhead over the upstream latency (upstream calls per code × latency).
// Bling's own limit (3 requests/s per account, paced by the client) is printed beside it: codes
// run one after another, so past that floor the pacing, not the pipeline, sets the pace.
// Then Bling's limit with every instance at once (issue 28): Bling calls a second of one, then of
// two function instances syncing one account, against its 3/s as the sandbox counts them (goal
// ≥ 0.95, no 429, never 4 in any second), with the one-instance figure as the same-run baseline.
// Usage: node bench/sync-pipeline.mjs [codes=20]   (starts its own stack; needs its ports free)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { CACHE_DIR, HOSTING_URL, PROJECT_ID } from '../scripts/lib/config.mjs';
import { startStack } from '../scripts/lib/stack.mjs';
import { signIn } from './support.mjs';
import { emulatorEnv, loadSeed, readSeed } from '../scripts/lib/seed.mjs';

const CODES = Number(process.argv[2] ?? 20);
const LATENCIES = [0, 200];
// Bling's sliding window as the client paces it (functions/src/sync/bling/pacing.ts).
const BLING_WINDOW_MS = 1050;
const BLING_PER_WINDOW = 3;
const BLING_PER_SECOND = 3;
const TWO_INSTANCE_SECONDS = Number(process.env.BENCH_SYNC_LIMIT_SECONDS || 30);

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * @param {string} path
 * @param {string} token
 */
async function call(path, token) {
  const res = await fetch(`${HOSTING_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${body.error}`);
  return body;
}

const sandbox = (/** @type {string} */ url, /** @type {string} */ path, /** @type {RequestInit} */ init = {}) =>
  fetch(`${new URL(url).origin}/__sandbox/${path}`, init).then((r) => r.json());

const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-sync-'));
const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-sync.log') });
try {
  await loadSeed();
  const bling = stack.sandboxes.urls.bling;
  const { documents, users } = readSeed();
  const admin = users.find((u) => u.claims.role === 'admin');
  if (!admin) throw new Error('the seed has no admin user');
  const token = await signIn(admin.email, admin.password);

  // A store of its own, with main's Bling account: the warehouse file and main stay as they were.
  const project = `bench-${Date.now().toString(36)}`;
  Object.assign(process.env, emulatorEnv());
  const app = initializeApp({ projectId: PROJECT_ID }, 'bench-sync');
  await getFirestore(app).doc(`project/${project}/config/bling`).set(documents['project/main/config/bling']);
  await deleteApp(app);
  const codes = Object.entries(documents)
    .filter(([path, data]) => path.startsWith('project/main/product/') && (data.brand ?? 'Tramontina') === 'Tramontina')
    .map(([path]) => path.slice(path.lastIndexOf('/') + 1))
    .slice(0, CODES + 1);
  // The limit phase's own codes (never synced before in this store): enough for its minute.
  const codesForLimit = Object.keys(documents)
    .filter((path) => path.startsWith('project/main/product/'))
    .map((path) => path.slice(path.lastIndexOf('/') + 1))
    .filter((code) => !codes.includes(code))
    .slice(0, 200);

  const pipeline = async (/** @type {string} */ code) => {
    await call(`/api/bling/bigquery/produtos?project=${project}&id=${code}`, token);
    await call(`/api/tramontina/firestore/products/${code}?project=${project}`, token);
  };
  // The first call starts the function's worker and loads its modules: not a per-code cost.
  await pipeline(codes.shift() ?? '');

  const half = Math.ceil(codes.length / 2);
  for (const latency of LATENCIES) {
    await sandbox(
      bling,
      'faults',
      latency ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latencyMs: latency }) } : { method: 'DELETE' },
    );
    await sandbox(bling, 'requests', { method: 'DELETE' });
    // Spaced: each code starts once Bling's window is clear, so no call waits for the pacer and
    // the time is the pipeline's own plus the upstream's.
    const spaced = [];
    for (const code of codes.slice(0, half)) {
      const t = performance.now();
      await pipeline(code);
      spaced.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, BLING_WINDOW_MS));
    }
    const { count } = await sandbox(bling, 'requests');
    const callsPerCode = count / half;
    // Back to back: what a bulk sync of one account gets, where Bling's limit sets the pace.
    const rest = codes.slice(half);
    const started = performance.now();
    for (const code of rest) await pipeline(code);
    const throughput = (performance.now() - started) / rest.length;

    const upstream = callsPerCode * latency;
    const perCode = median(spaced);
    console.log(
      `sync-pipeline latency ${String(latency).padStart(3)} ms: ${perCode.toFixed(0)} ms per code (median of ${half}); ` +
        `upstream ${callsPerCode.toFixed(1)} calls × ${latency} ms = ${upstream.toFixed(0)} ms; overhead ${(perCode - upstream).toFixed(0)} ms per code. ` +
        `Back to back: ${throughput.toFixed(0)} ms per code (Bling pacing floor ${((callsPerCode * BLING_WINDOW_MS) / BLING_PER_WINDOW).toFixed(0)} ms)`,
    );
  }
  await sandbox(bling, 'faults', { method: 'DELETE' });

  // Bling's limit with every instance at once (issue 28): codes synced by one chain of calls (one
  // function instance: the emulator runs one request per worker), then by two chains at once (two
  // instances pacing the account together through Firestore), for TWO_INSTANCE_SECONDS each. The
  // sandbox counts the account's requests as Bling does (per account, on arrival): the figure is
  // Bling calls a second against its 3, the goal ≥ 0.95 of it with no 429 and never 4 in a second.
  const accountId = documents['project/main/config/bling'].clientId;
  const blingOrigin = new URL(bling).origin;
  const pool = codesForLimit.slice();
  const chain = async (/** @type {number} */ until, /** @type {number[]} */ done) => {
    while (performance.now() < until) {
      const code = pool.shift();
      if (!code) return;
      await call(`/api/bling/bigquery/produtos?project=${project}&id=${code}`, token);
      done.push(1);
    }
  };
  const measure = async (/** @type {number} */ instances) => {
    const since = Date.now();
    const done = /** @type {number[]} */ ([]);
    const until = performance.now() + TWO_INSTANCE_SECONDS * 1000;
    await Promise.all(Array.from({ length: instances }, () => chain(until, done)));
    const seconds = (Date.now() - since) / 1000;
    const { requests } = await fetch(`${blingOrigin}/__bling/requests?since=${since}`).then((r) => r.json());
    const mine = requests.filter((/** @type {{accountId: string}} */ r) => r.accountId === accountId);
    const accepted = mine.filter((/** @type {{status: number}} */ r) => r.status !== 429).map((/** @type {{at: number}} */ r) => r.at);
    let most = 0;
    for (let i = 0, j = 0; i < accepted.length; i++) {
      while (accepted[i] - accepted[j] >= 1000) j++;
      most = Math.max(most, i - j + 1);
    }
    const span = accepted.length > 1 ? (accepted[accepted.length - 1] - accepted[0]) / 1000 : seconds;
    const rate = (accepted.length - 1) / span;
    return { codes: done.length / seconds, rate, ratio: rate / BLING_PER_SECOND, refused: mine.length - accepted.length, most };
  };
  await call(`/api/bling/bigquery/produtos?project=${project}&id=${pool.shift()}`, token); // warm the second worker's path
  const one = await measure(1);
  await new Promise((r) => setTimeout(r, 1500));
  const two = await measure(2);
  const line = (/** @type {string} */ label, /** @type {Awaited<ReturnType<typeof measure>>} */ m) =>
    `${label}: ${m.codes.toFixed(2)} codes/s, ${m.rate.toFixed(2)} Bling calls/s = ${m.ratio.toFixed(3)} of Bling's ${BLING_PER_SECOND}/s; 429s ${m.refused}; most in any second ${m.most}`;
  console.log(`sync-pipeline Bling limit, ${line('one instance', one)}`);
  console.log(`sync-pipeline Bling limit, ${line('two instances', two)}`);
  const met = two.ratio >= 0.95 && two.refused === 0 && two.most <= BLING_PER_SECOND;
  console.log(
    `sync-pipeline Bling limit: two instances ${two.ratio.toFixed(3)} of the account's limit (goal ≥ 0.95, never over: ${two.refused === 0 && two.most <= BLING_PER_SECOND ? 'kept' : 'BROKEN'}) — ${met ? 'goal met' : 'goal NOT met'}; same-run baseline (one instance) ${one.ratio.toFixed(3)}, two/one ${(two.rate / one.rate).toFixed(2)}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await stack.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
