#!/usr/bin/env node
// CSV import and export in the real console (headless chromium against a fresh seeded stack):
//  - import: rows per second writing 10,000 products through the import dialog (from 'Iniciar
//    importação' to 'Importação concluída'), next to a bare admin-SDK BulkWriter writing the same
//    documents — the ratio is the figure;
//  - export: seconds for 'Export CSV' on the same collection (about 10,200 products) to hand over the file.
// Usage: node bench/csv-import.mjs (run.mjs builds the web app first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { CACHE_DIR, HOSTING_URL, PROJECT_ID } from '../scripts/lib/config.mjs';
import { startStack } from '../scripts/lib/stack.mjs';
import { emulatorEnv, loadSeed, readSeed } from '../scripts/lib/seed.mjs';

const ROWS = 10_000;
const tag = Date.now().toString(36);

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
const header = 'id:text,ProductCode:text,ProductSiteName:text,EAN13:text,category:text,Price:number,PriceCompare:number,Options.canSell:checkbox,Options.maxInstallments:number';
const csvLine = (p) => [p.id, p.ProductCode, p.ProductSiteName, p.EAN13, p.category, p.Price, p.PriceCompare, p.Options.canSell, p.Options.maxInstallments].join(',');

const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-csv-'));
const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-csv.log') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  await loadSeed();
  const admin = readSeed().users.find((u) => u.claims.role === 'admin');
  const page = await (await browser.newContext({ baseURL: HOSTING_URL, viewport: { width: 1400, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto('/console/product');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Senha').fill(admin.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByTestId('entry-list').getByRole('button').first().waitFor({ timeout: 60_000 });

  const rows = Array.from({ length: ROWS }, (_, i) => product(i, `csv-${tag}`));
  const dialog = page.getByTestId('csv-import-dialog');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  let t = performance.now();
  await dialog.getByLabel('Arquivo CSV').setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows.map(csvLine)].join('\n')) });
  await dialog.getByTestId('import-preview-counts').waitFor({ timeout: 120_000 });
  const previewS = (performance.now() - t) / 1000;
  await dialog.getByLabel('Marca').fill('Tramontina');
  t = performance.now();
  await dialog.getByRole('button', { name: 'Iniciar importação' }).click();
  await dialog.getByText('Importação concluída').waitFor({ timeout: 300_000 });
  const importS = (performance.now() - t) / 1000;
  console.log(`csv    import ${ROWS} products: ${importS.toFixed(1)} s = ${(ROWS / importS).toFixed(0)} rows/s (preview: read + check ${previewS.toFixed(1)} s)`);
  const created = Number(await dialog.getByTestId('count-created').innerText());
  if (created !== ROWS) throw new Error(`the import created ${created} of ${ROWS} records`);
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  t = performance.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), page.getByRole('button', { name: 'Export CSV' }).click()]);
  await download.path();
  const exportS = (performance.now() - t) / 1000;
  console.log(`csv    export ${ROWS + 238} products to CSV: ${exportS.toFixed(1)} s`);

  // The console's realtime list of this collection stays subscribed while the dialog imports; the
  // bare writer runs with the browser closed, so the ratio also shows what that listener costs
  // the emulator (it re-runs the listened query on every write).
  await browser.close();
  Object.assign(process.env, emulatorEnv());
  const app = initializeApp({ projectId: PROJECT_ID }, 'bench-csv');
  const db = getFirestore(app);
  t = performance.now();
  const writer = db.bulkWriter();
  let failed = 0;
  writer.onWriteError(() => { failed += 1; return false; });
  for (const p of rows.map((_, i) => product(i, `bulk-${tag}`))) writer.set(db.doc(`project/main/product/${p.id}`), { ...p, brand: 'Tramontina' }, { merge: true }).catch(() => {});
  await writer.close();
  if (failed) console.log(`csv    bare BulkWriter: ${failed} of ${ROWS} writes failed (emulator deadline)`);
  const bulkS = (performance.now() - t) / 1000;
  await deleteApp(app);

  const importRate = ROWS / importS;
  const bulkRate = ROWS / bulkS;
  console.log(`csv    bare BulkWriter, same documents: ${bulkS.toFixed(1)} s = ${bulkRate.toFixed(0)} rows/s  (import/bulk ${(importRate / bulkRate).toFixed(2)})`);
} finally {
  await browser.close();
  await stack.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
