// The DuckDB adapter and the BigQuery adapter answer the same for the same calls. BigQuery cannot
// run here; its statements, exactly as the adapter writes them, run on ZetaSQL's reference
// implementation (the semantics of BigQuery's functions: PARSE_JSON, TO_JSON_STRING,
// TIMESTAMP_MILLIS, UNIX_MILLIS, UNNEST, string order), except MERGE's matching, which the stand-in
// applies by key after running its USING query there (zetasql-bigquery-test-support.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BigQueryAnalyser } from '../../../test-support/zetasql.js';
import { createBigQueryWarehouse, sdkClient } from './bigquery.js';
import { createDuckDbWarehouse } from './duckdb.js';
import type { Warehouse, WarehouseRow } from './warehouse.js';
import { LOCATION, zetaSqlBigQuery } from './zetasql-bigquery-test-support.js';

const tempDir = mkdtempSync(join(tmpdir(), 'warehouse-differential-'));
let analyser: BigQueryAnalyser;
let duckdb: Warehouse;
let bigquery: Warehouse;
beforeAll(async () => {
  analyser = await BigQueryAnalyser.start();
  duckdb = createDuckDbWarehouse({ path: join(tempDir, 'differential.duckdb') });
  const client = sdkClient(Promise.resolve(zetaSqlBigQuery(analyser, [], { evaluate: true })), { location: LOCATION });
  // inlineRowLimit 5: batches above five rows go through a staging table and its load job.
  bigquery = createBigQueryWarehouse({ dataset: 'console', projectId: 'loja-prod', location: LOCATION, client, inlineRowLimit: 5 });
}, 60_000);
afterAll(async () => {
  analyser?.close();
  await duckdb?.close();
  rmSync(tempDir, { recursive: true, force: true });
});

/** Upstream records with what tends to differ between engines: number forms, key order, text, nesting. */
const DATA: Record<string, unknown>[] = [
  { nome: 'Panela de Pressão 4,5 L', preco: 0.1, estoque: 0, ativo: true },
  { z: 1, a: 2, m: { y: [3, 2, 1], b: null } },
  { grande: 2 ** 60, inteiro: Number.MAX_SAFE_INTEGER + 2, negativo: -0, minusculo: 5e-324, enorme: 1e300 },
  { texto: 'aspas " e \' , barra \\ e\nquebra\tTAB', emoji: '🍳👩‍🍳', acento: 'ção', vazio: '' },
  { lista: [], objeto: {}, aninhado: [[1, [2, [3]]], { a: { b: { c: 'd' } } }] },
  { unicode: '\u0000\u001f\u2028', chave_longa: 'x'.repeat(300) },
];

const IDS = ['10', '9', 'B-1', 'a-1', 'é', 'Z', '011', 'ação', 'A', '_x'];

function row(id: string, i: number, fetchedAt = '2026-03-01T12:34:56.789Z'): WarehouseRow<'bling_products'> {
  return { project: 'loja', id, data: DATA[i % DATA.length]!, source: 'bling', fetchedAt, account: i % 3 === 0 ? null : `Conta ${i % 3}` };
}

/** The same calls on both adapters; what each answered. */
async function both<R>(call: (warehouse: Warehouse) => Promise<R>): Promise<[R, R]> {
  return [await call(duckdb), await call(bigquery)];
}

describe('the DuckDB and BigQuery adapters answer the same (BigQuery on ZetaSQL’s reference implementation)', () => {
  it('after small and large batches, an overwrite, a removal: get, list and list by ids agree', async () => {
    // Small batch (one MERGE from @rows), then a large one (staging table + MERGE) overwriting some.
    await both((w) =>
      w.upsert(
        'bling_products',
        IDS.slice(0, 4).map((id, i) => row(id, i)),
      ),
    );
    await both((w) =>
      w.upsert(
        'bling_products',
        IDS.map((id, i) => row(id, i + 1, '2026-03-02T00:00:00.001Z')),
      ),
    );
    await both((w) =>
      w.upsert(
        'bling_products',
        [row('outro', 0)].map((r) => ({ ...r, project: 'outra-loja' })),
      ),
    );
    await both((w) => w.remove('bling_products', { project: 'loja', id: 'B-1' }));
    await both((w) => w.remove('bling_products', { project: 'loja', id: 'nao-existe' }));

    const [duckList, bigList] = await both((w) => w.list('bling_products', { project: 'loja' }));
    expect(bigList).toEqual(duckList);
    expect(bigList.map((r) => r.id)).toEqual(['011', '10', '9', 'A', 'Z', '_x', 'a-1', 'ação', 'é']);
    expect(bigList.find((r) => r.id === '9')!.data).toEqual(JSON.parse(JSON.stringify(DATA[2])));

    const [duckIds, bigIds] = await both((w) => w.list('bling_products', { project: 'loja', ids: ['é', 'B-1', '10', 'nada'] }));
    expect(bigIds).toEqual(duckIds);
    expect(bigIds.map((r) => r.id)).toEqual(['10', 'é']);
    const [duckGet, bigGet] = await both((w) => w.get('bling_products', { project: 'loja', id: 'ação' }));
    expect(bigGet).toEqual(duckGet);
    expect(bigGet).toMatchObject({ fetchedAt: '2026-03-02T00:00:00.001Z', account: 'Conta 2' });
    const [duckOther, bigOther] = await both((w) => w.list('bling_products', { project: 'outra-loja' }));
    expect(bigOther).toEqual(duckOther);
    expect(bigOther).toHaveLength(1);
    expect(await bigquery.get('bling_products', { project: 'loja', id: 'B-1' })).toBeNull();
  }, 60_000);

  it('numbers, key order and text come back the same from both', async () => {
    const rows = DATA.map((_, i) => ({ ...row(`n${i}`, i), project: 'numeros' }));
    await both((w) => w.upsert('bling_products', rows));
    const [duck, big] = await both((w) => w.list('bling_products', { project: 'numeros' }));
    expect(big).toEqual(duck);
    // What the JSON column gives back is the value JSON carries (-0 is 0; key order is not kept by either).
    expect(big.map((r) => r.data)).toEqual(JSON.parse(JSON.stringify(DATA)));
  }, 60_000);
});
