import { randomUUID } from 'node:crypto';
import type { Query } from '@google-cloud/bigquery';
import { REGION } from '../config.js';
import {
  deleteSql,
  ensureTableSql,
  mergeSql,
  rowsParameterType,
  selectSql,
  stagingRecords,
  stagingSchema,
  stagingTableName,
  tableRef,
  type SchemaField,
  type TableLocation,
} from './bigquery-sql.js';
import { asReadFailure, asWriteFailure, assertFilter, assertKey, assertTable, readRow, stageRows } from './rows.js';
import type { TableName } from './tables.js';
import { isMirrorTable, MIRROR_TABLE_NAMES } from './customer-tables.js';
import { WarehouseError, type Warehouse, type WarehouseRow } from './warehouse.js';

/** What the adapter needs from BigQuery; the default wraps @google-cloud/bigquery, tests pass a fake. */
export interface BigQueryClient {
  query(sql: string, params?: Record<string, unknown>, types?: Record<string, unknown>): Promise<Record<string, unknown>[]>;
  /** Creates the table (expiring at expiresAtMs, in case the batch never gets to drop it) and fills it with one load job. */
  loadStaging(location: TableLocation, schema: SchemaField[], ndjson: string, expiresAtMs: number): Promise<void>;
  deleteTable(location: TableLocation): Promise<void>;
}

export interface BigQueryWarehouseOptions {
  dataset: string;
  /** Google Cloud project of the dataset; omitted = the client's default. */
  projectId?: string;
  /** Location of the dataset, and of the jobs. Default: the functions' region. */
  location?: string;
  client?: BigQueryClient;
  /**
   * Batches up to this many rows (and about 1 MB) go in as one parameterised MERGE; larger ones
   * through a staging table filled by a load job. Never insertAll: streamed rows cannot be
   * changed by DML for about 30 minutes.
   */
  inlineRowLimit?: number;
  /** Backoff base for retrying concurrent-DML conflicts (tests shorten it). */
  retryDelayMs?: number;
}

const INLINE_BYTES_LIMIT = 1_000_000;
const MAX_ATTEMPTS = 6;

/** BigQuery's answers when too many mutating statements hit one table at once: safe to retry, the MERGE is idempotent. */
export function isConcurrentDmlConflict(error: unknown): boolean {
  const text = String((error as Error)?.message ?? error);
  return /could not serialize access|concurrent update|too many DML statements|exceeded rate limits|rateLimitExceeded/i.test(text);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withDmlRetry<R>(statement: () => Promise<R>, baseDelayMs: number): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isConcurrentDmlConflict(error)) throw error;
      await sleep(baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

/**
 * The part of @google-cloud/bigquery's `BigQuery` the adapter calls: the SDK itself in production;
 * tests pass a stand-in at this boundary (bigquery-zetasql.test.ts checks every statement with
 * BigQuery's analyser).
 */
export interface BigQuerySdk {
  query(options: Query): Promise<[unknown[], ...unknown[]]>;
  dataset(
    id: string,
    options?: { projectId?: string; location?: string },
  ): {
    createTable(
      id: string,
      options: { schema: { fields: SchemaField[] }; expirationTime: string },
    ): Promise<[{ createWriteStream(metadata: Record<string, unknown>): NodeJS.WritableStream }, ...unknown[]]>;
    table(id: string): { delete(options: { ignoreNotFound: boolean }): Promise<unknown> };
  };
}

/** The adapter's calls made through the SDK (or what stands in for it). */
export function sdkClient(sdk: Promise<BigQuerySdk>, options: { location: string }): BigQueryClient {
  return {
    async query(sql, params, types) {
      const [rows] = await (await sdk).query({ query: sql, params, types: types as Query['types'], location: options.location });
      return rows as Record<string, unknown>[];
    },
    async loadStaging(location, schema, ndjson, expiresAtMs) {
      const dataset = (await sdk).dataset(location.dataset, { projectId: location.projectId, location: options.location });
      const [table] = await dataset.createTable(location.table, { schema: { fields: schema }, expirationTime: String(expiresAtMs) });
      await new Promise<void>((resolve, reject) => {
        const stream = table.createWriteStream({
          sourceFormat: 'NEWLINE_DELIMITED_JSON',
          schema: { fields: schema },
          createDisposition: 'CREATE_NEVER',
          writeDisposition: 'WRITE_APPEND', // the table was just created, empty
        });
        stream.on('error', reject);
        stream.on('complete', () => resolve());
        stream.end(ndjson);
      });
    },
    async deleteTable(location) {
      const dataset = (await sdk).dataset(location.dataset, { projectId: location.projectId });
      await dataset.table(location.table).delete({ ignoreNotFound: true });
    },
  };
}

function defaultClient(options: { projectId?: string; location: string }): BigQueryClient {
  // Loaded on first use: the local stack never needs the BigQuery library.
  const sdk = import('@google-cloud/bigquery').then(({ BigQuery }) => new BigQuery({ projectId: options.projectId }) as unknown as BigQuerySdk);
  return sdkClient(sdk, options);
}

/** The production warehouse: one dataset, one table per declaration (tables.ts). */
export function createBigQueryWarehouse(options: BigQueryWarehouseOptions): Warehouse {
  const datasetLocation = options.location ?? REGION;
  const client = options.client ?? defaultClient({ projectId: options.projectId, location: datasetLocation });
  const inlineRowLimit = options.inlineRowLimit ?? 500;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const at = (table: TableName) => ({ projectId: options.projectId, dataset: options.dataset, table });

  // DDL is a job of its own (about a second): once per table per process.
  const ensured = new Map<TableName, Promise<void>>();
  function ensureTable(table: TableName): Promise<void> {
    let done = ensured.get(table);
    if (!done) {
      done = client.query(ensureTableSql(at(table), datasetLocation)).then(() => undefined);
      done.catch(() => ensured.delete(table));
      ensured.set(table, done);
    }
    return done;
  }

  async function read<T extends TableName>(table: T, by: 'key' | 'project' | 'ids', params: Record<string, unknown>): Promise<WarehouseRow<T>[]> {
    try {
      await ensureTable(table);
      const types = by === 'ids' ? { ids: ['STRING'] } : undefined;
      const stored = await client.query(selectSql(at(table), by), params, types);
      return stored.map((row) =>
        readRow(table, {
          project: String(row.project),
          id: String(row.id),
          data: String(row.data),
          source: String(row.source),
          fetchedAtMs: Number(row.fetched_at_ms),
          extras: row,
        }),
      );
    } catch (error) {
      throw asReadFailure(table, error);
    }
  }

  async function write(table: TableName, rows: WarehouseRow[], newerOnly: boolean, sameVersionToo = false): Promise<{ written: number }> {
    const staged = stageRows(table, rows);
    if (!staged.length) return { written: 0 };
    const records = stagingRecords(table, staged);
    const ndjson = records.map((record) => JSON.stringify(record)).join('\n');
    try {
      await ensureTable(table);
      if (staged.length <= inlineRowLimit && ndjson.length <= INLINE_BYTES_LIMIT) {
        await withDmlRetry(
          () => client.query(mergeSql(at(table), { parameter: 'rows' }, { newerOnly, sameVersionToo }), { rows: records }, { rows: rowsParameterType(table) }),
          retryDelayMs,
        );
      } else {
        const staging = { ...at(table), table: stagingTableName(table, randomUUID()) };
        try {
          await client.loadStaging(staging, stagingSchema(table), ndjson, Date.now() + 60 * 60 * 1000);
          await withDmlRetry(() => client.query(mergeSql(at(table), { staging }, { newerOnly, sameVersionToo })), retryDelayMs);
        } finally {
          // Best effort: the table expires by itself in an hour anyway.
          await client.deleteTable(staging).catch(() => undefined);
        }
      }
    } catch (error) {
      throw asWriteFailure(table, error);
    }
    return { written: staged.length };
  }

  return {
    dialect: 'bigquery',
    table: (name) => tableRef(at(name)),

    async upsert(table, rows) {
      assertTable(table);
      return write(table, rows as WarehouseRow[], false);
    },

    async mirror(table, rows, options = {}) {
      assertTable(table);
      if (!isMirrorTable(table)) throw new WarehouseError(`Tabela sem espelho no warehouse: ${table}.`);
      return write(table, rows as WarehouseRow[], true, options.sameVersionToo === true);
    },

    async query(sql, params = {}, { write: writes = false } = {}) {
      // An empty list has no type to infer: typed as texts.
      const types = Object.fromEntries(Object.entries(params).flatMap(([name, value]) => (Array.isArray(value) && !value.length ? [[name, ['STRING']]] : [])));
      try {
        // The mirror's tables exist before any query reads them (an empty store has none yet).
        await Promise.all(MIRROR_TABLE_NAMES.map(ensureTable));
        if (writes) return await withDmlRetry(() => client.query(sql, params, types), retryDelayMs);
        return await client.query(sql, params, types);
      } catch (error) {
        throw new WarehouseError(`Falha na consulta ao warehouse: ${(error as Error).message}`, { cause: error });
      }
    },

    async get(table, key) {
      assertTable(table);
      assertKey(table, key);
      const [row] = await read(table, 'key', { project: key.project, id: key.id });
      return row ?? null;
    },

    async list(table, filter) {
      assertTable(table);
      assertFilter(table, filter);
      if (filter.ids && !filter.ids.length) return [];
      return filter.ids ? read(table, 'ids', { project: filter.project, ids: filter.ids }) : read(table, 'project', { project: filter.project });
    },

    async remove(table, key) {
      assertTable(table);
      assertKey(table, key);
      try {
        await ensureTable(table);
        await withDmlRetry(() => client.query(deleteSql(at(table)), { project: key.project, id: key.id }), retryDelayMs);
      } catch (error) {
        throw asWriteFailure(table, error);
      }
    },

    async close() {},
  };
}
