// Every statement the BigQuery adapter sends, checked by BigQuery's own analyser (ZetaSQL with
// BigQuery's language options, test-support/zetasql.ts). The adapter runs as in production; only
// the SDK is stood in for: its query parameters are typed by the SDK's own conversion (what the
// REST API receives), its load job's rows are checked against the staging table's schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BigQueryAnalyser } from '../../../test-support/zetasql.js';
import { createBigQueryWarehouse, sdkClient } from './bigquery.js';
import { TABLES, TABLE_NAMES, type ColumnKind, type TableName } from './tables.js';
import { MIRROR_TABLE_NAMES } from './customer-tables.js';
import { mirrorAsOfSql, mirrorCountSql, mirrorSweepSql } from '../customer-warehouse/mirror.js';
import type { Warehouse, WarehouseRow } from './warehouse.js';
import { LOCATION, zetaSqlBigQuery } from './zetasql-bigquery-test-support.js';

let analyser: BigQueryAnalyser;
beforeAll(async () => {
  analyser = await BigQueryAnalyser.start();
}, 60_000);
afterAll(() => analyser?.close());

/** A row of any table, its extra columns filled (text 'x', numbers 1.5) or null. */
function rowOf<T extends TableName>(table: T, id: string, filled: boolean): WarehouseRow<T> {
  const extras = Object.fromEntries(
    Object.entries(TABLES[table].columns as Record<string, ColumnKind>).map(([c, kind]) => [c, filled ? (kind === 'number' ? 1.5 : 'x') : null]),
  );
  return {
    project: 'loja',
    id,
    data: { nome: `Produto ${id}`, preco: 12.9, tags: ['a'], grande: 2 ** 60 },
    source: 'teste',
    fetchedAt: '2025-03-01T12:00:00.000Z',
    ...extras,
  } as WarehouseRow<T>;
}

async function everyMethod(warehouse: Warehouse, table: TableName): Promise<void> {
  await warehouse.upsert(table, [rowOf(table, '1', true), rowOf(table, '2', false)]);
  await warehouse.upsert(
    table,
    Array.from({ length: 30 }, (_, i) => rowOf(table, String(i), i % 2 === 0)),
  );
  await warehouse.get(table, { project: 'loja', id: '1' });
  await warehouse.list(table, { project: 'loja' });
  await warehouse.list(table, { project: 'loja', ids: ['1', '2'] });
  await warehouse.remove(table, { project: 'loja', id: '1' });
  await warehouse.close();
}

describe('the BigQuery adapter’s SQL, checked by ZetaSQL with BigQuery’s language options', () => {
  for (const projectId of ['loja-prod', undefined]) {
    it(`every method on every table is valid BigQuery (${projectId ? 'project.dataset.table' : 'dataset.table'})`, async () => {
      const before = analyser.analysed.length;
      for (const table of TABLE_NAMES) {
        const calls: string[] = [];
        const client = sdkClient(Promise.resolve(zetaSqlBigQuery(analyser, calls)), { location: LOCATION });
        // inlineRowLimit 10: the first batch is merged from @rows, the second (30 rows) through a staging table.
        await everyMethod(
          createBigQueryWarehouse({ dataset: `console_${projectId ? 'p' : 'd'}`, projectId, location: LOCATION, client, inlineRowLimit: 10 }),
          table,
        );
        expect(calls, table).toEqual(['query', 'query', 'createTable', 'load', 'query', 'deleteTable', 'query', 'query', 'query', 'query']);
        expect(analyser.hasTable([projectId, `console_${projectId ? 'p' : 'd'}`, table].filter((p): p is string => Boolean(p)))).toBe(true);
      }
      const kinds = analyser.analysed.slice(before).map((s) => s.kind);
      const extras = TABLE_NAMES.reduce((n, t) => n + Object.keys(TABLES[t].columns).length, 0);
      expect(kinds.filter((k) => k === 'resolvedCreateSchemaStmtNode')).toHaveLength(TABLE_NAMES.length);
      expect(kinds.filter((k) => k === 'resolvedCreateTableStmtNode')).toHaveLength(TABLE_NAMES.length);
      expect(kinds.filter((k) => k === 'resolvedAlterTableStmtNode')).toHaveLength(extras);
      expect(kinds.filter((k) => k === 'resolvedMergeStmtNode')).toHaveLength(2 * TABLE_NAMES.length);
      expect(kinds.filter((k) => k === 'resolvedQueryStmtNode')).toHaveLength(3 * TABLE_NAMES.length);
      expect(kinds.filter((k) => k === 'resolvedDeleteStmtNode')).toHaveLength(TABLE_NAMES.length);
      // The analyser cannot see a literal argument's value: PARSE_JSON's wide_number_mode takes 'exact' or 'round' only.
      for (const { sql } of analyser.analysed.slice(before)) {
        for (const [, mode] of sql.matchAll(/wide_number_mode\s*=>\s*'([^']*)'/g)) expect(['exact', 'round']).toContain(mode);
      }
    }, 60_000);
  }

  it('the mirror (customer-tables.ts): its MERGE that keeps a later row, and the check and freshness queries, are valid BigQuery', async () => {
    const before = analyser.analysed.length;
    const client = sdkClient(Promise.resolve(zetaSqlBigQuery(analyser)), { location: LOCATION });
    const warehouse = createBigQueryWarehouse({ dataset: 'console_m', projectId: 'loja-prod', location: LOCATION, client, inlineRowLimit: 10 });
    for (const table of MIRROR_TABLE_NAMES) {
      await warehouse.mirror(table, [rowOf(table, '1', true), rowOf(table, '2', false)]);
      await warehouse.mirror(
        table,
        Array.from({ length: 30 }, (_, i) => rowOf(table, String(i), i % 2 === 0)),
      );
      await warehouse.query(mirrorCountSql(warehouse, table), { project: 'loja' });
      await warehouse.query(mirrorSweepSql(warehouse, table), { project: 'loja', started_ms: 1_765_000_000_000 }, { write: true });
    }
    await warehouse.query(mirrorAsOfSql(warehouse), { project: 'loja' });
    const statements = analyser.analysed.slice(before);
    const merges = statements.filter((s) => s.kind === 'resolvedMergeStmtNode');
    expect(merges).toHaveLength(2 * MIRROR_TABLE_NAMES.length);
    for (const { sql } of merges)
      expect(sql).toContain('WHEN MATCHED AND (target.update_time_us IS NULL OR staged.update_time_us > target.update_time_us) THEN');
    expect(statements.filter((s) => s.kind === 'resolvedQueryStmtNode')).toHaveLength(MIRROR_TABLE_NAMES.length + 1);
    expect(statements.filter((s) => s.kind === 'resolvedUpdateStmtNode')).toHaveLength(MIRROR_TABLE_NAMES.length);
  }, 60_000);

  // What the adapter's statements must never contain: each is valid DuckDB (the local warehouse)
  // and refused by BigQuery. The same check that passes the adapter's SQL refuses every one.
  const duckDbOnly: [string, string, Record<string, unknown>?][] = [
    ['a :: cast', 'SELECT data::VARCHAR FROM `console_x`.`franke_products`'],
    [
      'INSERT … ON CONFLICT',
      "INSERT INTO `console_x`.`franke_products` (project, id, data, source, fetched_at) VALUES ('a', 'b', JSON '{}', 's', CURRENT_TIMESTAMP()) ON CONFLICT DO NOTHING",
    ],
    ['a DuckDB type', 'ALTER TABLE `console_x`.`franke_products` ADD COLUMN IF NOT EXISTS `nome` VARCHAR'],
    ['a DuckDB function', "SELECT json_extract_string(data, '$.nome') FROM `console_x`.`franke_products`"],
    ['a $1 parameter', 'DELETE FROM `console_x`.`franke_products` WHERE project = $1'],
    ['a column the DDL never created', 'SELECT preco FROM `console_x`.`franke_products`'],
    ['a parameter the request does not declare', 'DELETE FROM `console_x`.`franke_products` WHERE project = @project AND id = @id', { project: 'loja' }],
    ['a parameter of the wrong type', 'DELETE FROM `console_x`.`franke_products` WHERE id IN UNNEST(@ids)', { ids: 'só um' }],
  ];
  it.each(duckDbOnly)('refuses %s', async (_, sql, params) => {
    const sdk = zetaSqlBigQuery(analyser);
    await sdk.query({ query: "CREATE SCHEMA IF NOT EXISTS `console_x` OPTIONS (location = 'southamerica-east1')", location: LOCATION });
    await sdk.query({
      query:
        'CREATE TABLE IF NOT EXISTS `console_x`.`franke_products` (project STRING NOT NULL, id STRING NOT NULL, data JSON NOT NULL, source STRING NOT NULL, fetched_at TIMESTAMP NOT NULL)',
      location: LOCATION,
    });
    await expect(sdk.query({ query: sql, params, location: LOCATION })).rejects.toThrow(/.+\n--- statement ---/);
  });

  it('refuses a table in a dataset the DDL never created, and a load with a field the staging table lacks', async () => {
    const sdk = zetaSqlBigQuery(analyser);
    await expect(sdk.query({ query: 'CREATE TABLE IF NOT EXISTS `sem_dataset`.`t` (a STRING)', location: LOCATION })).rejects.toThrow(
      /Not found: Dataset sem_dataset/,
    );
    await sdk.query({ query: "CREATE SCHEMA IF NOT EXISTS `console_y` OPTIONS (location = 'southamerica-east1')", location: LOCATION });
    const [table] = await sdk
      .dataset('console_y')
      .createTable('_staging', { schema: { fields: [{ name: 'id', type: 'STRING', mode: 'REQUIRED' }] }, expirationTime: String(Date.now() + 60_000) });
    const stream = table.createWriteStream({ sourceFormat: 'NEWLINE_DELIMITED_JSON', createDisposition: 'CREATE_NEVER', writeDisposition: 'WRITE_APPEND' });
    const failed = new Promise((resolve) => stream.on('error', resolve));
    stream.end('{"id":"1","preco":2}');
    expect(String(await failed)).toContain('no such field: preco');
  });
});
