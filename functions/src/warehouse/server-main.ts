// The local warehouse server process (server.ts): `node warehouse-server.mjs <database file>`.
// Listens on a free loopback port, announces itself in <file>.server.json and on stdout
// ({"url": …}), and stops — closing the database, so DuckDB checkpoints it — when its stdin closes
// (it never outlives the stack that started it) or on SIGTERM/SIGINT.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createDuckDbWarehouse } from './duckdb.js';
import { createWarehouseServer, serverFileOf } from './server.js';

/** Connections in the pool: reads side by side; the machine has few cores and DuckDB threads of its own. */
const POOLED_CONNECTIONS = 4;

const path = resolve(process.argv[2] ?? '');
if (!process.argv[2]) {
  console.error('usage: warehouse-server <database file>');
  process.exit(2);
}
// A fresh clone has no emulator-data/warehouse/ yet (git ignores it).
mkdirSync(dirname(path), { recursive: true });
const warehouse = createDuckDbWarehouse({ path, pooledConnections: POOLED_CONNECTIONS });
const server = createWarehouseServer(warehouse);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  writeFileSync(serverFileOf(path), JSON.stringify({ url, pid: process.pid }));
  process.stdout.write(`${JSON.stringify({ url })}\n`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  rmSync(serverFileOf(path), { force: true });
  server.close();
  server.closeAllConnections();
  await warehouse.close();
  process.exit(0);
}
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
