import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadCatalogue } from './catalogue.js';
import { loadTramontinaCredentials } from './respond.js';
import { createTramontinaTstockSandbox } from './tramontina-tstock.js';
import { SANDBOX_NAMES, sandboxEnv, startSandboxes, type StartedSandboxes } from './index.js';

let sandboxes: StartedSandboxes;
beforeAll(async () => {
  sandboxes = await startSandboxes();
});
afterAll(() => sandboxes.stop());

const { webservice, tstock } = loadTramontinaCredentials();
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('startSandboxes', () => {
  it('starts every vendor on loopback and gives the params that point at them', () => {
    expect(Object.keys(sandboxes.urls).sort()).toEqual([...SANDBOX_NAMES].sort());
    expect(sandboxes.urls.bling).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/Api\/v3$/);
    const env = sandboxEnv(sandboxes.urls);
    expect(env.TRAMONTINA_TSTOCK_URL).toBe(sandboxes.urls['tramontina-tstock']);
    expect(JSON.parse(env.STORE_SITE_URLS!)).toEqual({
      cookstore: sandboxes.urls['site-cookstore'],
      centergarbin: sandboxes.urls['site-centergarbin'],
      excellenceshop: sandboxes.urls['site-excellenceshop'],
      cookeletroraro: sandboxes.urls['site-cookeletroraro'],
    });
  });

  it('takes portBase + i, and says which sandbox found its port taken', async () => {
    // The sandboxes bind all at once, so every port of the block but franke's must be free: the
    // block is held here first, below Linux's ephemeral range (32768 up), where no other socket
    // of a busy machine lands (a free port from the kernel once had its neighbour taken).
    const { base, held } = await holdPortBlock(SANDBOX_NAMES.length);
    // franke is the fourth (index 3): its port stays held, the others are let go.
    await Promise.all(held.filter((_, i) => i !== 3).map((server) => new Promise((resolve) => server.close(resolve))));
    try {
      await expect(startSandboxes({ portBase: base })).rejects.toThrow(`Sandbox franke: port ${base + 3} is taken`);
    } finally {
      held[3]!.close();
    }
  });
});

/** `count` consecutive loopback ports, each bound by a server of this test, from a random start below 32768. */
async function holdPortBlock(count: number): Promise<{ base: number; held: Server[] }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const held: Server[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const server = createServer();
        await new Promise<void>((resolve, reject) => server.once('error', reject).listen(base + i, '127.0.0.1', resolve));
        held.push(server);
      }
      return { base, held };
    } catch {
      for (const server of held) server.close();
    }
  }
  throw new Error('no block of free ports below 32768');
}

/** A sandbox's listener on a server of its own, without the recording (and so without the contract check). */
async function unrecorded(listener: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('vendor sandboxes', () => {
  it('the web service wants a login, and refuses bad credentials and missing tokens', async () => {
    const base = sandboxes.urls['tramontina-webservice'];
    const login = (usuario: string, senha: string) =>
      fetch(`${base}/api/v1/autenticacao`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usuario, senha }) });
    expect((await login(webservice[0]!.user, 'errada')).status).toBe(401);
    expect((await fetch(`${base}/api/v1/produtos/1/10437899`)).status).toBe(401);
    const { token, tipo } = await (await login(webservice[1]!.user, webservice[1]!.password)).json();
    expect(tipo).toBe('Bearer');
    const ok = await fetch(`${base}/api/v1/produtos/1/10437899`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const missing = await fetch(`${base}/api/v1/produtos/1/00000000`, { headers: { authorization: `Bearer ${token}` } });
    expect([missing.status, (await missing.json()).erro]).toEqual([404, 'Produto não encontrado.']);
  });

  it('TStock wants Basic credentials and a product list', async () => {
    const base = sandboxes.urls['tramontina-tstock'];
    const post = (body: unknown, auth = basic(tstock[0]!.user, tstock[0]!.password), to = base) =>
      fetch(`${to}/api/estoque/paginar`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ produtos: [{ id: '1', companyId: 1 }] }, basic('x', 'y'))).status).toBe(401);
    // Requests off the contract on purpose, to an unrecorded instance: the contract check is for our clients' requests.
    const offContract = await unrecorded(createTramontinaTstockSandbox(loadCatalogue(), { credentials: tstock }));
    try {
      expect((await post({ produtos: 'abc' }, undefined, offContract.url)).status).toBe(400);
      expect((await post({ produtos: [{ id: '1', companyId: 1 }], tamanhoPagina: 1000 }, undefined, offContract.url)).status).toBe(400);
      const byGet = await fetch(`${offContract.url}/api/estoque/paginar`, { headers: { authorization: basic(tstock[0]!.user, tstock[0]!.password) } });
      expect(byGet.status).toBe(405);
    } finally {
      await offContract.close();
    }
    const page = await (await post({ produtos: [{ id: '10437899', companyId: 1 }] }, basic(tstock[1]!.user, tstock[1]!.password))).json();
    expect(page.registros[0].estoques.map((e: { deposito: string }) => e.deposito)).toEqual(['CB01', 'RE01']);
    const csv = await fetch(page.download.replace('.xls?', '.csv?'));
    expect((await csv.text()).split('\r\n')[1]).toBe(
      'Código;Empresa;Descrição;Depósito;Nome do Depósito;Saldo;Reservado;Disponível;Previsão de Entrada;Atualizado em',
    );
    const expired = page.download.replace(/expira=\d+/, 'expira=1');
    expect((await fetch(expired)).status).toBe(403);
  });

  it('Franke, Doka and the sites answer 400/404 as their kind of site does', async () => {
    const vtex = { accept: 'application/json', 'content-type': 'application/json' };
    const listing = (await (await fetch(`${sandboxes.urls.franke}/api/catalog_system/pub/products/search`, { headers: vtex })).json()) as {
      productId: string;
    }[];
    expect(listing.length).toBeGreaterThan(0);
    expect(listing.length).toBeLessThanOrEqual(10);
    expect(listing.map((p) => Number(p.productId))).toEqual(listing.map((p) => Number(p.productId)).sort((a, b) => b - a));
    const unknown = await fetch(`${sandboxes.urls.franke}/api/catalog_system/pub/products/search?fq=alternateIds_RefId:00000000`, { headers: vtex });
    expect(await unknown.json()).toEqual([]);
    const doka = await fetch(`${sandboxes.urls.doka}/produto/00000000`);
    expect([doka.status, doka.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    const site = await fetch(`${sandboxes.urls['site-excellenceshop']}/api/produtos/00000000`);
    expect([site.status, (await site.json()).erro]).toEqual([404, 'Produto não encontrado.']);
  });

  it('serves the same answer every run (values invented from the code are stable)', async () => {
    const get = async () => (await fetch(`${sandboxes.urls['site-centergarbin']}/api/produtos/10437899`)).text();
    expect(await get()).toBe(await get());
  });
});
