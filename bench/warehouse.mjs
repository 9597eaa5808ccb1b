#!/usr/bin/env node
// Local warehouse (DuckDB) upsert throughput for 10,000 rows: one batch of new rows, the same
// batch again as updates, and ten batches of 1,000 (as a bulk sync would send them).
// Usage: node bench/warehouse.mjs   (prints figures; no emulators needed)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleDuckDbAdapter } from '../scripts/lib/bundle-duckdb.mjs';

const ROWS = 10_000;
const dir = mkdtempSync(join(tmpdir(), 'console-bench-warehouse-'));

/**
 * A row about the size of a mapped ERP product (~1 kB of JSON).
 * @param {number} i
 * @param {number} round
 */
function productRow(i, round) {
  const code = String(10_000_000 + i);
  return {
    project: 'main',
    id: code,
    source: 'bling',
    fetchedAt: new Date().toISOString(),
    account: 'Conta principal',
    data: {
      codigo: code,
      nome: `Panela de Pressão Tramontina ${i} 6 L Aço Inox`,
      gtin: `789${String(i).padStart(10, '0')}`,
      preco: 199.9 + round,
      fornecedor: { id: 9000001, codigo: code, precoCusto: 120.35, precoCompra: 120.35 },
      situacao: 'A',
      unidade: 'UN',
      pesoBruto: 2.35,
      dimensoes: { largura: 25, altura: 18, profundidade: 25, unidadeMedida: 1 },
      estoque: { minimo: 0, maximo: 100, saldoVirtualTotal: (i * 7) % 50 },
      categoria: { id: 1234 + (i % 40) },
      tributacao: { ncm: '7323.93.00', origem: 0, cest: '' },
      descricaoCurta: 'Panela de pressão em aço inox com fundo triplo, fechamento externo e válvula de segurança.',
      camposCustomizados: Array.from({ length: 6 }, (_, k) => ({ idCampoCustomizado: k + 1, valor: `valor ${k}` })),
    },
  };
}

/**
 * Times run() until the file is released again, so the figures include DuckDB's checkpoint on close.
 * @param {string} label
 * @param {{ close(): Promise<void> }} warehouse
 * @param {() => Promise<unknown>} run
 */
async function timed(label, warehouse, run) {
  const started = performance.now();
  await run();
  await warehouse.close();
  const ms = performance.now() - started;
  console.log(
    `warehouse ${label}: ${(ms / 1000).toFixed(2)} s  (${Math.round((ROWS / ms) * 1000).toLocaleString('en-US')} rows/s, ${((ms / ROWS) * 1000).toFixed(0)} ms per 1,000)`,
  );
  return ms;
}

try {
  const { createDuckDbWarehouse } = await import(await bundleDuckDbAdapter(dir));
  const warehouse = createDuckDbWarehouse({ path: join(dir, 'bench.duckdb') });
  const rows = (/** @type {number} */ round) => Array.from({ length: ROWS }, (_, i) => productRow(i, round));

  // Loads the native module first, and builds the rows before the clock starts: the figures are
  // the warehouse's alone.
  await warehouse.upsert('doka_products', [{ project: 'main', id: 'aquecimento', data: {}, source: 'bench', fetchedAt: new Date().toISOString() }]);
  await warehouse.close();
  const [fresh, changed, batched] = [rows(0), rows(1), rows(2)];
  await timed('upsert 10,000 new rows (1 batch)      ', warehouse, () => warehouse.upsert('bling_products', fresh));
  await timed('upsert 10,000 existing rows (1 batch) ', warehouse, () => warehouse.upsert('bling_products', changed));
  await timed('upsert 10,000 rows in 10 batches      ', warehouse, async () => {
    for (let b = 0; b < 10; b++) await warehouse.upsert('bling_products', batched.slice(b * 1000, (b + 1) * 1000));
  });
  const stored = await warehouse.list('bling_products', { project: 'main' });
  if (stored.length !== ROWS || stored[0].data.preco !== 201.9) throw new Error(`bench: expected ${ROWS} updated rows, found ${stored.length}`);
  await warehouse.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
