#!/usr/bin/env node
// Upload throughput through the local stack's Storage emulator (rules enforced by our runtime,
// DEVELOPERS.md): a 20 MB file with the Firebase web SDK's uploadBytesResumable, in Node, signed in
// as a seeded staff user through the Auth emulator — what the console's upload widget does — next
// to a bare resumable upload of the same bytes straight over HTTP (one start, one upload+finalize).
// The ratio is the figure: what the SDK's chunking (256 kB first, doubling) costs over one request.
// Usage: node bench/upload.mjs (starts its own stack; run.mjs builds first).
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectStorageEmulator, deleteObject, getStorage, ref, uploadBytesResumable } from 'firebase/storage';
import { CACHE_DIR, PROJECT_ID, ports } from '../scripts/lib/config.mjs';
import { STORAGE_BUCKET, startStack } from '../scripts/lib/stack.mjs';
import { loadSeed, readSeed } from '../scripts/lib/seed.mjs';

const SIZE = 20 * 1024 * 1024;
const ROUNDS = 5;
const STORAGE = `http://127.0.0.1:${ports.storage}`;
const tag = Date.now().toString(36);
const bytes = new Uint8Array(randomBytes(SIZE));
const mib = SIZE / 2 ** 20;

const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-upload-'));
const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-upload.log') });
let app;
try {
  await loadSeed();
  const staff = readSeed().users.find((u) => u.claims.role === 'staff');
  if (!staff) throw new Error('the seed has no staff user');
  const staffProject = staff.claims.projects[0];
  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key', storageBucket: STORAGE_BUCKET }, 'bench-upload');
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
  const { user } = await signInWithEmailAndPassword(auth, staff.email, staff.password);
  const storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', ports.storage);

  /** @param {string} path */
  async function viaSdk(path) {
    // As the console uploads: the object names its project (storage.rules require it in editor/).
    const task = uploadBytesResumable(ref(storage, path), bytes, { contentType: 'application/octet-stream', customMetadata: { consoleProject: staffProject } });
    let progressEvents = 0;
    task.on('state_changed', () => {
      progressEvents += 1;
    });
    await task;
    return progressEvents;
  }

  /** @param {string} path */
  async function bare(path) {
    const token = await user.getIdToken();
    const start = await fetch(`${STORAGE}/v0/b/${STORAGE_BUCKET}/o?name=${encodeURIComponent(path)}`, {
      method: 'POST',
      headers: {
        authorization: `Firebase ${token}`,
        'content-type': 'application/json; charset=utf-8',
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': String(SIZE),
        'x-goog-upload-header-content-type': 'application/octet-stream',
      },
      body: JSON.stringify({ name: path, contentType: 'application/octet-stream', metadata: { consoleProject: staffProject } }),
    });
    const url = start.headers.get('x-goog-upload-url');
    if (!start.ok || !url) throw new Error(`bare upload start: ${start.status} ${await start.text()}`);
    const done = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Firebase ${token}`, 'x-goog-upload-command': 'upload, finalize', 'x-goog-upload-offset': '0' },
      body: bytes,
    });
    if (!done.ok) throw new Error(`bare upload: ${done.status} ${await done.text()}`);
  }

  const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  /** @type {Record<'sdk' | 'bare', number[]>} */
  const rates = { sdk: [], bare: [] };
  let progressEvents = 0;
  // Rounds alternate the two ways, so a busy moment of the machine falls on both; the first round
  // is not counted (JIT, the rules runtime's first evaluation, the emulator's temp files).
  for (let round = 0; round <= ROUNDS; round += 1) {
    /** @type {['sdk' | 'bare', (path: string) => Promise<number | void>][]} */
    const ways = [
      ['sdk', viaSdk],
      ['bare', bare],
    ];
    for (const [label, upload] of ways) {
      const path = `editor/bench-${tag}-${label}-${round}.bin`;
      const t = performance.now();
      const detail = await upload(path);
      const s = (performance.now() - t) / 1000;
      if (round > 0) rates[label].push(mib / s);
      if (label === 'sdk' && typeof detail === 'number') progressEvents = detail;
      await deleteObject(ref(storage, path));
    }
  }
  const sdk = median(rates.sdk);
  const direct = median(rates.bare);
  const range = (/** @type {number[]} */ xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
  console.log(
    `upload ${mib} MiB, web SDK uploadBytesResumable: ${sdk.toFixed(1)} MiB/s (median of ${ROUNDS}, range ${range(rates.sdk)}; ${progressEvents} progress events)`,
  );
  console.log(`upload ${mib} MiB, bare resumable POST:          ${direct.toFixed(1)} MiB/s (median of ${ROUNDS}, range ${range(rates.bare)})`);
  console.log(`upload SDK / bare: ${(sdk / direct).toFixed(2)}`);
} finally {
  if (app) await deleteApp(app);
  await stack.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
process.exit(0);
