import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTramontinaCredentials } from './respond.js';
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
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    try {
      // franke is the fourth (index 3): portBase = taken - 3 collides on it.
      await expect(startSandboxes({ portBase: taken - 3 })).rejects.toThrow(`Sandbox franke: port ${taken} is taken`);
    } finally {
      blocker.close();
    }
  });
});

describe('vendor sandboxes', () => {
  it('the web service wants a login, and refuses bad credentials and missing tokens', async () => {
    const base = sandboxes.urls['tramontina-webservice'];
    const login = (usuario: string, senha: string) => fetch(`${base}/api/v1/autenticacao`, { method: 'POST', body: JSON.stringify({ usuario, senha }) });
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
    const post = (body: unknown, auth = basic(tstock[0]!.user, tstock[0]!.password)) =>
      fetch(`${base}/api/estoque/paginar`, { method: 'POST', headers: { authorization: auth }, body: JSON.stringify(body) });
    expect((await post({ produtos: [] }, basic('x', 'y'))).status).toBe(401);
    expect((await post({ produtos: 'abc' })).status).toBe(400);
    expect((await post({ produtos: [{ id: '1', companyId: 1 }], tamanhoPagina: 1000 })).status).toBe(400);
    const byGet = await fetch(`${base}/api/estoque/paginar?produtos=${encodeURIComponent('[{"id":"10437899","companyId":1}]')}`, {
      headers: { authorization: basic(tstock[1]!.user, tstock[1]!.password) },
    });
    const page = await byGet.json();
    expect(page.registros[0].estoques.map((e: { deposito: string }) => e.deposito)).toEqual(['CB01', 'RE01']);
    const csv = await fetch(page.download.replace('.xls?', '.csv?'));
    expect((await csv.text()).split('\r\n')[1]).toBe(
      'Código;Empresa;Descrição;Depósito;Nome do Depósito;Saldo;Reservado;Disponível;Previsão de Entrada;Atualizado em',
    );
    const expired = page.download.replace(/expira=\d+/, 'expira=1');
    expect((await fetch(expired)).status).toBe(403);
  });

  it('Franke, Doka and the sites answer 400/404 as their kind of site does', async () => {
    expect((await fetch(`${sandboxes.urls.franke}/api/catalog_system/pub/products/search`)).status).toBe(400);
    expect(await (await fetch(`${sandboxes.urls.franke}/api/catalog_system/pub/products/search?fq=alternateIds_RefId:00000000`)).json()).toEqual([]);
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
