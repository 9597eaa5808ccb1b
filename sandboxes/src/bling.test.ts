import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLING_ERP_ONLY_CODES, createBlingSandbox, loadBlingSeedAccounts, type BlingSandbox, type BlingSandboxProduto } from './bling.js';
import { loadCatalogue } from './catalogue.js';

const catalogue = loadCatalogue();
const [account] = loadBlingSeedAccounts();
const code = catalogue.products[0]!.ProductCode;

let sandbox: BlingSandbox;
let server: Server;
let base: string;

beforeEach(async () => {
  // Limits high enough that only the rate-limit test meets them.
  sandbox = createBlingSandbox(catalogue, { requestsPerSecond: 1000 });
  server = createServer(sandbox);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/Api/v3`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function call(path: string, init: RequestInit & { token?: string } = {}) {
  const { token = account!.accessToken, ...rest } = init;
  return fetch(`${base}${path}`, {
    ...rest,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...rest.headers },
  });
}

function refresh(refreshToken: string, secret = account!.clientSecret) {
  return refreshWith(refreshToken, {}, secret);
}

function refreshWith(refreshToken: string, headers: Record<string, string> = {}, secret = account!.clientSecret) {
  return fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${account!.clientId}:${secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
}

const produtoBody = (codigo: string) => ({ nome: 'Panela de teste', codigo, tipo: 'P', situacao: 'A', formato: 'S', preco: 10 });

describe('Bling sandbox', () => {
  it('accepts the tokens of every Bling account of the seed (main and cookstore)', async () => {
    const accounts = loadBlingSeedAccounts();
    expect(accounts.length).toBeGreaterThanOrEqual(6);
    for (const seeded of accounts) {
      expect((await call('/produtos?limite=1', { token: seeded.accessToken })).status).toBe(200);
    }
  });

  it('lists produtos wrapped in data, filtered by codigos[], and gives the full produto by id', async () => {
    const list = (await (await call(`/produtos?codigos%5B%5D=${code}`)).json()) as { data: { id: number; codigo: string; precoCusto: number }[] };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.codigo).toBe(code);
    const one = (await (await call(`/produtos/${list.data[0]!.id}`)).json()) as { data: Record<string, unknown> };
    expect(one.data).toMatchObject({ codigo: code, tipo: 'P', situacao: 'A', formato: 'S', unidade: 'UN' });
    expect(one.data.gtin).toBe(catalogue.byCode.get(code)!.EAN13);
    // The cost: at fornecedor.precoCusto in the full record, at precoCusto in the summary only.
    expect(one.data).not.toHaveProperty('precoCusto');
    expect((one.data.fornecedor as { precoCusto: number }).precoCusto).toBe(list.data[0]!.precoCusto);
  });

  it('ignores an undocumented codigo parameter, as Bling would: the latest produtos come back', async () => {
    const list = (await (await call(`/produtos?codigo=${code}&limite=100`)).json()) as { data: { codigo: string }[] };
    expect(list.data).toHaveLength(100);
    expect(list.data.map((p) => p.codigo)).not.toContain(code);
  });

  it('pages with pagina and limite and refuses a limite above 100', async () => {
    const first = (await (await call('/produtos?pagina=1&limite=2')).json()) as { data: { id: number }[] };
    const second = (await (await call('/produtos?pagina=2&limite=2')).json()) as { data: { id: number }[] };
    expect(first.data).toHaveLength(2);
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    const refused = await call('/produtos?limite=101');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('VALIDATION_ERROR');
  });

  it('creates a produto, refuses a second one with the same codigo, and updates it with PUT', async () => {
    const created = await call('/produtos', { method: 'POST', body: JSON.stringify(produtoBody('NOVO-1')) });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number } };
    const duplicate = await call('/produtos', { method: 'POST', body: JSON.stringify(produtoBody('NOVO-1')) });
    expect(duplicate.status).toBe(400);
    const { error } = (await duplicate.json()) as { error: { type: string; fields: { element: string }[] } };
    expect(error.type).toBe('VALIDATION_ERROR');
    expect(error.fields[0]!.element).toBe('codigo');
    const updated = await call(`/produtos/${data.id}`, { method: 'PUT', body: JSON.stringify({ ...produtoBody('NOVO-1'), preco: 12 }) });
    expect(updated.status).toBe(200);
    expect(sandbox.produtos(account!.clientId).filter((p) => p.codigo === 'NOVO-1')).toEqual([expect.objectContaining({ id: data.id, preco: 12 })]);
  });

  it('changes the situacao (the update flag) with PATCH /produtos/{id}/situacoes', async () => {
    const id = sandbox.produtos(account!.clientId)[0]!.id;
    expect((await call(`/produtos/${id}/situacoes`, { method: 'PATCH', body: JSON.stringify({ situacao: 'I' }) })).status).toBe(204);
    expect(sandbox.produtos(account!.clientId)[0]!.situacao).toBe('I');
    const ativos = (await (await call(`/produtos?criterio=2&limite=100&codigos[]=${sandbox.produtos(account!.clientId)[0]!.codigo}`)).json()) as {
      data: unknown[];
    };
    expect(ativos.data).toEqual([]);
  });

  it('links a produto to a loja once, lists it by idProduto and idLoja, and deletes it', async () => {
    const produto = sandbox.produtos(account!.clientId)[0]!;
    const body = JSON.stringify({ codigo: produto.codigo, preco: 99, produto: { id: produto.id }, loja: { id: 203000001 } });
    const created = await call('/produtos/lojas', { method: 'POST', body });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number } };
    expect((await call('/produtos/lojas', { method: 'POST', body })).status).toBe(400);
    const listed = (await (await call(`/produtos/lojas?idProduto=${produto.id}&idLoja=203000001`)).json()) as { data: { id: number }[] };
    expect(listed.data.map((v) => v.id)).toEqual([data.id]);
    expect((await call(`/produtos/lojas/${data.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/produtos/lojas/${data.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('rotates both tokens on refresh and refuses the spent refresh token', async () => {
    const answer = await refresh(account!.refreshToken);
    expect(answer.status).toBe(200);
    const tokens = (await answer.json()) as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
    expect(tokens).toMatchObject({ expires_in: 21600, token_type: 'Bearer' });
    expect(tokens.refresh_token).not.toBe(account!.refreshToken);
    expect((await call('/produtos?limite=1', { token: tokens.access_token })).status).toBe(200);
    const spent = await refresh(account!.refreshToken);
    expect(spent.status).toBe(400);
    expect(((await spent.json()) as { error: { type: string } }).error.type).toBe('invalid_grant');
    expect((await refresh(tokens.refresh_token, 'wrong-secret')).status).toBe(401);
  });

  it('answers 401 in Bling error shape once the access tokens expire', async () => {
    sandbox.expireAccessTokens(account!.clientId);
    const refused = await call('/produtos?limite=1');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { type: 'invalid_token', message: 'invalid_token', description: expect.any(String) } });
  });

  it('still accepts tokens it issued before a restart (they are signed, not remembered)', async () => {
    const tokens = (await (await refresh(account!.refreshToken)).json()) as { access_token: string; refresh_token: string };
    const restarted = createBlingSandbox(catalogue);
    server.removeAllListeners('request');
    server.on('request', restarted);
    expect((await call('/produtos?limite=1', { token: tokens.access_token })).status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });
});

describe('Bling sandbox: PUT replaces, PATCH changes what it carries (the contract)', () => {
  const record = (codigo: string) => sandbox.produtos(account!.clientId).find((p) => p.codigo === codigo)!;
  const erpData = (p: BlingSandboxProduto) => ({
    formato: p.formato,
    variacoes: p.variacoes,
    categoria: p.categoria,
    tributacao: p.tributacao,
    estoque: p.estoque,
    descricaoComplementar: p.descricaoComplementar,
    unidade: p.unidade,
  });

  it('seeds a produto with variations and a kit, with category, tax data and stock bounds', () => {
    expect(record(BLING_ERP_ONLY_CODES.variations)).toMatchObject({
      formato: 'V',
      variacoes: [expect.objectContaining({ variacao: expect.objectContaining({ nome: 'Cor:Vermelho' }) }), expect.anything()],
      categoria: { id: expect.any(Number) },
      tributacao: expect.objectContaining({ origem: 2, cest: '1400300' }),
      estoque: expect.objectContaining({ minimo: 5, maximo: 50 }),
      descricaoComplementar: 'Cadastrado só no ERP.',
    });
    expect(record(BLING_ERP_ONLY_CODES.kit)).toMatchObject({ formato: 'E', estrutura: expect.objectContaining({ componentes: [expect.anything()] }) });
  });

  it("PUT with the console's fields only resets everything else to Bling's defaults", async () => {
    const before = record(BLING_ERP_ONLY_CODES.variations);
    const put = await call(`/produtos/${before.id}`, { method: 'PUT', body: JSON.stringify(produtoBody(BLING_ERP_ONLY_CODES.variations)) });
    expect(put.status).toBe(200);
    expect(erpData(record(BLING_ERP_ONLY_CODES.variations))).toEqual({
      formato: 'S',
      variacoes: [],
      categoria: { id: 0 },
      tributacao: expect.objectContaining({ origem: 0, cest: '' }),
      estoque: expect.objectContaining({ minimo: 0, maximo: 0 }),
      descricaoComplementar: '',
      unidade: '',
    });
  });

  it('PATCH changes only the fields it carries (objects field by field)', async () => {
    const before = record(BLING_ERP_ONLY_CODES.variations);
    const patch = await call(`/produtos/${before.id}`, { method: 'PATCH', body: JSON.stringify({ nome: 'Outro nome', dimensoes: { largura: 12 } }) });
    expect(patch.status).toBe(200);
    expect(await patch.json()).toMatchObject({ data: { id: before.id } });
    const after = record(BLING_ERP_ONLY_CODES.variations);
    expect(after.nome).toBe('Outro nome');
    expect(after.dimensoes).toEqual({ ...(before.dimensoes as object), largura: 12 });
    expect(erpData(after)).toEqual(erpData(before));
  });

  it("refuses a body its schema refuses, with Bling's 400: midia without video, a PUT without formato", async () => {
    const midia = await call('/produtos', {
      method: 'POST',
      body: JSON.stringify({ ...produtoBody('SEM-VIDEO'), midia: { imagens: { imagensURL: [{ link: 'https://cdn.example.com/a.jpg' }] } } }),
    });
    expect(midia.status).toBe(400);
    expect(await midia.json()).toEqual({
      error: {
        type: 'VALIDATION_ERROR',
        message: 'Não foi possível salvar o produto',
        description: 'O campo midia.video deve ser informado.',
        fields: [{ code: 10, msg: 'O campo midia.video deve ser informado.', element: 'midia.video', namespace: 'PRODUTO' }],
      },
    });
    const id = record(code).id;
    const { formato: _formato, ...withoutFormato } = produtoBody(code);
    const put = await call(`/produtos/${id}`, { method: 'PUT', body: JSON.stringify(withoutFormato) });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { error: { fields: { element: string }[] } }).error.fields.map((f) => f.element)).toEqual(['formato']);
    expect(record(code).formato).toBe('S');
  });
});

describe('Bling sandbox: JWT migration', () => {
  it('issues a JWT of 1,500–3,000 characters with enable-jwt: 1 and an opaque token without it', async () => {
    const jwt = (await (await refreshWith(account!.refreshToken, { 'enable-jwt': '1' })).json()) as { access_token: string; refresh_token: string };
    expect(jwt.access_token).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(jwt.access_token.length).toBeGreaterThanOrEqual(1500);
    expect(jwt.access_token.length).toBeLessThanOrEqual(3000);
    const opaque = (await (await refreshWith(jwt.refresh_token)).json()) as { access_token: string };
    expect(opaque.access_token).not.toMatch(/^eyJ/);
    // Both work until opaque tokens end.
    expect((await call('/produtos?limite=1', { token: opaque.access_token })).status).toBe(200);
    expect((await call('/produtos?limite=1', { token: jwt.access_token, headers: { 'enable-jwt': '1' } })).status).toBe(200);
  });

  it('in JWT-only mode refuses opaque tokens and calls without enable-jwt: 1', async () => {
    const jwt = (await (await refreshWith(account!.refreshToken, { 'enable-jwt': '1' })).json()) as { access_token: string };
    sandbox.setJwtOnly(true);
    const opaque = await call('/produtos?limite=1');
    expect(opaque.status).toBe(401);
    expect(((await opaque.json()) as { error: { description: string } }).error.description).toMatch(/Tokens opacos foram descontinuados/);
    expect((await call('/produtos?limite=1', { token: jwt.access_token })).status).toBe(401);
    expect((await call('/produtos?limite=1', { token: jwt.access_token, headers: { 'enable-jwt': '1' } })).status).toBe(200);
  });
});

describe('Bling sandbox limits', () => {
  it("answers Bling's documented 429 (limit, period 'second', no Retry-After) to the 4th request of an account within one second", async () => {
    const strict = createBlingSandbox(catalogue);
    server.removeAllListeners('request');
    server.on('request', strict);
    const statuses = await Promise.all([1, 2, 3, 4].map(() => call('/produtos?limite=1')));
    const limited = statuses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]!.headers.get('retry-after')).toBeNull();
    expect(await limited[0]!.json()).toEqual({
      error: {
        type: 'TOO_MANY_REQUESTS',
        message: 'Limite de requisições atingido.',
        description: 'O limite de requisições por segundo foi atingido, tente novamente mais tarde.',
        limit: 3,
        period: 'second',
      },
    });
    expect(strict.requests.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
  });

  it("counts per Bling account across its apps, and refuses past the day's 120 000 with period 'day'", async () => {
    const [first, second] = loadBlingSeedAccounts();
    // Two apps authorised on one Bling account: their requests count together.
    const strict = createBlingSandbox(catalogue, {
      accounts: [
        { ...first!, accountId: 'empresa-1' },
        { ...second!, accountId: 'empresa-1' },
      ],
    });
    server.removeAllListeners('request');
    server.on('request', strict);
    const answers = await Promise.all([first, second, first, second].map((app) => call('/produtos?limite=1', { token: app!.accessToken })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
    expect(strict.requests.every((r) => r.accountId === 'empresa-1')).toBe(true);

    strict.setRequestsToday('empresa-1', 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const refused = await call('/produtos?limite=1', { token: first!.accessToken });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ limit: 120_000, period: 'day' });
  });
});

describe('Bling sandbox tokens', () => {
  const DAY = 86_400_000;

  it('expires the seed tokens too: the access token after 6 h, the refresh token after 30 days', async () => {
    sandbox.advanceClock(6 * 3_600_000);
    expect((await call('/produtos?limite=1')).status).toBe(401);
    sandbox.advanceClock(30 * DAY);
    const refused = await refresh(account!.refreshToken);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { type: 'invalid_grant' } });
  });

  it('issues a JWT of 1,500–3,000 characters with enable-jwt: 1, valid 6 h, and a refresh token valid 30 days', async () => {
    const answer = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${account!.clientId}:${account!.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'enable-jwt': '1',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: account!.refreshToken }),
    });
    const tokens = (await answer.json()) as { access_token: string; refresh_token: string; expires_in: number };
    expect(tokens.expires_in).toBe(21_600);
    expect(tokens.access_token.length).toBeGreaterThanOrEqual(1500);
    expect(tokens.access_token.length).toBeLessThanOrEqual(3000);
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect((await call('/produtos?limite=1', { token: tokens.access_token, headers: { 'enable-jwt': '1' } })).status).toBe(200);
    sandbox.advanceClock(6 * 3_600_000);
    expect((await call('/produtos?limite=1', { token: tokens.access_token })).status).toBe(401);
    sandbox.advanceClock(29 * DAY);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('plays the authorization code flow: consent page, redirect to the registered link, a code that works once', async () => {
    const flow = createBlingSandbox(catalogue, { requestsPerSecond: 1000, redirectUri: 'http://localhost:5040/api/console/sync/bling/callback' });
    server.removeAllListeners('request');
    server.on('request', flow);
    const page = await fetch(`${base}/oauth/authorize?response_type=code&client_id=${account!.clientId}&state=estado-1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Autorizar');
    const decide = (decision: string) =>
      fetch(`${new URL(base).origin}/__bling/authorize/decision`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: account!.clientId, state: 'estado-1', decision }),
      });
    const denied = new URL((await decide('deny')).headers.get('location')!);
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: 'estado-1' });
    const allowed = new URL((await decide('allow')).headers.get('location')!);
    expect(allowed.origin + allowed.pathname).toBe('http://localhost:5040/api/console/sync/bling/callback');
    expect(allowed.searchParams.get('state')).toBe('estado-1');
    const exchange = (secret: string) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${account!.clientId}:${secret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: allowed.searchParams.get('code')! }),
      });
    expect((await exchange('segredo-errado')).status).toBe(401);
    const first = await exchange(account!.clientSecret);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ token_type: 'Bearer', expires_in: 21_600 });
    expect((await exchange(account!.clientSecret)).status).toBe(400);
  });
});
