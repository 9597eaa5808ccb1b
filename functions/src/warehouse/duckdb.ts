import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { asReadFailure, asWriteFailure, assertFilter, assertKey, assertTable, extraColumnsOf, readRow, stageRows, type StagedRow } from './rows.js';
import { isMirrorTable, MIRROR_TABLE_NAMES } from './customer-tables.js';
import type { TableName } from './tables.js';
import { WarehouseError, type Warehouse, type WarehouseFilter, type WarehouseKey, type WarehouseRow } from './warehouse.js';

export interface DuckDbWarehouseOptions {
  /** The database file; its folder is created if missing. */
  path: string;
  /** How long to wait for another process to release the file before failing. Default 30 s. */
  lockTimeoutMs?: number;
  /**
   * How long one busy process keeps the file before it checks whether another process waits for
   * it, and if so closes it to let that one in. Default 250 ms.
   */
  maxHoldMs?: number;
  /** How long the file stays open after the last queued operation, for the next one. Default 20 ms. */
  lingerMs?: number;
  /**
   * This process is the file's only user (the local warehouse server, server.ts): one DuckDB
   * instance kept open with a pool of this many connections — reads run side by side, writes one
   * at a time — instead of opening the file per burst of calls under a cross-process lock.
   */
  pooledConnections?: number;
}

const SQL_TYPE = { string: 'VARCHAR', number: 'DOUBLE' } as const;

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** DDL that creates the table if missing and adds columns declared since it was created. */
export function createTableSql(table: TableName): string[] {
  const extras = extraColumnsOf(table);
  const name = quoteIdentifier(table);
  return [
    `CREATE TABLE IF NOT EXISTS ${name} (project VARCHAR NOT NULL, id VARCHAR NOT NULL, data JSON NOT NULL, ` +
      `source VARCHAR NOT NULL, fetched_at TIMESTAMP NOT NULL${extras.map(([c, kind]) => `, ${quoteIdentifier(c)} ${SQL_TYPE[kind]}`).join('')}, ` +
      `PRIMARY KEY (project, id))`,
    ...extras.map(([c, kind]) => `ALTER TABLE ${name} ADD COLUMN IF NOT EXISTS ${quoteIdentifier(c)} ${SQL_TYPE[kind]}`),
  ];
}

function stagingName(table: TableName): string {
  return quoteIdentifier(`staging_${table}`);
}

/** The one statement that moves a staged batch into the table: atomic on its own. */
export function upsertFromStagingSql(table: TableName, options: { newerOnly?: boolean; sameVersionToo?: boolean } = {}): string {
  const extras = extraColumnsOf(table).map(([c]) => quoteIdentifier(c));
  const columns = ['project', 'id', 'data', 'source', 'fetched_at', ...extras];
  const target = quoteIdentifier(table);
  return (
    `INSERT INTO ${target} (${columns.join(', ')}) ` +
    `SELECT project, id, data::JSON, source, epoch_ms(fetched_at_ms)${extras.map((c) => `, ${c}`).join('')} FROM temp.${stagingName(table)} ` +
    `ON CONFLICT (project, id) DO UPDATE SET ${columns
      .slice(2)
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}` +
    // A mirror's row replaces the stored one only when it is a later version of the document.
    (options.newerOnly
      ? ` WHERE ${target}.update_time_us IS NULL OR excluded.update_time_us ${options.sameVersionToo ? '>=' : '>'} ${target}.update_time_us`
      : '')
  );
}

function selectSql(table: TableName, where: string): string {
  const extras = extraColumnsOf(table)
    .map(([c]) => `, ${quoteIdentifier(c)}`)
    .join('');
  return `SELECT project, id, data::VARCHAR AS data, source, epoch_ms(fetched_at) AS fetched_at_ms${extras} FROM ${quoteIdentifier(table)} WHERE ${where} ORDER BY id`;
}

function isLockConflict(error: unknown): boolean {
  return /Could not set lock on file|Conflicting lock is held/i.test(String((error as Error)?.message ?? error));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type FileTask = { run: (session: Session) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** The file while this process has it open. */
interface Session {
  connection: DuckDBConnection;
  /** Tables already created or migrated in this session: the DDL runs once per opening. */
  ensured: Set<TableName>;
}

/** Longest pause between two tries of a process waiting for the file (before jitter). */
const MAX_RETRY_MS = 40;
/** A holder that gives way stays closed this long, so every waiter's next try finds the file free. */
const GIVE_WAY_MS = 2 * MAX_RETRY_MS;

/**
 * One database file as seen by this process. DuckDB lets one process at a time open a file for
 * writing, and the Functions emulator runs several worker processes: so the file is opened only
 * while this process has work queued (plus a little lingerMs for a follow-up call), and an open
 * that finds the file locked by another process waits and retries with backoff. A waiter marks
 * `<file>.waiting`; a holder busy for maxHoldMs that sees a fresh mark closes the file and gives
 * way, so a long bulk sync in one process cannot starve the others. Inside the process,
 * operations on the file run one after another — two instances on one file in one process would
 * not see each other's lock.
 */
class DatabaseFile implements Database {
  private readonly queue: FileTask[] = [];
  private draining = false;
  private wake: (() => void) | undefined;
  private whenReleased: (() => void)[] = [];
  private releaseAsked = false;

  constructor(
    readonly path: string,
    private readonly limits: { lockTimeoutMs: number; maxHoldMs: number; lingerMs: number },
  ) {}

  run<R>(task: (session: Session) => Promise<R>, access?: Access): Promise<R> {
    // The tables the task names are created first, in the same session: this process's tasks on
    // the file run one at a time, so no other session creates them meanwhile.
    const tables = access ? (typeof access.table === 'string' ? [access.table] : access.table) : [];
    const withTables = async (session: Session) => {
      for (const table of tables) await ensureTable(session, table);
      return task(session);
    };
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ run: withTables, resolve: resolve as (v: unknown) => void, reject });
      this.wake?.();
      if (!this.draining) void this.drain();
    });
  }

  /** Resolves once this process has no operation queued and has closed the file. */
  released(): Promise<void> {
    if (!this.draining) return Promise.resolve();
    this.releaseAsked = true; // no lingering for a follow-up call
    this.wake?.();
    return new Promise((resolve) => this.whenReleased.push(resolve));
  }

  /** Resolves when a task is queued or after ms, whichever comes first. */
  private async nextTask(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.wake = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref();
    });
    clearTimeout(timer);
    this.wake = undefined;
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length) {
        let instance: DuckDBInstance;
        let session: Session;
        try {
          ({ instance, session } = await this.open());
        } catch (error) {
          for (const task of this.queue.splice(0)) task.reject(error);
          return;
        }
        let heldSince = Date.now();
        let giveWay = false;
        try {
          for (;;) {
            if (Date.now() - heldSince > this.limits.maxHoldMs) {
              if ((giveWay = this.othersWaiting())) break;
              heldSince = Date.now();
            }
            if (!this.queue.length && !this.releaseAsked) await this.nextTask(this.limits.lingerMs);
            const task = this.queue.shift();
            if (!task) break;
            try {
              task.resolve(await task.run(session));
            } catch (error) {
              task.reject(error);
            }
          }
        } finally {
          session.connection.closeSync();
          instance.closeSync();
        }
        if (giveWay) await sleep(GIVE_WAY_MS);
      }
    } finally {
      this.draining = false;
      this.releaseAsked = false;
      for (const resolve of this.whenReleased.splice(0)) resolve();
    }
  }

  private get waitingMark(): string {
    return `${this.path}.waiting`;
  }

  /** Whether another process has failed to open the file within the last second. */
  private othersWaiting(): boolean {
    try {
      return statSync(this.waitingMark).mtimeMs > Date.now() - 1000;
    } catch {
      return false;
    }
  }

  private async open(): Promise<{ instance: DuckDBInstance; session: Session }> {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    mkdirSync(dirname(this.path), { recursive: true });
    const deadline = Date.now() + this.limits.lockTimeoutMs;
    for (let attempt = 0; ; attempt++) {
      try {
        // Few threads: the batches are small and several emulator processes share the machine.
        const instance = await DuckDBInstance.create(this.path, { threads: '2' });
        return { instance, session: { connection: await instance.connect(), ensured: new Set() } };
      } catch (error) {
        if (!isLockConflict(error)) throw new WarehouseError(`Falha ao abrir o warehouse local: ${(error as Error).message}`, { cause: error });
        if (Date.now() >= deadline) {
          throw new WarehouseError(`O warehouse local está em uso por outro processo há mais de ${Math.round(this.limits.lockTimeoutMs / 1000)} s.`, {
            cause: error,
          });
        }
        writeFileSync(this.waitingMark, String(process.pid));
        // Exponential backoff with jitter so waiting processes do not retry in step.
        await sleep(Math.min(MAX_RETRY_MS, 5 * 2 ** attempt) * (0.5 + Math.random()));
      }
    }
  }
}

/** How an operation reaches the database: the table it needs and whether it writes. */
interface Access {
  /** The table (or tables) the task reads or writes: each is created, in the write turn, before it runs. */
  table: TableName | readonly TableName[];
  write: boolean;
}

interface Database {
  run<R>(task: (session: Session) => Promise<R>, access: Access): Promise<R>;
  released(): Promise<void>;
}

/**
 * One DuckDB instance held open by the one process that uses the file (the warehouse server), with
 * a pool of connections: reads run concurrently (DuckDB's MVCC gives each a consistent view),
 * writes and table creation run one at a time, so two upserts never conflict on a key. The
 * instance opens on first use and closes on released() (a later call opens it again).
 */
class PooledDatabase implements Database {
  private opened: Promise<{ instance: DuckDBInstance; sessions: Session[] }> | undefined;
  private free: Session[] = [];
  private waiting: ((session: Session) => void)[] = [];
  private writeTurn: Promise<void> = Promise.resolve();
  private readonly ensured = new Set<TableName>();
  private inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly path: string,
    private readonly size: number,
  ) {}

  run<R>(task: (session: Session) => Promise<R>, { table, write }: Access): Promise<R> {
    const done = (async () => {
      await this.open();
      // Tables are created in the write turn, never beside another session's write: DuckDB refuses
      // two sessions creating one table at once ('Catalog write-write conflict on create').
      const missing = (typeof table === 'string' ? [table] : table).filter((t) => !this.ensured.has(t));
      if (missing.length)
        await this.inTurn(() =>
          this.withSession(async (session) => {
            for (const t of missing) await ensureTable(session, t);
          }),
        );
      return write ? this.inTurn(() => this.withSession(task)) : this.withSession(task);
    })();
    this.inFlight.add(done);
    void done.catch(() => undefined).finally(() => this.inFlight.delete(done));
    return done;
  }

  async released(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    const opened = this.opened;
    if (!opened) return;
    this.opened = undefined;
    const { instance, sessions } = await opened;
    for (const { connection } of sessions) connection.closeSync();
    instance.closeSync();
    this.free = [];
    this.ensured.clear();
  }

  private open() {
    this.opened ??= (async () => {
      const { DuckDBInstance } = await import('@duckdb/node-api');
      mkdirSync(dirname(this.path), { recursive: true });
      let instance: DuckDBInstance;
      try {
        instance = await DuckDBInstance.create(this.path, { threads: '2' });
      } catch (error) {
        this.opened = undefined;
        throw new WarehouseError(`Falha ao abrir o warehouse local: ${(error as Error).message}`, { cause: error });
      }
      const sessions: Session[] = [];
      for (let i = 0; i < this.size; i++) sessions.push({ connection: await instance.connect(), ensured: this.ensured });
      this.free = [...sessions];
      return { instance, sessions };
    })();
    return this.opened;
  }

  /** Runs `task` after every write queued before it, and before any queued after it. */
  private inTurn<R>(task: () => Promise<R>): Promise<R> {
    const result = this.writeTurn.then(task);
    this.writeTurn = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async withSession<R>(task: (session: Session) => Promise<R>): Promise<R> {
    const session = this.free.pop() ?? (await new Promise<Session>((resolve) => this.waiting.push(resolve)));
    try {
      return await task(session);
    } finally {
      const next = this.waiting.shift();
      if (next) next(session);
      else this.free.push(session);
    }
  }
}

const openFiles = new Map<string, DatabaseFile>();

const pooled = new Map<string, PooledDatabase>();

/** One database per path in this process; its limits are those of the first warehouse opened on the path. */
function databaseFile(options: DuckDbWarehouseOptions): Database {
  const path = resolve(options.path);
  if (options.pooledConnections) {
    let db = pooled.get(path);
    if (!db) pooled.set(path, (db = new PooledDatabase(path, options.pooledConnections)));
    return db;
  }
  let file = openFiles.get(path);
  if (!file) {
    file = new DatabaseFile(path, { lockTimeoutMs: options.lockTimeoutMs ?? 30_000, maxHoldMs: options.maxHoldMs ?? 250, lingerMs: options.lingerMs ?? 20 });
    openFiles.set(path, file);
  }
  return file;
}

async function ensureTable({ connection, ensured }: Session, table: TableName): Promise<void> {
  if (ensured.has(table)) return;
  for (const statement of createTableSql(table)) await connection.run(statement);
  ensured.add(table);
}

/** Fills the connection's temporary staging table through the appender (the fast path for many rows). */
async function stage(connection: DuckDBConnection, table: TableName, rows: StagedRow[]): Promise<void> {
  const extras = extraColumnsOf(table);
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE ${stagingName(table)} (project VARCHAR, id VARCHAR, data VARCHAR, source VARCHAR, fetched_at_ms BIGINT` +
      `${extras.map(([c, kind]) => `, ${quoteIdentifier(c)} ${SQL_TYPE[kind]}`).join('')})`,
  );
  const appender = await connection.createAppender(`staging_${table}`, 'main', 'temp');
  try {
    for (const row of rows) {
      appender.appendVarchar(row.project);
      appender.appendVarchar(row.id);
      appender.appendVarchar(row.data);
      appender.appendVarchar(row.source);
      appender.appendBigInt(BigInt(row.fetchedAtMs));
      extras.forEach(([, kind], i) => {
        const value = row.extras[i];
        if (value === null) appender.appendNull();
        else if (kind === 'number') appender.appendDouble(value as number);
        else appender.appendVarchar(value as string);
      });
      appender.endRow();
    }
  } finally {
    appender.closeSync();
  }
}

/** Writes already-checked rows. Exported for the test that proves a failing statement writes nothing. */
export async function writeStagedRows(
  session: Session,
  table: TableName,
  rows: StagedRow[],
  options: { newerOnly?: boolean; sameVersionToo?: boolean } = {},
): Promise<void> {
  const { connection } = session;
  await ensureTable(session, table);
  await stage(connection, table, rows);
  try {
    await connection.run(upsertFromStagingSql(table, options));
  } finally {
    await connection.run(`DROP TABLE IF EXISTS temp.${stagingName(table)}`);
  }
}

type Stored = { project: string; id: string; data: string; source: string; fetched_at_ms: bigint } & Record<string, unknown>;

function toRow<T extends TableName>(table: T, stored: Stored): WarehouseRow<T> {
  return readRow(table, { ...stored, fetchedAtMs: Number(stored.fetched_at_ms), extras: stored });
}

/** A query answer's value as JSON can carry it (DuckDB answers BIGINT as bigint). */
function plainValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plainValue);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValue(v)]));
  }
  return value;
}

/** The local warehouse: one DuckDB file, safe to share between processes. */
export function createDuckDbWarehouse(options: DuckDbWarehouseOptions): Warehouse {
  const file = databaseFile(options);

  return {
    dialect: 'duckdb',
    table: (name) => quoteIdentifier(name),

    async mirror(table, rows, options = {}) {
      assertTable(table);
      if (!isMirrorTable(table)) throw new WarehouseError(`Tabela sem espelho no warehouse: ${table}.`);
      const staged = stageRows(table, rows);
      if (!staged.length) return { written: 0 };
      try {
        await file.run((session) => writeStagedRows(session, table, staged, { newerOnly: true, sameVersionToo: options.sameVersionToo === true }), {
          table,
          write: true,
        });
      } catch (error) {
        throw asWriteFailure(table, error);
      }
      return { written: staged.length };
    },

    async query(sql, params = {}, { write = false } = {}) {
      const { listValue } = await import('@duckdb/node-api');
      // DuckDB refuses a parameter the statement does not use: only those it names are bound.
      const values = Object.fromEntries(
        Object.entries(params)
          .filter(([name]) => new RegExp(`\\$${name}(?![\\w$])`).test(sql))
          .map(([name, value]) => [name, Array.isArray(value) ? listValue(value as unknown[] as string[]) : value]),
      ) as Record<string, string | number | boolean | null>;
      try {
        return await file.run(
          async (session) => {
            const reader = await session.connection.runAndReadAll(sql, values);
            return (reader.getRowObjectsJS() as Record<string, unknown>[]).map((row) => plainValue(row) as Record<string, unknown>);
          },
          // The mirror's tables exist before any query reads them (an empty store has none yet).
          { table: MIRROR_TABLE_NAMES, write },
        );
      } catch (error) {
        throw new WarehouseError(`Falha na consulta ao warehouse: ${(error as Error).message}`, { cause: error });
      }
    },

    async upsert(table, rows) {
      assertTable(table);
      const staged = stageRows(table, rows);
      if (!staged.length) return { written: 0 };
      try {
        await file.run((session) => writeStagedRows(session, table, staged), { table, write: true });
      } catch (error) {
        throw asWriteFailure(table, error);
      }
      return { written: staged.length };
    },

    async get(table, key: WarehouseKey) {
      assertTable(table);
      assertKey(table, key);
      try {
        return await file.run(
          async (session) => {
            await ensureTable(session, table);
            const reader = await session.connection.runAndReadAll(selectSql(table, 'project = $project AND id = $id'), { project: key.project, id: key.id });
            const [stored] = reader.getRowObjectsJS() as Stored[];
            return stored ? toRow(table, stored) : null;
          },
          { table, write: false },
        );
      } catch (error) {
        throw asReadFailure(table, error);
      }
    },

    async list(table, filter: WarehouseFilter) {
      assertTable(table);
      assertFilter(table, filter);
      if (filter.ids && !filter.ids.length) return [];
      const { listValue } = await import('@duckdb/node-api');
      try {
        return await file.run(
          async (session) => {
            await ensureTable(session, table);
            const { connection } = session;
            const reader = filter.ids
              ? await connection.runAndReadAll(selectSql(table, 'project = $project AND list_contains($ids, id)'), {
                  project: filter.project,
                  ids: listValue(filter.ids),
                })
              : await connection.runAndReadAll(selectSql(table, 'project = $project'), { project: filter.project });
            return (reader.getRowObjectsJS() as Stored[]).map((stored) => toRow(table, stored));
          },
          { table, write: false },
        );
      } catch (error) {
        throw asReadFailure(table, error);
      }
    },

    async remove(table, key) {
      assertTable(table);
      assertKey(table, key);
      try {
        await file.run(
          async (session) => {
            await ensureTable(session, table);
            await session.connection.run(`DELETE FROM ${quoteIdentifier(table)} WHERE project = $project AND id = $id`, { project: key.project, id: key.id });
          },
          { table, write: true },
        );
      } catch (error) {
        throw asWriteFailure(table, error);
      }
    },

    // The file closes by itself once nothing is queued; this waits for that (the warehouse stays
    // usable: a later call opens the file again).
    async close() {
      await file.released();
    },
  };
}
