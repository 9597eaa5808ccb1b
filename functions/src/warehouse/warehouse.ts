import type { MirrorTableName } from './customer-tables.js';
import type { ExtraColumns, TableName } from './tables.js';

export type { TableName } from './tables.js';
export { siteProductId } from './tables.js';
export type { MirrorTableName } from './customer-tables.js';

/** A query parameter: a value, or a list of texts or numbers. */
export type QueryParam = string | number | boolean | null | readonly string[] | readonly number[];

export interface MirrorOptions {
  /** A row of the stored version replaces it too (a backfill's, so its `fetched_at` says it saw the document). */
  sameVersionToo?: boolean;
}

/** The SQL dialect an adapter's `query` runs. */
export type WarehouseDialect = 'duckdb' | 'bigquery';

/** A JSON object as fetched from (or mapped from) the upstream service. */
export type WarehouseData = { [field: string]: unknown };

/** Rows are keyed by (project, id): each store project has its own copy of the upstream data. */
export interface WarehouseKey {
  project: string;
  id: string;
}

export interface WarehouseRowBase extends WarehouseKey {
  data: WarehouseData;
  /** Where the row came from, e.g. 'bling', 'tramontina-webservice', 'site:cookstore'. */
  source: string;
  /** ISO 8601 instant of the fetch; read back as `Date.toISOString()` (UTC, milliseconds). */
  fetchedAt: string;
}

/** A row of a table: the base fields plus the table's extra columns (see tables.ts). */
export type WarehouseRow<T extends TableName = TableName> = WarehouseRowBase & ExtraColumns<T>;

export interface WarehouseFilter {
  project: string;
  /** Only these ids; omitted = every row of the project. */
  ids?: string[];
}

/**
 * The data warehouse the sync endpoints write upstream data into and read it back from.
 * BigQuery in production, DuckDB (a file under emulator-data/) locally — same contract.
 */
export interface Warehouse {
  /**
   * Inserts or replaces rows by (project, id). All or nothing: one invalid row (or any failure)
   * writes none. Idempotent: the same rows twice leave the same table. Within one call, a
   * repeated key keeps its last row. The table is created if missing.
   */
  upsert<T extends TableName>(table: T, rows: WarehouseRow<T>[]): Promise<{ written: number }>;
  get<T extends TableName>(table: T, key: WarehouseKey): Promise<WarehouseRow<T> | null>;
  /** Rows of one project, ordered by id. */
  list<T extends TableName>(table: T, filter: WarehouseFilter): Promise<WarehouseRow<T>[]>;
  /**
   * A mirror's write (tables with `update_time_us`, customer-tables.ts): each row replaces the
   * stored one only when its `update_time_us` is later, so a redelivered or late event changes
   * nothing; a delete is a row too (`deleted` 1, a tombstone), so an older write cannot bring the
   * document back. Answers how many rows were given (not how many changed).
   */
  mirror(table: MirrorTableName, rows: WarehouseRow<MirrorTableName>[], options?: MirrorOptions): Promise<{ written: number }>;
  /**
   * One statement in the adapter's dialect (`dialect`), values only as named parameters (`$name`
   * in DuckDB, `@name` in BigQuery); the answer's rows as plain objects (BIGINT as number).
   * `write` runs it in the writers' turn (INSERT, DELETE, CREATE).
   */
  query(sql: string, params?: Record<string, QueryParam>, options?: { write?: boolean }): Promise<Record<string, unknown>[]>;
  readonly dialect: WarehouseDialect;
  /** A table's name as `query` must write it (quoted; BigQuery's with its dataset). */
  table(name: TableName): string;
  /** Removes one row; removing a missing row is not an error. */
  remove(table: TableName, key: WarehouseKey): Promise<void>;
  /** Waits for pending calls and releases what this process holds (DuckDB: the file lock). */
  close(): Promise<void>;
}

/**
 * Absolute file paths in a message ('/srv/app/emulator-data/warehouse/x.duckdb', 'C:\\data\\x'):
 * the database engine names its files in its errors, and answers must never show server paths.
 */
const SERVER_PATH = /(?<![\w:/.])(?:[A-Za-z]:\\|\/)[^\s"'`()<>,;]*[\\/][^\s"'`()<>,;]*/g;

export function withoutServerPaths(message: string): string {
  return message.replace(SERVER_PATH, '(arquivo do servidor)');
}

/**
 * A warehouse failure; the message is Portuguese and may be shown to the operator, so it never
 * names a server path (the cause keeps the engine's own error for the logs).
 */
export class WarehouseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(withoutServerPaths(message), options);
    this.name = 'WarehouseError';
  }
}
