import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleDuckDbAdapter } from '../../../scripts/lib/bundle-duckdb.mjs';
import { createDuckDbWarehouse, createTableSql, upsertFromStagingSql, writeStagedRows } from './duckdb.js';
import { MIRROR_TABLE_NAMES } from './customer-tables.js';
import { stageRows } from './rows.js';

const tempDir = mkdtempSync(join(tmpdir(), 'warehouse-duckdb-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

const fetchedAt = '2025-03-01T12:00:00.000Z';
const row = (id: string) => ({ project: 'loja', id, data: { id }, source: 'teste', fetchedAt, company: '1' });

const duckDbModule = createRequire(import.meta.url).resolve('@duckdb/node-api');

/** Runs node in another process; resolves with its output once it exits 0. */
function runNode(args: string[], onLine?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      for (const line of String(chunk).split('\n').filter(Boolean)) onLine?.(line);
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

let bundled: Promise<string> | undefined;
/** The adapter as plain JavaScript, for the other processes (built once). */
function bundle(): Promise<string> {
  bundled ??= bundleDuckDbAdapter(join(tempDir, 'bundle'));
  return bundled!;
}

/** Another process holding the file open (as a second emulator worker would) for holdMs. */
function holdFileInAnotherProcess(path: string, holdMs: number): { held: Promise<void>; done: Promise<string> } {
  let signalHeld!: () => void;
  const held = new Promise<void>((resolve) => (signalHeld = resolve));
  const script = `
    import { DuckDBInstance } from ${JSON.stringify(duckDbModule)};
    const instance = await DuckDBInstance.create(${JSON.stringify(path)});
    console.log('held');
    await new Promise((r) => setTimeout(r, ${holdMs}));
    instance.closeSync();`;
  return { held, done: runNode(['--input-type=module', '-e', script], (line) => line === 'held' && signalHeld()) };
}

describe('DuckDB warehouse', () => {
  it('creates the table with its key and adds columns declared later', () => {
    expect(createTableSql('tstock_stock')).toEqual([
      'CREATE TABLE IF NOT EXISTS "tstock_stock" (project VARCHAR NOT NULL, id VARCHAR NOT NULL, data JSON NOT NULL, source VARCHAR NOT NULL, fetched_at TIMESTAMP NOT NULL, "company" VARCHAR, PRIMARY KEY (project, id))',
      'ALTER TABLE "tstock_stock" ADD COLUMN IF NOT EXISTS "company" VARCHAR',
    ]);
    expect(upsertFromStagingSql('franke_products')).toBe(
      'INSERT INTO "franke_products" (project, id, data, source, fetched_at) SELECT project, id, data::JSON, source, epoch_ms(fetched_at_ms) FROM temp."staging_franke_products" ' +
        'ON CONFLICT (project, id) DO UPDATE SET data = excluded.data, source = excluded.source, fetched_at = excluded.fetched_at',
    );
  });

  it('writes nothing when the upsert statement fails half-way through a batch', async () => {
    const path = join(tempDir, 'atomic.duckdb');
    const warehouse = createDuckDbWarehouse({ path });
    await warehouse.upsert('tstock_stock', [row('1')]);
    // Bypasses the row checks: the third row's JSON only fails inside DuckDB, after two rows went through.
    const staged = stageRows('tstock_stock', [row('1'), row('2'), row('3')]);
    staged[0].data = '{"mudou":true}';
    staged[2].data = '{não é json';
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    try {
      await expect(writeStagedRows({ connection, ensured: new Set() }, 'tstock_stock', staged)).rejects.toThrow(/Malformed JSON/);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    expect(await warehouse.list('tstock_stock', { project: 'loja' })).toEqual([row('1')]);
  });

  it("a query on a fresh file finds every mirror table, opened in this process or pooled (a segment over a store with no quotes yet failed: 'Table with name shipping_quotes does not exist')", async () => {
    for (const pooledConnections of [undefined, 2]) {
      const warehouse = createDuckDbWarehouse({ path: join(tempDir, `fresh-${pooledConnections ?? 'file'}.duckdb`), pooledConnections });
      const tables = MIRROR_TABLE_NAMES.map((t) => `(SELECT count(*) FROM ${t})`).join(' + ');
      expect(await warehouse.query(`SELECT ${tables} AS n`)).toEqual([{ n: 0 }]);
      await warehouse.close();
    }
  });

  it('keeps the data in the file between openings (emulator restarts)', async () => {
    const path = join(tempDir, 'restart.duckdb');
    await createDuckDbWarehouse({ path }).upsert('tstock_stock', [row('7')]);
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    const count = (await connection.runAndReadAll('SELECT count(*) AS n FROM tstock_stock')).getRowObjectsJS();
    connection.closeSync();
    instance.closeSync();
    expect(count).toEqual([{ n: 1n }]);
  });

  it('waits for another process to release the file, then writes', async () => {
    const path = join(tempDir, 'wait.duckdb');
    const other = holdFileInAnotherProcess(path, 600);
    await other.held;
    const started = Date.now();
    await createDuckDbWarehouse({ path }).upsert('tstock_stock', [row('1')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await other.done;
    expect(await createDuckDbWarehouse({ path }).get('tstock_stock', { project: 'loja', id: '1' })).toEqual(row('1'));
  });

  it('gives up with a Portuguese message when the file stays locked', async () => {
    const path = join(tempDir, 'busy.duckdb');
    const other = holdFileInAnotherProcess(path, 1500);
    await other.held;
    await expect(createDuckDbWarehouse({ path, lockTimeoutMs: 200 }).upsert('tstock_stock', [row('1')])).rejects.toThrow(
      /^O warehouse local está em uso por outro processo há mais de 0 s/,
    );
    await other.done;
  });

  it('gives way to another process while this one keeps writing', async () => {
    const path = join(tempDir, 'give-way.duckdb');
    const busy = createDuckDbWarehouse({ path });
    let writing = true;
    const bulkSync = (async () => {
      for (let batch = 0; writing; batch++) await busy.upsert('tstock_stock', [row(`busy-${batch}`)]);
    })();
    await busy.get('tstock_stock', { project: 'loja', id: 'x' });

    const other = `
      import { createDuckDbWarehouse } from ${JSON.stringify(await bundle())};
      const started = Date.now();
      await createDuckDbWarehouse({ path: ${JSON.stringify(path)}, lockTimeoutMs: 2000 })
        .upsert('tstock_stock', [{ project: 'loja', id: 'outro', data: {}, source: 'outro', fetchedAt: new Date().toISOString(), company: null }]);
      console.log(Date.now() - started);`;
    try {
      // The other process's lock timeout is 2 s: it throws if this one never gives way, so its
      // success is the assertion (its wall time, process start included, varies with load).
      const waitedMs = Number(await runNode(['--input-type=module', '-e', other]));
      expect(waitedMs).toBeGreaterThanOrEqual(0);
    } finally {
      writing = false;
      await bulkSync;
    }
    expect(await busy.get('tstock_stock', { project: 'loja', id: 'outro' })).not.toBeNull();
  }, 30_000);

  it('loses no rows when two processes write to one file at the same time', async () => {
    const path = join(tempDir, 'two-processes.duckdb');
    const writer = join(tempDir, 'writer.mjs');
    // Each process writes 30 batches of 50 rows, one after another, with ids of its own, from the same instant.
    writeFileSync(
      writer,
      `import { createDuckDbWarehouse } from ${JSON.stringify(await bundle())};
       const [path, name, startAt] = process.argv.slice(2);
       const warehouse = createDuckDbWarehouse({ path });
       await new Promise((r) => setTimeout(r, Number(startAt) - Date.now())); // both start together
       for (let batch = 0; batch < 30; batch++) {
         const rows = Array.from({ length: 50 }, (_, i) => ({ project: 'loja', id: name + '-' + batch + '-' + i, data: { batch, i }, source: name, fetchedAt: new Date().toISOString(), company: null }));
         await warehouse.upsert('tstock_stock', rows);
       }`,
    );
    const startAt = String(Date.now() + 1500);
    await Promise.all(['a', 'b'].map((name) => runNode([writer, path, name, startAt])));

    const rows = await createDuckDbWarehouse({ path }).list('tstock_stock', { project: 'loja' });
    expect(rows).toHaveLength(3000);
    // The two processes' writing periods overlapped: they really took turns on the file.
    const period = (name: string) => rows.filter((r) => r.source === name).map((r) => Date.parse(r.fetchedAt));
    const [a, b] = [period('a'), period('b')];
    expect(Math.min(...a)).toBeLessThan(Math.max(...b));
    expect(Math.min(...b)).toBeLessThan(Math.max(...a));
  }, 60_000);
});
