import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseAdapter, duckDbPath } from './index.js';

describe('choosing the warehouse', () => {
  it('uses DuckDB on the local emulators (a demo-* project) whatever the param says', () => {
    expect(chooseAdapter({ GCLOUD_PROJECT: 'demo-console' }, 'bigquery')).toBe('duckdb');
  });

  it('uses DuckDB when the WAREHOUSE param or env asks for it', () => {
    expect(chooseAdapter({ GCLOUD_PROJECT: 'loja-prod' }, 'duckdb')).toBe('duckdb');
    expect(chooseAdapter({ GCLOUD_PROJECT: 'loja-prod', WAREHOUSE: 'DuckDB' }, '')).toBe('duckdb');
  });

  it('uses BigQuery in a real project by default, even when the project id is unknown', () => {
    expect(chooseAdapter({ GCLOUD_PROJECT: 'loja-prod' }, 'bigquery')).toBe('bigquery');
    expect(chooseAdapter({}, '')).toBe('bigquery');
  });

  it('keeps the local file under emulator-data/warehouse, one per Firebase project', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    expect(duckDbPath({ GCLOUD_PROJECT: 'demo-console' })).toBe(join(root, 'emulator-data', 'warehouse', 'demo-console.duckdb'));
    expect(duckDbPath({ GCLOUD_PROJECT: 'demo-console', WAREHOUSE_DUCKDB_PATH: '/tmp/w.duckdb' })).toBe('/tmp/w.duckdb');
  });
});
