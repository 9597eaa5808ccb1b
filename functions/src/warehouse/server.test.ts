import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDuckDbWarehouse } from './duckdb.js';
import { createRemoteWarehouse, createWarehouseServer, discoverWarehouseServer, serverFileOf } from './server.js';
import type { Warehouse } from './warehouse.js';

const tempDir = mkdtempSync(join(tmpdir(), 'warehouse-server-'));
const fetchedAt = '2025-03-01T12:00:00.000Z';
const row = (id: string, n = 0) => ({ project: 'loja', id, data: { id, n }, source: 'teste', fetchedAt, company: '1' });

let close: () => Promise<void>;
let remote: Warehouse;

beforeAll(async () => {
  const path = join(tempDir, 'server.duckdb');
  const warehouse = createDuckDbWarehouse({ path, pooledConnections: 4 });
  const server = createWarehouseServer(warehouse);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  remote = createRemoteWarehouse(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await warehouse.close();
  };
});

afterAll(async () => {
  await close?.();
  rmSync(tempDir, { recursive: true, force: true });
});

describe('the local warehouse server', () => {
  it('answers fifty concurrent reads and writes on one file, every one of them (issue 17 point 15)', async () => {
    await remote.upsert('tramontina_products', [row('10437899')]);
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? remote.get('tramontina_products', { project: 'loja', id: '10437899' }) : remote.upsert('tramontina_products', [row(`c${i}`, i)]),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await remote.list('tramontina_products', { project: 'loja' })).toHaveLength(26);
    expect(await remote.get('tramontina_products', { project: 'loja', id: 'c49' })).toMatchObject({ data: { n: 49 } });
  });

  it('keeps the contract: all-or-nothing upserts with the reason, removal, null for a missing row', async () => {
    await expect(remote.upsert('tramontina_products', [row('ok'), { ...row('bad'), data: 'x' as never }])).rejects.toThrow(
      /linha 2 de tramontina_products inválida/,
    );
    expect(await remote.get('tramontina_products', { project: 'loja', id: 'ok' })).toBeNull();
    await remote.remove('tramontina_products', { project: 'loja', id: 'c1' });
    expect(await remote.get('tramontina_products', { project: 'loja', id: 'c1' })).toBeNull();
  });

  it('is found through its announcement while its process lives, and not after', () => {
    const path = join(tempDir, 'announced.duckdb');
    expect(discoverWarehouseServer(path)).toBeNull();
    writeFileSync(serverFileOf(path), JSON.stringify({ url: 'http://127.0.0.1:1', pid: process.pid }));
    expect(discoverWarehouseServer(path)).toBe('http://127.0.0.1:1');
    writeFileSync(serverFileOf(path), JSON.stringify({ url: 'http://127.0.0.1:1', pid: 2 ** 22 + 12345 }));
    expect(discoverWarehouseServer(path)).toBeNull();
  });
});

describe('warehouse errors (issue 17 point 14)', () => {
  it('never name a server path, opened in-process or through the server', async () => {
    const blocker = join(tempDir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    const path = join(blocker, 'db.duckdb');
    for (const warehouse of [createDuckDbWarehouse({ path }), createDuckDbWarehouse({ path, pooledConnections: 2 })]) {
      const failure = await warehouse.get('tramontina_products', { project: 'loja', id: '1' }).then(
        () => null,
        (error: Error) => error,
      );
      expect(failure?.name).toBe('WarehouseError');
      expect(failure!.message).not.toContain(tempDir);
      expect(failure!.message).not.toMatch(/\/[\w.-]+\/[\w.-]+/);
    }
    await expect(createRemoteWarehouse('http://127.0.0.1:1').get('tramontina_products', { project: 'loja', id: '1' })).rejects.toThrow(
      'O warehouse local não está respondendo; reinicie o ambiente local.',
    );
  });
});
