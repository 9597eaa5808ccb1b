#!/usr/bin/env node
// CSV import and export in the real console (headless chromium against a fresh seeded stack).
//  - import: rows per second writing 10,000 products through the import dialog (the browser,
//    signed in as the seed's admin; each batch goes to the import endpoint, which validates it and
//    writes it with the Admin SDK in one transaction), from 'Iniciar importação' to 'Importação
//    concluída'; then a batch with an invalid row posted straight to the endpoint, never stored;
//  - preview of the same file again: reading the file and finding its 10,000 ids stored (the
//    created/updated split of the preview);
//  - export: seconds for 'Export CSV' on the same collection to hand over the file;
//  - bare write of the same documents with the Admin SDK (no rules, no browser): batched commits
//    of the import's batch size and depth, and a BulkWriter (its 500/50/5 ramp-up throttle off:
//    throttled, 10,000 writes cannot go faster than its ramp allows) — import/bare is the figure;
//  - where the gap goes: the same batches from Node with the web SDK, signed in (rules on) and with
//    the emulator's 'owner' token (rules skipped), and the Firestore emulator's CPU seconds per
//    phase (rules are evaluated in its JVM).
// The bare and Node writes run first, before the browser opens, each into a collection of its own
// beside `product` (project/main/bench-*): the emulator re-runs every listened query after every
// commit, under one lock, and a closed browser's listeners stay registered there for a while — a
// BulkWriter run after the browser closed once took 20 minutes of 20-write commits each re-running
// them. `product` keeps the seed plus the import, the collection the preview and export read.
// Usage: node bench/csv-import.mjs (run.mjs builds the web app first). CSV_BENCH_ROWS=n for a shorter run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { deleteApp as deleteWebApp, initializeApp as initializeWebApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, doc, initializeFirestore, setLogLevel, writeBatch } from 'firebase/firestore';
import { CACHE_DIR, HOSTING_URL, PROJECT_ID, ROOT, ports } from '../scripts/lib/config.mjs';
import { startStack } from '../scripts/lib/stack.mjs';
import { signIn } from './support.mjs';
import { emulatorEnv, loadSeed, readSeed } from '../scripts/lib/seed.mjs';

const ROWS = Number(process.env.CSV_BENCH_ROWS ?? 10_000);
const tag = Date.now().toString(36);
// The import's own batch size and depth (web/src/csv/import-run.ts), for the bare writes to match.
const runSource = readFileSync(join(ROOT, 'web/src/csv/import-run.ts'), 'utf8');
// CSV_BENCH_BATCH / CSV_BENCH_DEPTH override them (to measure another build of the console).
/** @param {string} name */
function importConstant(name) {
  const value = new RegExp(`${name} = (\\d+)`).exec(runSource)?.[1];
  if (value === undefined) throw new Error(`web/src/csv/import-run.ts: ${name} not found`);
  return value;
}
const BATCH_SIZE = Number(process.env.CSV_BENCH_BATCH ?? importConstant('IMPORT_BATCH_SIZE'));
const CONCURRENCY = Number(process.env.CSV_BENCH_DEPTH ?? importConstant('IMPORT_CONCURRENCY'));

/**
 * @param {number} i
 * @param {string} prefix
 */
function product(i, prefix) {
  return {
    id: `${prefix}-${String(i).padStart(5, '0')}`,
    ProductCode: `M${i}`,
    ProductSiteName: `Produto de bancada ${i}`,
    EAN13: String(7890000000000 + i),
    category: 'panelas',
    Price: 100 + (i % 50),
    PriceCompare: 150 + (i % 50),
    Options: { canSell: i % 2 === 0, maxInstallments: 6 },
  };
}
const header =
  'id:text,ProductCode:text,ProductSiteName:text,EAN13:text,category:text,Price:number,PriceCompare:number,Options.canSell:checkbox,Options.maxInstallments:number';
const csvLine = (/** @type {ReturnType<typeof product>} */ p) =>
  [p.id, p.ProductCode, p.ProductSiteName, p.EAN13, p.category, p.Price, p.PriceCompare, p.Options.canSell, p.Options.maxInstallments].join(',');
const documents = (/** @type {string} */ prefix) => Array.from({ length: ROWS }, (_, i) => ({ ...product(i, prefix), brand: 'Tramontina' }));
/** @type {<T>(list: T[], n: number) => T[][]} */
const chunks = (list, n) => Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, i * n + n));
const fmtRate = (/** @type {number} */ s) => `${s.toFixed(1)} s = ${(ROWS / s).toFixed(0)} rows/s`;

/**
 * `concurrency` workers taking the next batch in turn: the import's pipeline without the browser.
 * @template T
 * @param {T[]} batches
 * @param {number} concurrency
 * @param {(batch: T) => Promise<void>} commit
 */
async function commitAll(batches, concurrency, commit) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batches.length) await commit(batches[next++]);
    }),
  );
}

/** The Firestore emulator's pid, once looked up (null: not found). @type {number | null | undefined} */
let emulatorPid;
/** CPU seconds used so far by the Firestore emulator's JVM (the one on this stack's port). */
function emulatorCpu() {
  if (emulatorPid === undefined) {
    const line = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
      .split('\n')
      .find((l) => l.includes('cloud-firestore-emulator') && l.includes(`--port ${ports.firestore} `));
    emulatorPid = line ? Number(line.trim().split(/\s+/)[0]) : null;
  }
  if (!emulatorPid) return NaN;
  const fields = readFileSync(`/proc/${emulatorPid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}
/**
 * Times `fn`, with the emulator's CPU seconds over the same span.
 * @param {() => Promise<unknown>} fn
 */
async function measure(fn) {
  const cpu = emulatorCpu();
  const t = performance.now();
  await fn();
  return { s: (performance.now() - t) / 1000, cpu: emulatorCpu() - cpu };
}
const cpuNote = (/** @type {{ cpu: number }} */ { cpu }) =>
  Number.isFinite(cpu) ? `; emulator CPU ${cpu.toFixed(1)} s = ${((1000 * cpu) / ROWS).toFixed(1)} ms per row` : '';

const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-csv-'));
const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-csv.log') });
// Killed (a timeout, Ctrl+C): the emulators go too.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stack.stop().finally(() => process.exit(1)));
/** @type {import('playwright-core').Browser | undefined} */
let browser;
try {
  await loadSeed();
  const admin = readSeed().users.find((u) => u.claims.role === 'admin');
  if (!admin) throw new Error('the seed has no admin user');
  const bareCollection = (/** @type {string} */ name) => `project/main/bench-${name}-${tag}`;

  // Bare writes of the same documents (created, as the import's are).
  Object.assign(process.env, emulatorEnv());
  const app = initializeApp({ projectId: PROJECT_ID }, 'bench-csv');
  const db = getFirestore(app);
  const bare = await measure(() =>
    commitAll(chunks(documents(`bare-${tag}`), BATCH_SIZE), CONCURRENCY, async (batch) => {
      const b = db.batch();
      for (const p of batch) b.set(db.doc(`${bareCollection('bare')}/${p.id}`), p, { merge: true });
      await b.commit();
    }),
  );
  let failed = 0;
  const bulk = await measure(async () => {
    const writer = db.bulkWriter({ throttling: false });
    writer.onWriteError(() => {
      failed += 1;
      return false;
    });
    for (const p of documents(`bulk-${tag}`)) writer.set(db.doc(`${bareCollection('bulk')}/${p.id}`), p, { merge: true }).catch(() => {});
    await writer.close();
  });
  await deleteApp(app);

  // The same batches with the browser's SDK from Node, rules on and skipped.
  setLogLevel('silent');
  /**
   * @param {string} name
   * @param {(webApp: import('firebase/app').FirebaseApp, webDb: import('firebase/firestore').Firestore) => Promise<void>} connect
   */
  const webWrite = async (name, connect) => {
    const webApp = initializeWebApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID, appId: 'bench' }, name);
    const webDb = initializeFirestore(webApp, {});
    await connect(webApp, webDb);
    const result = await measure(() =>
      commitAll(chunks(documents(`${name}-${tag}`), BATCH_SIZE), CONCURRENCY, async (batch) => {
        const b = writeBatch(webDb);
        for (const p of batch) b.set(doc(webDb, `${bareCollection(name)}/${p.id}`), p, { merge: true });
        await b.commit();
      }),
    );
    await deleteWebApp(webApp);
    return result;
  };
  const signedIn = await webWrite('web-rules', async (webApp, webDb) => {
    const auth = getAuth(webApp);
    connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
    await signInWithEmailAndPassword(auth, admin.email, admin.password);
    connectFirestoreEmulator(webDb, '127.0.0.1', ports.firestore);
  });
  const owner = await webWrite('web-owner', async (_webApp, webDb) =>
    connectFirestoreEmulator(webDb, '127.0.0.1', ports.firestore, { mockUserToken: 'owner' }),
  );

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const page = await (await browser.newContext({ baseURL: HOSTING_URL, viewport: { width: 1400, height: 900 }, acceptDownloads: true })).newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const scriptSeconds = async () => {
    const metric = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration');
    if (!metric) throw new Error('chromium reported no ScriptDuration');
    return metric.value;
  };
  await page.goto('/console/product');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Senha').fill(admin.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByTestId('entry-list').getByRole('button').first().waitFor({ timeout: 60_000 });

  const file = { name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...documents(`csv-${tag}`).map(csvLine)].join('\n')) };
  const dialog = page.getByTestId('csv-import-dialog');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  let t = performance.now();
  await dialog.getByLabel('Arquivo CSV').setInputFiles(file);
  await dialog.getByTestId('import-preview-counts').waitFor({ timeout: 120_000 });
  const previewS = (performance.now() - t) / 1000;
  await dialog.getByLabel('Marca').fill('Tramontina');
  const script0 = await scriptSeconds();
  const imported = await measure(async () => {
    await dialog.getByRole('button', { name: 'Iniciar importação' }).click();
    await dialog.getByText('Importação concluída').waitFor({ timeout: 600_000 });
  });
  const scriptS = (await scriptSeconds()) - script0;
  const created = Number(await dialog.getByTestId('count-created').innerText());
  if (created !== ROWS) throw new Error(`the import created ${created} of ${ROWS} records`);
  console.log(
    `csv    import ${ROWS} products in the console (browser → import endpoint): ${fmtRate(imported.s)}  (preview: read + check ${previewS.toFixed(1)} s)`,
  );
  console.log(`csv      browser JavaScript during it: ${scriptS.toFixed(1)} s${cpuNote(imported)}`);

  // The same file again: the preview finds every id stored (the created/updated split).
  await dialog.getByRole('button', { name: 'Escolher outro arquivo' }).click();
  t = performance.now();
  await dialog.getByLabel('Arquivo CSV').setInputFiles(file);
  await dialog
    .getByTestId('import-preview-counts')
    .filter({ hasText: `Serão criados 0 registros e atualizados ${ROWS.toLocaleString('pt-BR')}.` })
    .waitFor({ timeout: 300_000 });
  console.log(`csv    preview of the same file again (${ROWS} ids found stored): ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  const products = Object.keys(readSeed().documents).filter((p) => /^project\/main\/product\/[^/]+$/.test(p)).length + ROWS;
  const exported = await measure(async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), page.getByRole('button', { name: 'Export CSV' }).click()]);
    await download.path();
  });
  console.log(`csv    export ${products} products to CSV: ${exported.s.toFixed(1)} s`);

  // A batch the browser would never send (its preview refuses the line), posted straight to the
  // import endpoint as a forged client could: the server's schema check must keep the bad row out.
  const idToken = await signIn(admin.email, admin.password);
  const forged = await fetch(`${HOSTING_URL}/api/console/collections/import?project=main`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({
      collection: 'product',
      brand: 'Tramontina',
      records: [
        { line: 2, id: `forged-ok-${tag}`, data: { Price: 10 } },
        { line: 3, id: `forged-bad-${tag}`, data: { Price: 'dez', Options: { canSell: 'sim' } } },
      ],
    }),
  }).then((r) => r.json());
  const checkApp = initializeApp({ projectId: PROJECT_ID }, 'bench-csv-check');
  const [okStored, badStored] = await Promise.all(
    [`forged-ok-${tag}`, `forged-bad-${tag}`].map(async (id) => (await getFirestore(checkApp).doc(`project/main/product/${id}`).get()).exists),
  );
  await deleteApp(checkApp);
  const refused = forged.results?.[1]?.status === 'error';
  console.log(
    `csv    invalid row sent straight to the import endpoint: ${refused && !badStored && okStored ? 'refused and not stored (the valid row of its batch stored)' : `NOT REFUSED (${JSON.stringify(forged)}; stored: ${badStored})`}`,
  );
  if (!refused || badStored) process.exitCode = 1;
  console.log(`csv    bare write, Admin SDK, batches of ${BATCH_SIZE}, ${CONCURRENCY} in flight: ${fmtRate(bare.s)}${cpuNote(bare)}`);
  console.log(`csv    bare BulkWriter (throttling off): ${fmtRate(bulk.s)}${failed ? ` (${failed} writes failed)` : ''}${cpuNote(bulk)}`);
  console.log(`csv    import/bare: ${(bare.s / imported.s).toFixed(2)} of the batched commits, ${(bulk.s / imported.s).toFixed(2)} of the BulkWriter`);
  console.log(`csv      same batches, web SDK in Node, signed in (rules on): ${fmtRate(signedIn.s)}${cpuNote(signedIn)}`);
  console.log(`csv      same batches, web SDK in Node, owner token (rules skipped): ${fmtRate(owner.s)}${cpuNote(owner)}`);
} finally {
  await browser?.close();
  await stack.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
