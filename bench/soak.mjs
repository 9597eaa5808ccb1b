#!/usr/bin/env node
// Soak (issue 23: the local Firestore died after 100 minutes of heavy use): a fixed mixed load on a
// fresh seeded stack of its own for SOAK_MINUTES (10 by default), the way the console makes it —
//  - document form saves: the web SDK, signed in as the seeded admin, updates a customer
//    (updateDoc with updatedAt, as src/documents/document-store.ts does), 5 a second;
//  - CSV imports: POST /api/console/collections/import with the 30 seeded customers, every 5 s;
//  - a campaign: a copy of the seeded e-mail campaign sent with GET …/campaign-email/{id}/send
//    (SendGrid sandbox), every minute;
//  - the assistant: POST /api/console/products/ai/response (OpenAI sandbox), every 15 s.
// The load rewrites the same documents, so the data set stays about the same size: memory that
// keeps growing is kept by something else. Every 30 s it samples the Firestore emulator's JVM (heap
// in use after a full GC, through jcmd, and its RSS) and the Functions workers' RSS, and prints
// the growth per thousand writes. The Firestore emulator itself keeps about 3 KB per overwrite of
// a 1.6 KB document even when the same 30 documents are rewritten (measured alone: 12,000
// rewrites, 12.6 → 48.4 MB after GC; it keeps old versions), so no load can keep that growth at
// zero. The goal is the time the heap limit lasts at this load: at least SOAK_GOAL_HOURS (8, a
// working day of this heavy use). Beside it, a baseline taken in the same run after the load:
// BASELINE_WRITES bare Admin SDK rewrites of the same customers, and the load's ratio to it (the
// load also creates documents a rewrite does not — campaign recipients and events, the AI ledger
// and conversations, the change logs — so it keeps more per counted write).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeApp as initializeAdmin, deleteApp as deleteAdmin } from 'firebase-admin/app';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getFirestore, serverTimestamp, terminate, updateDoc } from 'firebase/firestore';
import { CACHE_DIR, HOSTING_URL, PROJECT_ID, ports } from '../scripts/lib/config.mjs';
import { FIRESTORE_HEAP } from '../scripts/lib/java.mjs';
import { emulatorEnv, loadSeed, readSeed } from '../scripts/lib/seed.mjs';
import { descendantsOf, javaEmulators, startStack } from '../scripts/lib/stack.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES || 10);
const GOAL_HOURS = Number(process.env.SOAK_GOAL_HOURS || 8);
const BASELINE_WRITES = 3000;
const PROJECT = 'main';
const SAMPLE_MS = 30_000;
const mb = (/** @type {number} */ bytes) => bytes / 2 ** 20;

/** @type {string[]} */
const died = [];
const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-soak-'));
const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-soak.log'), onEmulatorDied: (line) => died.push(line) });
/** @type {import('firebase/app').FirebaseApp | undefined} */
let web;
/** @type {import('firebase-admin/app').App | undefined} */
let admin;
try {
  await loadSeed();
  await stack.apiWorkers;
  Object.assign(process.env, emulatorEnv());
  const { users, documents } = readSeed();
  const adminUser = users.find((u) => u.claims.role === 'admin');
  if (!adminUser) throw new Error('the seed has no admin user');
  const customers = Object.keys(documents).filter((path) => path.startsWith(`project/${PROJECT}/customer/`) && path.split('/').length === 4);
  const campaign = documents[`project/${PROJECT}/campaign-email/black-friday-2026`];
  const product = { id: '10437899', data: documents[`project/${PROJECT}/product/10437899`] };
  if (!customers.length || !campaign || !product.data) throw new Error('the seed lacks the customers, the e-mail campaign or product 10437899 the soak uses');

  web = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, 'bench-soak');
  const auth = getAuth(web);
  connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
  const { user } = await signInWithEmailAndPassword(auth, adminUser.email, adminUser.password);
  const db = getFirestore(web);
  connectFirestoreEmulator(db, '127.0.0.1', ports.firestore);
  admin = initializeAdmin({ projectId: PROJECT_ID }, 'bench-soak-admin');
  const adminDb = getAdminFirestore(admin);
  const api = async (/** @type {string} */ path, /** @type {RequestInit} */ init = {}) => {
    const res = await fetch(`${HOSTING_URL}${path}${path.includes('?') ? '&' : '?'}project=${PROJECT}`, {
      ...init,
      headers: { authorization: `Bearer ${await user.getIdToken()}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(120_000),
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res;
  };

  const counts = { formSaves: 0, importedRows: 0, imports: 0, campaigns: 0, assistantCalls: 0 };
  /** @type {Record<string, number>} */
  const errors = {};
  let round = 0;
  const tasks = {
    async formSave() {
      const path = customers[round++ % customers.length];
      await updateDoc(doc(db, path), { lastName: `Soak ${round}`, updatedAt: serverTimestamp() });
      counts.formSaves += 1;
    },
    async csvImport() {
      const records = customers.map((path, i) => ({ line: i + 2, id: path.split('/')[3], data: { lastName: `Importado ${counts.imports}` } }));
      await api('/api/console/collections/import', { method: 'POST', body: JSON.stringify({ collection: 'customer', records }) });
      counts.imports += 1;
      counts.importedRows += records.length;
    },
    async campaign() {
      const id = `soak-${counts.campaigns}`;
      await adminDb
        .doc(`project/${PROJECT}/campaign-email/${id}`)
        .set({ ...campaign, name: `Soak ${counts.campaigns}`, createdAt: new Date(), updatedAt: new Date() });
      await api(`/api/console/campaign-email/${id}/send`);
      counts.campaigns += 1;
    },
    async assistant() {
      const body = {
        project: PROJECT,
        document: { collection: 'product', id: product.id },
        product_data: product.data,
        messages: [{ role: 'user', content: 'Melhore o título deste produto' }],
      };
      await api('/api/console/products/ai/response', { method: 'POST', body: JSON.stringify(body) });
      counts.assistantCalls += 1;
    },
  };
  const writes = () => counts.formSaves + counts.importedRows + counts.campaigns;

  const java = stack.plan.java.home;
  const firebasePid = /** @type {number} */ (stack.child.pid);
  const rssOf = (/** @type {number} */ pid) => {
    try {
      return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  const sample = () => {
    const { firestore } = javaEmulators(firebasePid);
    let heap = 0;
    if (firestore) {
      // A full GC first: what is left is what the emulator keeps, not garbage not yet collected.
      spawnSync(join(java, 'bin', 'jcmd'), [String(firestore), 'GC.run'], { encoding: 'utf8' });
      const info = spawnSync(join(java, 'bin', 'jcmd'), [String(firestore), 'GC.heap_info'], { encoding: 'utf8' }).stdout ?? '';
      heap = [...info.matchAll(/used (\d+)K/g)].reduce((sum, m) => sum + Number(m[1]) * 1024, 0);
    }
    const family = new Set(descendantsOf(firebasePid));
    const ownWorkers = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((line) => line.includes('functionsEmulatorRuntime'))
      .map((line) => Number(line.trim().split(/\s+/)[0]))
      .filter((pid) => family.has(pid));
    return {
      writes: writes(),
      heap,
      firestoreRss: firestore ? rssOf(firestore) : 0,
      workers: ownWorkers.length,
      workersRss: ownWorkers.reduce((sum, pid) => sum + rssOf(pid), 0),
      firebaseToolsRss: rssOf(firebasePid),
    };
  };

  const until = Date.now() + MINUTES * 60_000;
  /**
   * Runs `task` every `everyMs` until the end (or an emulator dies), one call at a time.
   * @param {keyof typeof tasks} name
   * @param {number} everyMs
   */
  const every = async (name, everyMs) => {
    while (Date.now() < until && !died.length) {
      const t = Date.now();
      try {
        await tasks[name]();
      } catch (error) {
        errors[name] = (errors[name] ?? 0) + 1;
        if (errors[name] <= 3) console.error(`soak ${name}: ${error instanceof Error ? error.message : error}`);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (Date.now() - t))));
    }
  };
  const samples = [sample()];
  const sampler = setInterval(() => samples.push(sample()), SAMPLE_MS);
  console.log(
    `soak ${MINUTES} min of mixed load on ${PROJECT_ID} (Firestore heap limit ${FIRESTORE_HEAP}); first sample: heap ${mb(samples[0].heap).toFixed(0)} MB, RSS ${mb(samples[0].firestoreRss).toFixed(0)} MB`,
  );
  const started = Date.now();
  await Promise.all([every('formSave', 200), every('csvImport', 5000), every('campaign', 60_000), every('assistant', 15_000)]);
  const loadSeconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  samples.push(sample());

  // The baseline: the same customers rewritten bare, 30 at a time, with the heap after GC around it.
  const before = sample().heap;
  for (let i = 0; i < BASELINE_WRITES; i += customers.length)
    await Promise.all(customers.map((path, j) => adminDb.doc(path).update({ lastName: `Base ${i + j}`, updatedAt: new Date() })));
  const baseline = mb(sample().heap - before) / (BASELINE_WRITES / 1000);

  const first = samples[0];
  const last = samples[samples.length - 1];
  const thousands = Math.max(1, last.writes - first.writes) / 1000;
  const per1000 = (/** @type {number} */ a, /** @type {number} */ b) => mb(b - a) / thousands;
  const heapGrowth = per1000(first.heap, last.heap);
  console.log(
    `soak load: ${last.writes} writes (form saves ${counts.formSaves}, imported rows ${counts.importedRows} in ${counts.imports} imports, campaigns ${counts.campaigns}), assistant calls ${counts.assistantCalls}; errors ${JSON.stringify(errors)}`,
  );
  const ratio = heapGrowth / Math.max(0.01, baseline);
  console.log(
    `soak Firestore JVM heap after GC: ${mb(first.heap).toFixed(0)} → ${mb(last.heap).toFixed(0)} MB = ${heapGrowth.toFixed(2)} MB per 1,000 writes; baseline (${BASELINE_WRITES} bare rewrites of the same customers) ${baseline.toFixed(2)} MB per 1,000 (ratio ${ratio.toFixed(2)})`,
  );
  const limitBytes = Number(/^(\d+)([mg])$/i.exec(FIRESTORE_HEAP)?.[1] ?? 0) * (/g$/i.test(FIRESTORE_HEAP) ? 1024 ** 3 : 1024 ** 2);
  const bytesPerHour = ((last.heap - first.heap) / loadSeconds) * 3600;
  const hours = bytesPerHour > 0 ? (limitBytes - last.heap) / bytesPerHour : Infinity;
  console.log(
    `soak the ${FIRESTORE_HEAP} heap at this load (${((last.writes / loadSeconds) * 3600).toFixed(0)} writes an hour) lasts ${hours.toFixed(1)} h  (goal >= ${GOAL_HOURS} h: ${hours >= GOAL_HOURS ? 'met' : 'OVER'})`,
  );
  console.log(
    `soak Firestore JVM RSS: ${mb(first.firestoreRss).toFixed(0)} → ${mb(last.firestoreRss).toFixed(0)} MB = ${per1000(first.firestoreRss, last.firestoreRss).toFixed(2)} MB per 1,000 writes`,
  );
  // The workers from the first sample where the load has started them (the emulator starts them
  // on demand): their growth is counted per worker, over the writes since that sample.
  const base = samples.find((s) => s.workers > 0 && s.workers === last.workers) ?? first;
  const perWorker = (/** @type {typeof first} */ s) => (s.workers ? s.workersRss / s.workers : 0);
  const workerThousands = Math.max(1, last.writes - base.writes) / 1000;
  console.log(
    `soak Functions workers: ${last.workers} (from ${base.workers} at ${base.writes} writes), RSS per worker ${mb(perWorker(base)).toFixed(0)} → ${mb(perWorker(last)).toFixed(0)} MB = ${(mb(perWorker(last) - perWorker(base)) / workerThousands).toFixed(2)} MB per 1,000 writes; firebase-tools RSS ${mb(first.firebaseToolsRss).toFixed(0)} → ${mb(last.firebaseToolsRss).toFixed(0)} MB`,
  );
  console.log(`soak heap after GC by sample (MB): ${samples.map((s) => mb(s.heap).toFixed(0)).join(' ')}`);
  console.log(`soak load average (1 min) at the end: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  if (died.length) {
    console.error(`soak: ${died[0]}`);
    process.exitCode = 1;
  }
} finally {
  if (web) {
    await terminate(getFirestore(web)).catch(() => undefined);
    await deleteApp(web).catch(() => undefined);
  }
  if (admin) await deleteAdmin(admin).catch(() => undefined);
  await stack.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
