import { createServer, type IncomingMessage, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import {
  WarehouseError,
  type MirrorOptions,
  type MirrorTableName,
  type QueryParam,
  type TableName,
  type Warehouse,
  type WarehouseFilter,
  type WarehouseKey,
  type WarehouseRow,
} from './warehouse.js';

/**
 * The local warehouse as one process (issue 17 point 15). The Functions emulator runs a worker
 * process per concurrent request, and DuckDB lets one process at a time open a file: fifty
 * concurrent calls meant fifty processes taking turns at the file lock (opening and checkpointing
 * it each time), one after another, the last ones failing after 30 s. So the local stack runs one
 * warehouse server per database file (scripts/lib/stack.mjs, server-main.ts) that holds the file
 * open with a pool of connections, and the functions reach it over loopback HTTP with the same
 * Warehouse interface. It announces itself in `<file>.server.json` ({url, pid}), which is how the
 * functions, the tests and the scripts find it; without one (unit tests, scripts run alone) the
 * file is opened in-process as before.
 */

type Call =
  | { op: 'upsert'; table: string; rows: unknown[] }
  | { op: 'get' | 'remove'; table: string; key: WarehouseKey }
  | { op: 'list'; table: string; filter: WarehouseFilter }
  | { op: 'mirror'; table: string; rows: unknown[]; options?: MirrorOptions }
  | { op: 'query'; sql: string; params?: Record<string, QueryParam>; write?: boolean };

const MAX_BODY_BYTES = 256 * 1024 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new WarehouseError('Requisição grande demais para o warehouse local.');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function perform(warehouse: Warehouse, call: Call): Promise<unknown> {
  // The adapter checks the table, the key and the rows with its own messages.
  if (!call || typeof call !== 'object') throw new WarehouseError('Chamada inválida ao warehouse local.');
  const table = ('table' in call ? call.table : '') as TableName;
  switch (call.op) {
    case 'upsert':
      return warehouse.upsert(table, call.rows as WarehouseRow[]);
    case 'get':
      return warehouse.get(table, call.key);
    case 'list':
      return warehouse.list(table, call.filter);
    case 'mirror':
      return warehouse.mirror(table as MirrorTableName, call.rows as WarehouseRow<MirrorTableName>[], {
        sameVersionToo: call.options?.sameVersionToo === true,
      });
    case 'query':
      if (typeof call.sql !== 'string') throw new WarehouseError('Chamada inválida ao warehouse local.');
      return warehouse.query(call.sql, call.params ?? {}, { write: call.write === true });
    case 'remove':
      await warehouse.remove(table, call.key);
      return null;
    default:
      throw new WarehouseError('Chamada inválida ao warehouse local.');
  }
}

/** An HTTP server in front of `warehouse`: POST /call {op, table, …} → {result} or {error}. Loopback only. */
export function createWarehouseServer(warehouse: Warehouse): Server {
  return createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/call') return answer(404, { error: 'Não encontrado.' });
    readJson(req)
      .then((call) => perform(warehouse, call as Call))
      .then(
        (result) => answer(200, { result }),
        (error: unknown) =>
          answer(error instanceof WarehouseError ? 422 : 500, {
            error:
              error instanceof WarehouseError ? error.message : new WarehouseError(`Falha no warehouse local: ${(error as Error)?.message ?? error}`).message,
          }),
      );
  });
}

/** Where a server of the database file announces itself. */
export function serverFileOf(databasePath: string): string {
  return `${databasePath}.server.json`;
}

/** The URL of the live server of a database file, or null (none, or its process is gone). */
export function discoverWarehouseServer(databasePath: string): string | null {
  const file = serverFileOf(databasePath);
  if (!existsSync(file)) return null;
  try {
    const { url, pid } = JSON.parse(readFileSync(file, 'utf8')) as { url?: unknown; pid?: unknown };
    if (typeof url !== 'string' || typeof pid !== 'number') return null;
    process.kill(pid, 0); // throws when the process is gone: a file left by a crash
    return url;
  } catch {
    return null;
  }
}

/** The Warehouse interface over the server's HTTP (undici keeps the connection alive between calls). */
export function createRemoteWarehouse(url: string): Warehouse {
  async function call<R>(body: Call): Promise<R> {
    let res: Response;
    try {
      res = await fetch(`${url}/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    } catch (error) {
      throw new WarehouseError('O warehouse local não está respondendo; reinicie o ambiente local.', { cause: error });
    }
    const answer = (await res.json().catch(() => ({}))) as { result?: R; error?: string };
    if (!res.ok) throw new WarehouseError(answer.error ?? `Falha no warehouse local (HTTP ${res.status}).`);
    return answer.result as R;
  }
  return {
    dialect: 'duckdb',
    table: (name) => `"${name.replaceAll('"', '""')}"`,
    mirror: (table, rows, options) => call({ op: 'mirror', table, rows, options }),
    query: (sql, params, options) => call({ op: 'query', sql, params, write: options?.write === true }),
    upsert: (table, rows) => call({ op: 'upsert', table, rows }),
    get: (table, key) => call({ op: 'get', table, key }),
    list: (table, filter) => call({ op: 'list', table, filter }),
    remove: async (table, key) => {
      await call({ op: 'remove', table, key });
    },
    // The server holds the file; nothing is held here.
    async close() {},
  };
}
