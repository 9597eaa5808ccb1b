import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bigQueryDataset, warehouseAdapter } from '../config.js';
import { createBigQueryWarehouse } from './bigquery.js';
import { createDuckDbWarehouse } from './duckdb.js';
import { createRemoteWarehouse, discoverWarehouseServer } from './server.js';
import type { Warehouse } from './warehouse.js';

export * from './warehouse.js';

export type WarehouseAdapter = 'duckdb' | 'bigquery';

/** The Firebase project the functions run in (the emulators set it to a demo-* id). */
function firebaseProjectId(env: NodeJS.ProcessEnv): string {
  return env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT || '';
}

/** DuckDB when asked for, or always on the local emulators (a demo-* project has no BigQuery). */
export function chooseAdapter(env: NodeJS.ProcessEnv = process.env, param = warehouseAdapter()): WarehouseAdapter {
  const wanted = (env.WAREHOUSE || param || '').trim().toLowerCase();
  if (wanted === 'duckdb' || firebaseProjectId(env).startsWith('demo-')) return 'duckdb';
  return 'bigquery';
}

/** The repository root: the nearest folder above `from` holding firebase.json. */
function findRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'firebase.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * emulator-data/warehouse/<project>.duckdb under the repository, so the data survives emulator
 * restarts like the rest of emulator-data; WAREHOUSE_DUCKDB_PATH overrides it.
 */
export function duckDbPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WAREHOUSE_DUCKDB_PATH) return resolve(env.WAREHOUSE_DUCKDB_PATH);
  const root = findRoot(process.cwd()) ?? findRoot(dirname(fileURLToPath(import.meta.url))) ?? process.cwd();
  const fileName = (firebaseProjectId(env) || 'local').replace(/[^\w.-]/g, '_');
  return join(root, 'emulator-data', 'warehouse', `${fileName}.duckdb`);
}

/**
 * The local warehouse of a DuckDB file: through its warehouse server when one runs (the local
 * stack starts it: the Functions emulator's many worker processes then share one open database),
 * else the file opened in this process.
 */
export function localWarehouse(path: string): Warehouse {
  const server = discoverWarehouseServer(path);
  return server ? createRemoteWarehouse(server) : createDuckDbWarehouse({ path });
}

let current: { key: string; warehouse: Warehouse } | undefined;

/** The warehouse of this runtime, created once per process. */
export function getWarehouse(): Warehouse {
  const adapter = chooseAdapter();
  const key = adapter === 'duckdb' ? `duckdb:${duckDbPath()}` : `bigquery:${bigQueryDataset() || 'console'}`;
  if (current?.key !== key) {
    const warehouse =
      adapter === 'duckdb'
        ? localWarehouse(duckDbPath())
        : createBigQueryWarehouse({ dataset: bigQueryDataset() || 'console', projectId: process.env.GCLOUD_PROJECT });
    current = { key, warehouse };
  }
  return current.warehouse;
}
