// The contract every warehouse adapter keeps. It runs on DuckDB in a temp dir; set
// WAREHOUSE_CONTRACT_BIGQUERY_DATASET (with Google credentials) to run it on a real BigQuery dataset too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createBigQueryWarehouse } from './bigquery.js';
import type { AddressInfo } from 'node:net';
import { createDuckDbWarehouse } from './duckdb.js';
import { createRemoteWarehouse, createWarehouseServer } from './server.js';
import { MIRROR_TABLE_NAMES, type MirrorTableName } from './customer-tables.js';
import { TABLES, TABLE_NAMES, siteProductId, type TableName } from './tables.js';
import { WarehouseError, type Warehouse, type WarehouseRow } from './warehouse.js';

const tempDir = mkdtempSync(join(tmpdir(), 'warehouse-contract-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

const bigQueryDataset = process.env.WAREHOUSE_CONTRACT_BIGQUERY_DATASET;

/** Each adapter opens a store by name: two calls with one name are two instances over the same data. */
const servers = new Map<string, { url: Promise<string>; close(): Promise<void> }>();
afterAll(async () => {
  for (const server of servers.values()) await server.close();
});

/** The local stack's way: one server per file (here in this process), pooled connections, HTTP clients. */
function serverWarehouse(store: string): Warehouse {
  let server = servers.get(store);
  if (!server) {
    const local = createDuckDbWarehouse({ path: join(tempDir, `${store}-served.duckdb`), pooledConnections: 3 });
    const http = createWarehouseServer(local).listen(0, '127.0.0.1');
    server = {
      url: new Promise<string>((resolve) => http.once('listening', () => resolve(`http://127.0.0.1:${(http.address() as AddressInfo).port}`))),
      async close() {
        http.closeAllConnections();
        await new Promise((resolve) => http.close(resolve));
        await local.close();
      },
    };
    servers.set(store, server);
  }
  return lazyWarehouse(server.url.then(createRemoteWarehouse));
}

/** A warehouse whose calls wait for the client to exist (the server is listening a tick later). */
function lazyWarehouse(client: Promise<Warehouse>): Warehouse {
  return {
    upsert: async (table, rows) => (await client).upsert(table, rows),
    get: async (table, key) => (await client).get(table, key),
    list: async (table, filter) => (await client).list(table, filter),
    remove: async (table, key) => (await client).remove(table, key),
    mirror: async (table, rows, options) => (await client).mirror(table, rows, options),
    query: async (sql, params, options) => (await client).query(sql, params, options),
    dialect: 'duckdb',
    table: (name) => `"${name}"`,
    close: async () => (await client).close(),
  };
}

const adapters: { name: string; skip: boolean; open: (store: string) => Warehouse }[] = [
  { name: 'DuckDB', skip: false, open: (store) => createDuckDbWarehouse({ path: join(tempDir, `${store}.duckdb`) }) },
  { name: 'DuckDB through the local warehouse server', skip: false, open: serverWarehouse },
  { name: 'BigQuery', skip: !bigQueryDataset, open: () => createBigQueryWarehouse({ dataset: bigQueryDataset ?? 'unused' }) },
];

const fetchedAt = '2025-03-01T12:00:00.000Z';

function blingRow(project: string, id: string, data: Record<string, unknown> = { nome: `Produto ${id}` }): WarehouseRow<'bling_products'> {
  return { project, id, data, source: 'bling', fetchedAt, account: 'Conta principal' };
}

for (const adapter of adapters) {
  describe.skipIf(adapter.skip)(`warehouse contract on ${adapter.name}`, () => {
    let store: string;
    let warehouse: Warehouse;
    // Each test gets its own projects, so the suite also runs on a shared BigQuery dataset.
    let project: string;
    let other: string;
    beforeEach(() => {
      const run = Math.random().toString(36).slice(2, 8);
      store = `contract-${run}`;
      warehouse = adapter.open(store);
      project = `loja-${run}`;
      other = `outra-${run}`;
    });

    it('inserts new rows and then updates them by (project, id)', async () => {
      expect(await warehouse.upsert('bling_products', [blingRow(project, '1001'), blingRow(project, '1002')])).toEqual({ written: 2 });
      await warehouse.upsert('bling_products', [{ ...blingRow(project, '1001', { nome: 'Panela', preco: 199.9 }), account: 'Conta 2' }]);

      expect(await warehouse.get('bling_products', { project, id: '1001' })).toEqual({
        project,
        id: '1001',
        data: { nome: 'Panela', preco: 199.9 },
        source: 'bling',
        fetchedAt,
        account: 'Conta 2',
      });
      expect((await warehouse.list('bling_products', { project })).map((row) => row.id)).toEqual(['1001', '1002']);
    });

    it('leaves the same table when the same rows are written twice', async () => {
      const rows = [blingRow(project, 'A'), blingRow(project, 'B'), blingRow(project, 'C')];
      await warehouse.upsert('bling_products', rows);
      const once = await warehouse.list('bling_products', { project });
      await warehouse.upsert('bling_products', rows);
      expect(await warehouse.list('bling_products', { project })).toEqual(once);
      expect(once).toHaveLength(3);
    });

    it('keeps the last row of a key repeated in one batch', async () => {
      const written = await warehouse.upsert('bling_products', [blingRow(project, 'X', { v: 1 }), blingRow(project, 'X', { v: 2 })]);
      expect(written).toEqual({ written: 1 });
      expect((await warehouse.get('bling_products', { project, id: 'X' }))?.data).toEqual({ v: 2 });
    });

    it('writes nothing of a batch with one invalid row, and says why in Portuguese', async () => {
      await warehouse.upsert('bling_products', [blingRow(project, 'existente', { v: 'antes' })]);
      const batch = [blingRow(project, 'existente', { v: 'depois' }), blingRow(project, 'novo'), blingRow(project, '')];

      const failure = warehouse.upsert('bling_products', batch);
      await expect(failure).rejects.toBeInstanceOf(WarehouseError);
      await expect(failure).rejects.toThrow(/^Falha ao gravar no warehouse: linha 3 de bling_products inválida \(id vazio\)/);

      expect(await warehouse.list('bling_products', { project })).toEqual([blingRow(project, 'existente', { v: 'antes' })]);
    });

    it.each([
      ['data that is not an object', { data: [1, 2] }, /data não é um objeto JSON/],
      ['a fetchedAt that is not a date', { fetchedAt: 'ontem' }, /fetchedAt não é uma data/],
      ['an extra column of the wrong type', { account: 42 }, /account deveria ser texto/],
      ['a field the table does not declare', { conta: 'x' }, /campo desconhecido: conta/],
    ])('refuses a row with %s', async (_, change, message) => {
      const row = { ...blingRow(project, 'P1'), ...change } as unknown as WarehouseRow<'bling_products'>;
      await expect(warehouse.upsert('bling_products', [row])).rejects.toThrow(message);
      expect(await warehouse.list('bling_products', { project })).toEqual([]);
    });

    it('reads one row by key, or null when there is none', async () => {
      await warehouse.upsert('bling_products', [blingRow(project, '1')]);
      expect(await warehouse.get('bling_products', { project, id: '1' })).toEqual(blingRow(project, '1'));
      expect(await warehouse.get('bling_products', { project, id: '2' })).toBeNull();
    });

    it('lists the rows of a project by id, optionally only some ids', async () => {
      await warehouse.upsert(
        'bling_products',
        ['30', '10', '20'].map((id) => blingRow(project, id)),
      );
      expect((await warehouse.list('bling_products', { project })).map((row) => row.id)).toEqual(['10', '20', '30']);
      expect((await warehouse.list('bling_products', { project, ids: ['30', '10', 'nenhum'] })).map((row) => row.id)).toEqual(['10', '30']);
      expect(await warehouse.list('bling_products', { project, ids: [] })).toEqual([]);
    });

    it('keeps projects apart: same id, different rows; removing in one leaves the other', async () => {
      await warehouse.upsert('bling_products', [blingRow(project, '1', { loja: 'a' }), blingRow(other, '1', { loja: 'b' })]);
      expect((await warehouse.get('bling_products', { project, id: '1' }))?.data).toEqual({ loja: 'a' });
      expect((await warehouse.list('bling_products', { project: other })).map((row) => row.data)).toEqual([{ loja: 'b' }]);

      await warehouse.remove('bling_products', { project, id: '1' });
      expect(await warehouse.get('bling_products', { project, id: '1' })).toBeNull();
      expect(await warehouse.get('bling_products', { project: other, id: '1' })).not.toBeNull();
      await expect(warehouse.remove('bling_products', { project, id: '1' })).resolves.toBeUndefined();
    });

    it('keeps tables apart: the same key in two tables are two rows', async () => {
      await warehouse.upsert('bling_products', [blingRow(project, '1')]);
      expect(await warehouse.get('doka_products', { project, id: '1' })).toBeNull();
    });

    it('stores and reads back every declared table with its extra columns', async () => {
      const extras: { [T in TableName]: Omit<WarehouseRow<T>, 'project' | 'id' | 'data' | 'source' | 'fetchedAt'> } = {
        bling_products: { account: 'Conta' },
        tramontina_products: { company: '1' },
        tstock_stock: { company: '2' },
        tstock_files: { download_url: 'https://tstock.example/arquivo.csv' },
        franke_products: {},
        doka_products: {},
        site_products: { site: 'cookstore', code: '10123' },
        ...(Object.fromEntries(
          MIRROR_TABLE_NAMES.map((t) => [t, Object.fromEntries(Object.keys(TABLES[t].columns).map((c) => [c, c === 'deleted' ? 0 : null]))]),
        ) as { [T in MirrorTableName]: Omit<WarehouseRow<T>, 'project' | 'id' | 'data' | 'source' | 'fetchedAt'> }),
      };
      for (const table of TABLE_NAMES) {
        const row = {
          project,
          id: table === 'site_products' ? siteProductId('cookstore', '10123') : '10123',
          data: { tabela: table },
          source: table,
          fetchedAt,
          ...extras[table],
        };
        await warehouse.upsert(table, [row as WarehouseRow<typeof table>]);
        expect(await warehouse.get(table, { project, id: row.id })).toEqual(row);
      }
    });

    it('round-trips nested JSON, accents and instants', async () => {
      const data = { nome: 'Panela de Pressão Açúcar 6 L', estoque: { SP: { qty: 3 }, RS: { qty: 0 } }, preco: 0.1, tags: ['a', null, true], vazio: {} };
      await warehouse.upsert('tramontina_products', [
        { project, id: 'Ç-1', data, source: 'tramontina-webservice', fetchedAt: '2025-03-01T09:00:00.5-03:00', company: null },
      ]);
      expect(await warehouse.get('tramontina_products', { project, id: 'Ç-1' })).toEqual({
        project,
        id: 'Ç-1',
        data,
        source: 'tramontina-webservice',
        fetchedAt: '2025-03-01T12:00:00.500Z',
        company: null,
      });
    });

    it('writes a batch of 2,000 rows in one upsert', async () => {
      const rows = Array.from({ length: 2000 }, (_, i) => blingRow(project, String(i).padStart(5, '0'), { i }));
      expect(await warehouse.upsert('bling_products', rows)).toEqual({ written: 2000 });
      const stored = await warehouse.list('bling_products', { project });
      expect(stored).toHaveLength(2000);
      expect(stored[1999].data).toEqual({ i: 1999 });
    });

    it('loses no rows when two warehouse instances write at the same time', async () => {
      const second = adapter.open(store);
      const writes = Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? warehouse : second).upsert('bling_products', [blingRow(project, `w${i}-a`), blingRow(project, `w${i}-b`)]),
      );
      await Promise.all(writes);
      expect(await warehouse.list('bling_products', { project })).toHaveLength(40);
    });

    it('mirrors: a later version replaces the row, an earlier one or the same again changes nothing, a tombstone stays', async () => {
      const customer = (at: number, firstName: string | null, deleted = 0): WarehouseRow<MirrorTableName> =>
        ({
          project,
          id: 'c1',
          data: firstName ? { firstName } : {},
          source: 'firestore',
          fetchedAt,
          ...Object.fromEntries(Object.keys(TABLES.customers.columns).map((c) => [c, null])),
          customer__firstName: firstName,
          update_time_us: at,
          deleted,
        }) as unknown as WarehouseRow<MirrorTableName>;
      const stored = async () => (await warehouse.get('customers', { project, id: 'c1' })) as Record<string, unknown> | null;
      await warehouse.mirror('customers', [customer(1_765_000_000_000_002, 'Ana')]);
      await warehouse.mirror('customers', [customer(1_765_000_000_000_001, 'Antiga')]);
      expect((await stored())?.customer__firstName).toBe('Ana');
      await warehouse.mirror('customers', [customer(1_765_000_000_000_002, 'Ana')]);
      expect(await stored()).toMatchObject({ customer__firstName: 'Ana', update_time_us: 1_765_000_000_000_002 });
      // One microsecond later is later.
      await warehouse.mirror('customers', [customer(1_765_000_000_000_003, 'Ana Paula')]);
      expect((await stored())?.customer__firstName).toBe('Ana Paula');
      await warehouse.mirror('customers', [customer(1_765_000_000_000_009, null, 1)]);
      await warehouse.mirror('customers', [customer(1_765_000_000_000_004, 'Ana Paula')]);
      expect(await stored()).toMatchObject({ deleted: 1, customer__firstName: null });
      const param = warehouse.dialect === 'bigquery' ? '@project' : '$project';
      expect(await warehouse.query(`SELECT COUNT(*) AS n FROM ${warehouse.table('customers')} WHERE project = ${param} AND deleted = 0`, { project })).toEqual([
        { n: 0 },
      ]);
    });

    it('refuses an unknown table and an incomplete key', async () => {
      await expect(warehouse.get('produtos' as TableName, { project, id: '1' })).rejects.toThrow('Tabela desconhecida no warehouse: produtos.');
      await expect(warehouse.get('bling_products', { project: '', id: '1' })).rejects.toThrow(/project e id são obrigatórios/);
    });
  });
}
