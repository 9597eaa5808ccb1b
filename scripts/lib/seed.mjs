// Loads emulator-data/seed/ into running emulators: Firestore documents (firestore.json, a map of
// document path to data, timestamps as {"__timestamp": ISO}), Auth users with their claims
// (users.json) and the files the records point at (storage.json: path → content type, download
// token and body), so the demo's pictures load offline. Used by `npm start` on a first run and by
// the tests on their fresh emulators.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { CACHE_DIR, PROJECT_ID, ROOT, SEED_DIR, ports } from './config.mjs';

export function emulatorEnv() {
  return {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${ports.storage}`,
    GCLOUD_PROJECT: PROJECT_ID,
  };
}

/**
 * @param {unknown} value
 * @returns {unknown}
 */
function revive(value) {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object') {
    if ('__timestamp' in value && typeof value.__timestamp === 'string' && Object.keys(value).length === 1) {
      return Timestamp.fromDate(new Date(value.__timestamp));
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

/**
 * @typedef {{ uid: string, email: string, password: string, displayName: string, claims: { role: 'admin' | 'staff', projects: string[] } }} SeedUser
 */

/**
 * Where the seed's files are served from: the seed holds the default stack's Storage emulator and
 * bucket (scripts/seed/storage.mjs); a stack on another port offset (another demo project) serves
 * them from its own, so its records point there.
 */
const SEED_FILES_PREFIX = 'http://127.0.0.1:9199/v0/b/demo-console.appspot.com/o/';
export const STACK_FILES_PREFIX = `http://127.0.0.1:${ports.storage}/v0/b/${PROJECT_ID}.appspot.com/o/`;

/** @typedef {{ contentType: string, token: string, body: string }} SeedObject */

/** @returns {{ documents: Record<string, Record<string, unknown>>, users: SeedUser[], objects: Record<string, SeedObject> }} */
export function readSeed() {
  const firestore = readFileSync(join(SEED_DIR, 'firestore.json'), 'utf8');
  return {
    documents: JSON.parse(SEED_FILES_PREFIX === STACK_FILES_PREFIX ? firestore : firestore.replaceAll(SEED_FILES_PREFIX, STACK_FILES_PREFIX)),
    users: JSON.parse(readFileSync(join(SEED_DIR, 'users.json'), 'utf8')),
    objects: JSON.parse(readFileSync(join(SEED_DIR, 'storage.json'), 'utf8')),
  };
}

/**
 * Writes the seed; returns counts. Idempotent: documents are set, users created or updated.
 * The Admin SDK finds the emulators through process.env; the variables are put back as they were
 * afterwards, so a process that outlives this stack (npm run bench) never hands them on.
 */
export async function loadSeed() {
  const saved = Object.fromEntries(Object.keys(emulatorEnv()).map((key) => [key, process.env[key]]));
  Object.assign(process.env, emulatorEnv());
  try {
    return await writeSeed();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * Turns the Functions emulator's background triggers off (or back on) through the emulator hub.
 * The seed has no product-data override mark, so the one Firestore trigger (product-data
 * changelog) makes no entry for it; firing it for each of its ~470 product-data writes only cost
 * the seeding a start-up's worth of CPU. Best effort: without a Functions emulator nothing changes.
 * @param {boolean} enabled
 */
async function backgroundTriggers(enabled) {
  const path = enabled ? 'enableBackgroundTriggers' : 'disableBackgroundTriggers';
  try {
    await fetch(`http://127.0.0.1:${ports.hub}/functions/${path}`, { method: 'PUT', signal: AbortSignal.timeout(60_000) });
  } catch {
    // No hub or no Functions emulator: the seed is written with the triggers as they are.
  }
}

async function writeSeed() {
  await backgroundTriggers(false);
  try {
    return await writeSeedDocuments();
  } finally {
    await backgroundTriggers(true);
  }
}

async function writeSeedDocuments() {
  const app = initializeApp({ projectId: PROJECT_ID }, `seed-${Date.now()}`);
  try {
    const { documents, users, objects } = readSeed();
    // The documents, the users and the files side by side: three emulators, none waits for another.
    await Promise.all([writeDocuments(getFirestore(app), documents), writeUsers(getAuth(app), users), writeObjects(app, objects)]);
    return { documents: Object.keys(documents).length, users };
  } finally {
    await deleteApp(app);
  }
}

/**
 * Every seed document, through a BulkWriter without its throttling: by default it starts at 500
 * writes a second (ramping up over minutes, to spare a production database), which held the
 * seed's ~1,900 documents to about 4 s; the emulator takes them as fast as they come.
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {Record<string, Record<string, unknown>>} documents
 */
async function writeDocuments(db, documents) {
  const writer = db.bulkWriter({ throttling: false });
  let failures = 0;
  writer.onWriteError((error) => {
    if (error.failedAttempts < 3) return true;
    failures += 1;
    return false;
  });
  for (const [path, data] of Object.entries(documents))
    void writer.set(db.doc(path), /** @type {import('firebase-admin/firestore').DocumentData} */ (revive(data))).catch(() => {
      // Counted by onWriteError; close() settles once every write has.
    });
  await writer.close();
  if (failures) throw new Error(`${failures} seed documents could not be written`);
}

/**
 * The seed's files into the stack's default bucket, each with its download token (the records'
 * URLs carry it), a few at a time.
 * @param {import('firebase-admin/app').App} app
 * @param {Record<string, SeedObject>} objects
 */
async function writeObjects(app, objects) {
  const bucket = getStorage(app).bucket(`${PROJECT_ID}.appspot.com`);
  const queue = Object.entries(objects);
  /** @param {string} path @param {SeedObject} object */
  const save = (path, object) =>
    bucket.file(path).save(object.body, {
      resumable: false,
      validation: false,
      contentType: object.contentType,
      metadata: { contentType: object.contentType, metadata: { firebaseStorageDownloadTokens: object.token } },
    });
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [path, object] = next;
      // A loaded machine's emulator now and then drops a connection (ECONNRESET): each file is tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          await save(path, object);
          break;
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * The demo users with their claims, each created (or updated when it exists), all at once.
 * @param {import('firebase-admin/auth').Auth} auth
 * @param {SeedUser[]} users
 */
async function writeUsers(auth, users) {
  await Promise.all(
    users.map(async (user) => {
      const props = { email: user.email, password: user.password, displayName: user.displayName, emailVerified: true };
      try {
        await auth.updateUser(user.uid, props);
      } catch {
        await auth.createUser({ uid: user.uid, ...props });
      }
      await auth.setCustomUserClaims(user.uid, user.claims);
    }),
  );
}

/**
 * The seed as the emulators export it (Firestore, Auth with the claims, Storage), imported by starts
 * without a saved state (`startStack({ seedSnapshot })`, `npm start` and `npm run bench -- start`):
 * an import reads one file where the seed writes ~1,900 documents and three users through the
 * Admin SDK. Named by the demo project (exports carry it in every key) and a hash of the seed's
 * files and of firebase-tools' version, so an edited seed or an upgrade never imports a stale one.
 * The default project's snapshot is committed in emulator-data/seed-snapshot/ (`npm run
 * seed:snapshot` refreshes it; a unit test fails when it is stale), so a fresh clone's first `npm
 * start` imports it; any other (a port offset's project, a stale commit) is saved once under
 * .cache/seed-snapshot/ by saveSeedSnapshot. `BENCH_START_COLD=1` removes the cached ones.
 * @param {string} [project]
 */
export function seedSnapshotDir(project = PROJECT_ID) {
  const name = seedSnapshotName(project);
  const committed = join(COMMITTED_SEED_SNAPSHOTS, name);
  return existsSync(join(committed, 'firebase-export-metadata.json')) ? committed : join(CACHE_DIR, 'seed-snapshot', name);
}

/** Where the default project's snapshot is committed (seedSnapshotDir). */
export const COMMITTED_SEED_SNAPSHOTS = join(ROOT, 'emulator-data', 'seed-snapshot');

/** @param {string} project */
export function seedSnapshotName(project) {
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256')
    .update(readFileSync(join(SEED_DIR, 'firestore.json')))
    .update(readFileSync(join(SEED_DIR, 'users.json')))
    .update(readFileSync(join(SEED_DIR, 'storage.json')))
    .update(require('firebase-tools/package.json').version)
    .digest('hex')
    .slice(0, 16);
  return `${project}-${hash}`;
}

/**
 * Exports the running stack's data, just seeded, as the seed's snapshot (seedSnapshotDir), through
 * the emulator hub's export. Call it right after loadSeed, before anyone edits. Snapshots of an
 * earlier seed of this project go. Best effort: returns the reason when it could not.
 * @returns {Promise<string | null>}
 */
export async function saveSeedSnapshot() {
  const dir = seedSnapshotDir();
  if (existsSync(join(dir, 'firebase-export-metadata.json'))) return null;
  const parent = join(CACHE_DIR, 'seed-snapshot');
  mkdirSync(parent, { recursive: true });
  // Exported beside, then renamed: another stack of this project may be saving it too.
  const tmp = `${dir}.${process.pid}`;
  try {
    const res = await fetch(`http://127.0.0.1:${ports.hub}/_admin/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: tmp, initiatedBy: 'seed-snapshot' }),
      signal: AbortSignal.timeout(60_000),
    });
    if (!res.ok) return `the emulators' export answered ${res.status}: ${await res.text()}`;
    if (existsSync(dir)) return null;
    renameSync(tmp, dir);
    for (const name of readdirSync(parent)) {
      if (name.startsWith(`${PROJECT_ID}-`) && join(parent, name) !== dir && !/\.\d+$/.test(name)) rmSync(join(parent, name), { recursive: true, force: true });
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
