import { describe, expect, it } from 'vitest';
import { createBigQueryWarehouse, isConcurrentDmlConflict, type BigQueryClient } from './bigquery.js';
import type { WarehouseRow } from './warehouse.js';

/** Records what the adapter asks of BigQuery; `failMerges` makes the first MERGEs fail like a busy table. */
function fakeBigQuery(options: { failMerges?: number; failLoad?: boolean; answer?: Record<string, unknown>[] } = {}) {
  const calls: { kind: string; sql?: string; params?: Record<string, unknown>; types?: Record<string, unknown>; table?: string; lines?: number }[] = [];
  let failMerges = options.failMerges ?? 0;
  const client: BigQueryClient = {
    async query(sql, params, types) {
      calls.push({ kind: sql.startsWith('MERGE') ? 'merge' : sql.startsWith('CREATE SCHEMA') ? 'ddl' : 'query', sql, params, types });
      if (sql.startsWith('MERGE') && failMerges-- > 0) throw new Error('Could not serialize access to table console.bling_products due to concurrent update');
      return options.answer ?? [];
    },
    async loadStaging(location, schema, ndjson) {
      calls.push({ kind: 'load', table: location.table, lines: ndjson.split('\n').length });
      if (options.failLoad) throw new Error('load job failed');
    },
    async deleteTable(location) {
      calls.push({ kind: 'drop', table: location.table });
    },
  };
  return { client, calls };
}

const rows = (n: number): WarehouseRow<'bling_products'>[] =>
  Array.from({ length: n }, (_, i) => ({ project: 'loja', id: String(i), data: { i }, source: 'bling', fetchedAt: '2025-01-01T00:00:00Z', account: null }));

describe('BigQuery warehouse', () => {
  it('merges a small batch in one parameterised MERGE, after creating the table once', async () => {
    const { client, calls } = fakeBigQuery();
    const warehouse = createBigQueryWarehouse({ dataset: 'console', client });
    await warehouse.upsert('bling_products', rows(3));
    await warehouse.upsert('bling_products', rows(2));

    expect(calls.map((c) => c.kind)).toEqual(['ddl', 'merge', 'merge']);
    const merge = calls[1];
    expect(merge.sql).toContain('FROM UNNEST(@rows)');
    expect((merge.params?.rows as unknown[]).length).toBe(3);
    expect(merge.types).toEqual({ rows: [{ project: 'STRING', id: 'STRING', data: 'STRING', source: 'STRING', fetched_at_ms: 'INT64', account: 'STRING' }] });
  });

  it('loads a large batch into a staging table, merges it once and drops it', async () => {
    const { client, calls } = fakeBigQuery();
    const warehouse = createBigQueryWarehouse({ dataset: 'console', client, inlineRowLimit: 100 });
    expect(await warehouse.upsert('bling_products', rows(1000))).toEqual({ written: 1000 });

    expect(calls.map((c) => c.kind)).toEqual(['ddl', 'load', 'merge', 'drop']);
    const staging = calls[1].table!;
    expect(staging).toMatch(/^_staging_bling_products_\w+$/);
    expect(calls[1].lines).toBe(1000);
    expect(calls[2].sql).toContain(`FROM \`console\`.\`${staging}\``);
    expect(calls[3].table).toBe(staging);
  });

  it('retries a MERGE refused for concurrent updates, and still drops the staging table when it fails', async () => {
    const busy = fakeBigQuery({ failMerges: 2 });
    await createBigQueryWarehouse({ dataset: 'console', client: busy.client, retryDelayMs: 1 }).upsert('bling_products', rows(1));
    expect(busy.calls.filter((c) => c.kind === 'merge')).toHaveLength(3);

    const broken = fakeBigQuery({ failLoad: true });
    const failure = createBigQueryWarehouse({ dataset: 'console', client: broken.client, inlineRowLimit: 0 }).upsert('bling_products', rows(1));
    await expect(failure).rejects.toThrow('Falha ao gravar no warehouse: bling_products: load job failed');
    expect(broken.calls.map((c) => c.kind)).toEqual(['ddl', 'load', 'drop']);
  });

  it('sends nothing to BigQuery for a batch with an invalid row', async () => {
    const { client, calls } = fakeBigQuery();
    const batch = [...rows(2), { ...rows(1)[0], project: '' }];
    await expect(createBigQueryWarehouse({ dataset: 'console', client }).upsert('bling_products', batch)).rejects.toThrow(/linha 3 de bling_products inválida/);
    expect(calls).toEqual([]);
  });

  it('reads rows back from the stored columns', async () => {
    const answer = [{ project: 'loja', id: '1', data: '{"nome":"Panela"}', source: 'bling', fetched_at_ms: 1735689600000, account: 'Conta' }];
    const { client, calls } = fakeBigQuery({ answer });
    const warehouse = createBigQueryWarehouse({ dataset: 'console', client });
    expect(await warehouse.list('bling_products', { project: 'loja', ids: ['1'] })).toEqual([
      { project: 'loja', id: '1', data: { nome: 'Panela' }, source: 'bling', fetchedAt: '2025-01-01T00:00:00.000Z', account: 'Conta' },
    ]);
    expect(calls[1]).toMatchObject({ params: { project: 'loja', ids: ['1'] }, types: { ids: ['STRING'] } });
  });

  it('tells a busy table from other errors', () => {
    expect(isConcurrentDmlConflict(new Error('Too many DML statements outstanding against table x, limit is 20'))).toBe(true);
    expect(isConcurrentDmlConflict(new Error('Not found: Table x'))).toBe(false);
  });
});
