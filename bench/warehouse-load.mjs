#!/usr/bin/env node
// The local warehouse under concurrent calls (issue 17 point 15), through the HTTP API as the
// console calls it: fifty calls of GET /api/tramontina/webservice/products/1/{code} (manufacturer →
// warehouse upsert) and fifty of GET /api/tramontina/firestore/products/{code} (warehouse reads →
// Firestore) for one code, first one after another, then all at once — twice: the Functions
// emulator runs a worker process per request in flight (the stack starts FUNCTION_EXECUTIONS_AT_ONCE
// of them in the background once it is ready, and lets that many run at once: scripts/lib/stack.mjs;
// the bench waits for them, as a user arriving a few seconds after `npm start` would find them).
// Goal: every call succeeds and concurrent/sequential wall time ≤ 2.
// Usage: node bench/warehouse-load.mjs [calls=50]   (starts its own stack; needs its ports free)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { CACHE_DIR, HOSTING_URL, PROJECT_ID } from '../scripts/lib/config.mjs';
import { startStack } from '../scripts/lib/stack.mjs';
import { signIn } from './support.mjs';
import { emulatorEnv, loadSeed, readSeed } from '../scripts/lib/seed.mjs';

const CALLS = Number(process.argv[2] ?? 50);
const CODE = '10437899'; // Tramontina, company 1, in the seed and in every sandbox's catalogue

/**
 * One call: its status and, when it failed, its error.
 * @param {string} path
 * @param {string} token
 * @returns {Promise<{ status: number | string, error?: string }>}
 */
async function call(path, token) {
  try {
    const res = await fetch(`${HOSTING_URL}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(180_000) });
    const body = await res.json().catch(() => ({}));
    return { status: res.status, error: body.error };
  } catch (error) {
    return {
      status: 'no answer',
      error: error instanceof Error && error.name === 'TimeoutError' ? 'none within 180 s' : String(error instanceof Error ? error.message : error),
    };
  }
}

/** @param {{ status: number | string, error?: string }[]} results */
function summary(results) {
  const failed = results.filter((r) => r.status !== 200);
  if (!failed.length) return `all ${results.length} succeeded`;
  const counts = new Map();
  for (const r of failed) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const byStatus = [...counts].map(([status, n]) => `${n}× ${status}`).join(', ');
  return `${failed.length} of ${results.length} FAILED (${byStatus}: ${failed[0].error ?? ''})`;
}

const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-load-'));
const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-load.log') });
// Killed (a timeout, Ctrl+C): the emulators go too.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stack.stop().finally(() => process.exit(1)));
try {
  await loadSeed();
  await stack.apiWorkers;
  const { documents, users } = readSeed();
  const admin = users.find((u) => u.claims.role === 'admin');
  if (!admin) throw new Error('the seed has no admin user');
  const token = await signIn(admin.email, admin.password);
  // A store of its own with main's upstream configuration and the product.
  const project = `bench-load-${Date.now().toString(36)}`;
  Object.assign(process.env, emulatorEnv());
  const app = initializeApp({ projectId: PROJECT_ID }, 'bench-load');
  for (const path of ['config/bling', 'config/tramontina', `product/${CODE}`, `product-data/${CODE}`]) {
    if (documents[`project/main/${path}`]) await getFirestore(app).doc(`project/${project}/${path}`).set(documents[`project/main/${path}`]);
  }
  await deleteApp(app);
  const paths = {
    webservice: `/api/tramontina/webservice/products/1/${CODE}?project=${project}`,
    firestore: `/api/tramontina/firestore/products/${CODE}?project=${project}`,
  };
  // Warm: the first call of a function starts its worker; the warehouse gets its rows.
  for (const path of [`/api/bling/bigquery/produtos?project=${project}&id=${CODE}`, paths.webservice, paths.firestore]) {
    const r = await call(path, token);
    if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${r.error}`);
  }
  for (const [name, path] of Object.entries(paths)) {
    let t = performance.now();
    const one = [];
    for (let i = 0; i < CALLS; i++) one.push(await call(path, token));
    const sequential = (performance.now() - t) / 1000;
    console.log(`load   ${name.padEnd(10)} ${CALLS} calls one after another: ${sequential.toFixed(1)} s, ${summary(one)}`);
    for (const round of ['first round', 'second round']) {
      t = performance.now();
      const all = await Promise.all(Array.from({ length: CALLS }, () => call(path, token)));
      const concurrent = (performance.now() - t) / 1000;
      console.log(
        `load   ${name.padEnd(10)} ${CALLS} concurrent calls, ${round}: ${concurrent.toFixed(1)} s = ${(concurrent / sequential).toFixed(2)}× sequential, ${summary(all)}`,
      );
    }
  }
} finally {
  await stack.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
