import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BLING_ERP_ONLY_CODES, createBlingSandbox, type BlingSandbox, type BlingSandboxOptions } from '../../../../sandboxes/src/bling.js';
import { SEED_FILE, loadCatalogue } from '../../../../sandboxes/src/catalogue.js';
import { withFaults, type FaultController } from '../../../../sandboxes/src/faults.js';
import { expectExchangesConform } from '../../../../test-support/contracts.js';
import { memoryDailyBudgetStore } from '../../lib/pace-store.js';
import { memoryPaceStore, UpstreamError } from '../../lib/vendor-http.js';
import { BlingClient, type BlingClientOptions } from './client.js';
import { listingFromProduct, produtoFromProduct, productFieldsFromProduto } from './mapping.js';
import { BlingDailyLimitError, brasiliaDateTime, nextBlingDay } from './pacing.js';
import { bearerUpdate, locateBlingAccount, type BlingAccountCredentials, type BlingBearer, type BlingTokenStore } from './token.js';

const catalogue = loadCatalogue();
const seedConfig = (JSON.parse(readFileSync(SEED_FILE, 'utf8')) as Record<string, unknown>)['project/main/config/bling'];
const code = catalogue.products[0]!.ProductCode;

/** config/bling held in memory; renew() runs its read-exchange-write one call at a time, like a transaction. */
class MemoryTokenStore implements BlingTokenStore {
  static count = 0;
  readonly key = `memory:${++MemoryTokenStore.count}`;
  config: Record<string, unknown>;
  exchanges = 0;
  private lock: Promise<unknown> = Promise.resolve();

  constructor(
    config: unknown,
    private readonly account?: string,
  ) {
    this.config = structuredClone(config) as Record<string, unknown>;
  }

  async read(): Promise<BlingAccountCredentials> {
    return locateBlingAccount(this.config, this.account, 'main').credentials;
  }

  renew(stale: string, exchange: (stored: BlingAccountCredentials) => Promise<BlingBearer>): Promise<BlingBearer> {
    const run = this.lock.then(async () => {
      const { slot, credentials } = locateBlingAccount(this.config, this.account, 'main');
      if (credentials.bearer.accessToken !== stale) return credentials.bearer;
      this.exchanges += 1;
      const bearer = await exchange(credentials);
      this.config = { ...this.config, ...bearerUpdate(this.config, slot, bearer) };
      return bearer;
    });
    this.lock = run.catch(() => undefined);
    return run;
  }
}

interface Harness {
  sandbox: BlingSandbox;
  faults: FaultController;
  store: MemoryTokenStore;
  client: BlingClient;
  clientId: string;
  baseUrl: string;
}

const servers: Server[] = [];
/** Every sandbox of this file: what the client sent and the sandbox answered, checked against the contract at the end. */
const controls: FaultController[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

// Tests of behaviour other than the limits run with both sides' limits raised, so they run fast.
const RELAXED = { requestsPerSecond: 1000, limits: { perSecond: 500, windowMs: 1000, perDay: 1_000_000 } };

/**
 * The Bling sandbox on a free port, with the framework's fault injection around it, and a client of
 * main's first account. `blingLimits`: Bling's real 3 requests/s on both sides.
 */
async function start(
  options: Partial<BlingClientOptions> & {
    account?: string;
    config?: unknown;
    blingLimits?: boolean;
    sandbox?: BlingSandboxOptions;
  } = {},
): Promise<Harness> {
  const sandbox = createBlingSandbox(catalogue, { ...(options.blingLimits ? {} : { requestsPerSecond: RELAXED.requestsPerSecond }), ...options.sandbox });
  const { listener, control } = withFaults('bling', sandbox);
  controls.push(control);
  const server = createServer(listener as RequestListener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const store = new MemoryTokenStore(options.config ?? seedConfig, options.account ?? '0');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/Api/v3`;
  const client = new BlingClient({
    baseUrl,
    tokens: store,
    backoffMs: 20,
    // Slots and budget of this harness only (in the functions: Firestore, shared by every instance).
    paceStores: { pace: memoryPaceStore(), budget: memoryDailyBudgetStore() },
    ...(options.blingLimits ? {} : { limits: RELAXED.limits }),
    ...options,
  });
  return { sandbox, faults: control, store, client, clientId: (await store.read()).clientId, baseUrl };
}

function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  return promise.then(
    () => {
      throw new Error('esperava uma falha');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(UpstreamError);
      return error as UpstreamError;
    },
  );
}

/** Fails the test if, for the account, any four accepted requests arrived within one second. */
function expectPaced(sandbox: BlingSandbox, clientId: string) {
  const accepted = sandbox.requests.filter((r) => r.clientId === clientId && r.status !== 429).map((r) => r.at);
  for (let i = 3; i < accepted.length; i++) expect(accepted[i]! - accepted[i - 3]!).toBeGreaterThanOrEqual(1000);
}

const newProduct = (ProductCode: string) => ({
  ProductCode,
  ProductSiteName: 'Jogo de Panelas de Teste',
  EAN13: '7891112895591',
  Price: 199.9,
  PriceCompare: 249.9,
  Status: 'ativado',
});

describe('Bling client: tokens', () => {
  it('renews a refused access token with the refresh token and stores the rotated bearer', async () => {
    const { sandbox, store, client, clientId } = await start();
    const seeded = (await store.read()).bearer;
    sandbox.expireAccessTokens(clientId);

    expect((await client.findProdutoByCodigo(code))?.codigo).toBe(code);

    const stored = (await store.read()).bearer;
    expect(stored.accessToken).not.toBe(seeded.accessToken);
    expect(stored.refreshToken).not.toBe(seeded.refreshToken);
    expect(Date.parse(stored.expiresAt!)).toBeGreaterThan(Date.now());
    // Only the account's own bearer changed in config/bling.
    const accounts = store.config.accounts as { bearer: BlingBearer }[];
    expect(accounts[1]!.bearer).toEqual((seedConfig as { accounts: { bearer: BlingBearer }[] }).accounts[1]!.bearer);
    expect(sandbox.requests.map((r) => `${r.path} ${r.status}`).slice(0, 3)).toEqual(['/produtos 401', '/oauth/token 200', '/produtos 200']);
    // JWT tokens, asked for on /oauth/token and on every call (opaque ones are deprecated).
    expect(sandbox.requests.every((r) => r.enableJwt)).toBe(true);
    expect(stored.accessToken.length).toBeGreaterThanOrEqual(1500);
    expect(stored.accessToken.length).toBeLessThanOrEqual(3000);
    expect(stored.accessToken.split('.')).toHaveLength(3);
    // When the tokens were obtained and when the refresh token dies (30 days), for the settings screen.
    expect(Date.parse(stored.refreshExpiresAt!) - Date.parse(stored.refreshedAt!)).toBe(30 * 86_400_000);
  });

  it('shares one /oauth/token call among concurrent calls refused at once', async () => {
    const { sandbox, store, client, clientId } = await start();
    sandbox.expireAccessTokens(clientId);
    await Promise.all([code, code, code, code].map((c) => client.findProdutoByCodigo(c)));
    expect(sandbox.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
    expect(store.exchanges).toBe(1);
  });

  it('renews ahead of time when the stored bearer says it has expired', async () => {
    const { sandbox, store, client } = await start();
    const [first] = store.config.accounts as { bearer: BlingBearer }[];
    first!.bearer.expiresAt = new Date(Date.now() - 1000).toISOString();
    await client.findProdutoByCodigo(code);
    expect(sandbox.requests[0]!.path).toBe('/oauth/token');
    expect(sandbox.requests.some((r) => r.status === 401)).toBe(false);
  });

  it('reports a refused refresh token in Portuguese, without the tokens', async () => {
    const config = structuredClone(seedConfig) as { accounts: { bearer: BlingBearer }[] };
    config.accounts[0]!.bearer.refreshToken = 'sandbox-bling-refresh-revogado';
    const { sandbox, client, clientId } = await start({ config });
    sandbox.expireAccessTokens(clientId);
    const error = await failure(client.findProdutoByCodigo(code));
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/^Bling: .*recusou a renovação do token da conta "Conta Principal".*autorize o aplicativo novamente/);
    expect(`${error.message} ${error.detail ?? ''}`).not.toMatch(/sandbox-bling-(access|refresh)-/);
  });
});

describe('Bling client: limits and failures', () => {
  it('paces 20 concurrent calls to 3 per second: the sandbox never had to refuse one', async () => {
    const { sandbox, client, clientId } = await start({ blingLimits: true });
    const ids = sandbox
      .produtos(clientId)
      .slice(0, 20)
      .map((p) => p.id);
    const produtos = await Promise.all(ids.map((id) => client.getProduto(id)));
    expect(produtos.map((p) => p.id)).toEqual(ids);
    expect(sandbox.requests.filter((r) => r.status === 429)).toEqual([]);
    expectPaced(sandbox, clientId);
  }, 30_000);

  it("a client paced too loosely meets Bling's per-second 429s (no Retry-After), holds the account a second and still completes", async () => {
    const { sandbox, store, baseUrl, client, clientId } = await start({
      blingLimits: true,
      limits: { perSecond: 10, windowMs: 1000, perDay: 1000 },
      retries: 6,
    });
    const ids = sandbox
      .produtos(clientId)
      .slice(0, 8)
      .map((p) => p.id);
    await Promise.all(ids.map((id) => client.getProduto(id)));
    const answered = sandbox.requests.filter((r) => r.clientId === clientId);
    expect(answered.some((r) => r.status === 429)).toBe(true);
    expect(answered.filter((r) => r.status === 200)).toHaveLength(8);
    // After the first 429 the account was held a second: the next accepted request came no sooner.
    const firstRefusal = answered.find((r) => r.status === 429)!;
    const retried = answered.filter((r) => r.status === 200 && r.at > firstRefusal.at);
    expect(Math.min(...retried.map((r) => r.at)) - firstRefusal.at).toBeGreaterThanOrEqual(950);
    // Bling's documented body, and no Retry-After.
    const token = (await store.read()).bearer.accessToken;
    const answers = await Promise.all(
      [...Array(5)].map(() => fetch(`${baseUrl}/produtos?limite=1`, { headers: { authorization: `Bearer ${token}`, 'enable-jwt': '1' } })),
    );
    const refusal = answers.find((r) => r.status === 429)!;
    expect(refusal.headers.get('retry-after')).toBeNull();
    expect(await refusal.json()).toEqual({
      error: { type: 'TOO_MANY_REQUESTS', message: 'Limite de requisições atingido.', description: expect.any(String), limit: 3, period: 'second' },
    });
  }, 30_000);

  it("defers a daily-limit 429 to Bling's next day, in Portuguese, without retrying it", async () => {
    const { sandbox, client, clientId } = await start({ retries: 6 });
    sandbox.setRequestsToday(clientId, 120_000);
    const error = await client.findProdutoByCodigo(code).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BlingDailyLimitError);
    const resumeAt = nextBlingDay(Date.now());
    expect(error).toMatchObject({ status: 429, resumeAt, extra: { resumeAt: new Date(resumeAt).toISOString() } });
    expect((error as Error).message).toBe(
      `Bling: limite diário de 120.000 requisições da conta "Conta Principal" atingido; a sincronização continua em ${brasiliaDateTime(resumeAt)} (horário de Brasília).`,
    );
    expect(sandbox.requests.map((r) => r.status)).toEqual([429]);
  });

  it('retries a 5xx answer and succeeds', async () => {
    const { faults, client } = await start();
    faults.setFaults([{ path: '/Api/v3/produtos', status: 503, times: 2 }]);
    expect((await client.findProdutoByCodigo(code))?.codigo).toBe(code);
    expect(
      faults
        .requests()
        .map((r) => r.status)
        .slice(0, 3),
    ).toEqual([503, 503, 200]);
  });

  it('reports the final error after the retries, naming Bling and what was being done', async () => {
    const { faults, client } = await start();
    faults.setFaults([{ path: '/Api/v3/produtos', status: 503 }]);
    const error = await failure(client.findProdutoByCodigo(code));
    expect(error).toMatchObject({ kind: 'server', upstreamStatus: 503, attempts: 3, status: 502 });
    expect(error.message).toBe(`Bling: falha ao buscar o produto ${code}: erro no servidor (HTTP 503)`);
  });

  it("passes on Bling's own validation message", async () => {
    const { client } = await start();
    const input = produtoFromProduct(newProduct('GTIN-RUIM'));
    const error = await failure(client.saveProduto({ ...input, create: { ...input.create, gtin: '123' } }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toContain('Bling: falha ao criar o produto GTIN-RUIM: requisição recusada (HTTP 400)');
    expect(error.message).toContain('GTIN/EAN inválido.');
  });
});

describe('Bling client: produtos and lojas', () => {
  it('finds a produto by codigo with all its fields, and answers null for an unknown codigo', async () => {
    const { client } = await start();
    const produto = await client.findProdutoByCodigo(code);
    expect(produto).toMatchObject({ codigo: code, gtin: catalogue.byCode.get(code)!.EAN13, unidade: 'UN' });
    expect(await client.findProdutoByCodigo('NAO-EXISTE')).toBeNull();
  });

  it('creates a new produto once: saving it again updates the same produto', async () => {
    const { sandbox, client, clientId } = await start();
    const first = await client.saveProduto(produtoFromProduct(newProduct('NOVO-100')));
    const second = await client.saveProduto(produtoFromProduct({ ...newProduct('NOVO-100'), ProductSiteName: 'Nome novo' }));
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(sandbox.produtos(clientId).filter((p) => p.codigo === 'NOVO-100')).toEqual([expect.objectContaining({ nome: 'Nome novo' })]);
  });

  it('updates a produto whose codigo already exists instead of duplicating it', async () => {
    const { sandbox, client, clientId } = await start();
    const before = sandbox.produtos(clientId).length;
    const saved = await client.saveProduto(produtoFromProduct({ ...catalogue.byCode.get(code)!, ProductSiteName: 'Renomeado', Status: 'ativado' }));
    expect(saved.created).toBe(false);
    expect(sandbox.produtos(clientId)).toHaveLength(before);
    expect(sandbox.produtos(clientId).find((p) => p.codigo === code)!.nome).toBe('Renomeado');
  });

  it('leaves one produto when two saves of a new codigo race', async () => {
    const { sandbox, client, clientId } = await start();
    const results = await Promise.all([1, 2].map(() => client.saveProduto(produtoFromProduct(newProduct('CORRIDA-1')))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(sandbox.produtos(clientId).filter((p) => p.codigo === 'CORRIDA-1')).toHaveLength(1);
  });

  it('sets the situacao flag, and the produto is still found by codigo when inactive', async () => {
    const { sandbox, client, clientId } = await start();
    const { id } = await client.setSituacao(code, 'I');
    expect(sandbox.produtos(clientId).find((p) => p.id === id)!.situacao).toBe('I');
    expect((await client.findProdutoByCodigo(code))?.situacao).toBe('I');
    await client.setSituacao(code, 'A');
    expect(sandbox.produtos(clientId).find((p) => p.id === id)!.situacao).toBe('A');
  });

  it('publishes to a loja once (again = new prices), and removes it once (again = nothing to do)', async () => {
    const { sandbox, client, clientId } = await start();
    const product = catalogue.byCode.get(code)!;
    const first = await client.publishToStore(code, listingFromProduct(product, '203000001'));
    const second = await client.publishToStore(code, { ...listingFromProduct(product, '203000001'), preco: 300 });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(sandbox.produtosLojas(clientId)).toEqual([expect.objectContaining({ id: first.id, preco: 300, loja: { id: 203000001 } })]);

    expect(await client.removeFromStore(code, '203000001')).toEqual({ removed: 1 });
    expect(await client.removeFromStore(code, '203000001')).toEqual({ removed: 0 });
    expect(sandbox.produtosLojas(clientId)).toEqual([]);
  });

  it('refuses to publish a produto Bling does not have', async () => {
    const { client } = await start();
    const error = await failure(client.publishToStore('NAO-EXISTE', { idLoja: 203000001, preco: 10 }));
    expect(error).toMatchObject({ kind: 'not-found', status: 404 });
    expect(error.message).toBe('Bling: falha ao publicar o produto NAO-EXISTE na loja 203000001: produto não cadastrado no Bling');
  });
});

describe('Bling client: what the contract says (issue 28)', () => {
  /** The ERP-only fields of a produto: what the console does not own and must never change. */
  const erpOwned = (produto: Record<string, unknown>) => {
    const { id: _id, nome: _nome, preco: _preco, descricaoCurta: _descricaoCurta, ...rest } = produto;
    return rest;
  };

  it("row 1: an update PATCHes only the console's fields; a produto with variations keeps them, its category, tax data, stock bounds and price", async () => {
    const { sandbox, client, clientId } = await start();
    const before = sandbox.produtos(clientId).find((p) => p.codigo === BLING_ERP_ONLY_CODES.variations)!;
    expect(before).toMatchObject({ formato: 'V', variacoes: [expect.anything(), expect.anything()] });
    // A console product without a price, unit or format: nothing may be forced on the ERP.
    const saved = await client.saveProduto(
      produtoFromProduct({ ProductCode: BLING_ERP_ONLY_CODES.variations, ProductSiteName: 'Jogo renomeado no console', Status: 'ativado' }),
    );
    expect(saved).toEqual({ id: before.id, created: false });
    const after = sandbox.produtos(clientId).find((p) => p.id === before.id)!;
    expect(after.nome).toBe('Jogo renomeado no console');
    expect(after.preco).toBe(before.preco);
    expect(erpOwned(after)).toEqual(erpOwned(before));
    expect(sandbox.requests.filter((r) => r.path === `/produtos/${before.id}`).map((r) => `${r.method} ${r.status}`)).toEqual(['PATCH 200']);
  });

  it('row 1: a kit (formato E) keeps its structure when the console updates it', async () => {
    const { sandbox, client, clientId } = await start();
    const before = sandbox.produtos(clientId).find((p) => p.codigo === BLING_ERP_ONLY_CODES.kit)!;
    await client.saveProduto(
      produtoFromProduct({ ProductCode: BLING_ERP_ONLY_CODES.kit, ProductSiteName: 'Kit renomeado', Price: 250, EAN13: '7891112895591' }),
    );
    const after = sandbox.produtos(clientId).find((p) => p.id === before.id)!;
    expect(after).toMatchObject({ nome: 'Kit renomeado', preco: 250, gtin: '7891112895591', formato: 'E', estrutura: before.estrutura });
    expect(after.tributacao).toEqual(before.tributacao);
  });

  it("row 2: with opaque tokens refused (JWT only), the client gets a JWT of Bling's length with enable-jwt: 1 and works", async () => {
    const { sandbox, store, client } = await start({ sandbox: { jwtOnly: true } });
    expect((await client.findProdutoByCodigo(code))?.codigo).toBe(code);
    const { accessToken } = (await store.read()).bearer;
    expect(accessToken).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(accessToken.length).toBeGreaterThanOrEqual(1500);
    expect(accessToken.length).toBeLessThanOrEqual(3000);
    // The seeded opaque token was refused once, then every call with the JWT was accepted.
    expect(sandbox.requests.map((r) => `${r.path} ${r.status}`)).toEqual([
      '/produtos 401',
      '/oauth/token 200',
      '/produtos 200',
      `/produtos/${sandbox.produtos((await store.read()).clientId)[0]!.id} 200`,
    ]);
  });

  it('row 3: the cost price (PriceNetErp) comes from fornecedor.precoCusto of the full record', async () => {
    const { client } = await start();
    const produto = (await client.findProdutoByCodigo(code))!;
    expect(produto).not.toHaveProperty('precoCusto');
    const expected = catalogue.byCode.get(code)!.PriceNetErp ?? catalogue.byCode.get(code)!.PriceNet;
    expect(expected).toBeGreaterThan(0);
    expect(productFieldsFromProduto(produto).PriceNetErp).toBe(expected);
  });

  it('row 6: finds a produto by codigos[] even when it is not among the latest 100', async () => {
    const { sandbox, client, clientId } = await start();
    for (let i = 0; i < 101; i++) sandbox.insertProduto({ codigo: `RECENTE-${i}`, nome: `Recente ${i}`, situacao: 'A' }, clientId);
    expect((await client.findProdutoByCodigo(code))?.codigo).toBe(code);
    const before = sandbox.produtos(clientId).length;
    await client.saveProduto(produtoFromProduct({ ...catalogue.byCode.get(code)!, Status: 'ativado' }));
    expect(sandbox.produtos(clientId)).toHaveLength(before);
  });

  it('row 7: a new produto with images sends midia as ProdutosMidiaDTO requires (imagens and video): Bling accepts it', async () => {
    const { sandbox, client, clientId } = await start();
    const { created } = await client.saveProduto(produtoFromProduct({ ...newProduct('COM-IMAGEM-1'), ProductImage: 'https://cdn.example.com/panela.jpg' }));
    expect(created).toBe(true);
    const produto = sandbox.produtos(clientId).find((p) => p.codigo === 'COM-IMAGEM-1')!;
    expect(produto.midia).toMatchObject({ imagens: { imagensURL: [{ link: 'https://cdn.example.com/panela.jpg' }] } });
  });
});

describe('Bling client: the pinned contract', () => {
  it("every operation the console uses: the client's requests and the sandbox's answers conform to Bling's contract", async () => {
    const { sandbox, faults, client, clientId } = await start({ sandbox: { jwtOnly: true } });
    const product = { ...newProduct('CONTRATO-1'), ProductImage: 'https://cdn.example.com/p.jpg', NCMCode: '7323.93.00', Width: 10, Height: 5, Length: 3 };
    await client.saveProduto(produtoFromProduct(product)); // GET /produtos (codigos[]), 401, /oauth/token, POST /produtos
    await client.saveProduto(produtoFromProduct({ ...product, ProductSiteName: 'Outro' })); // PATCH /produtos/{id}
    await client.findProdutoByCodigo(BLING_ERP_ONLY_CODES.variations); // GET /produtos/{id} of a produto with variations
    await client.setSituacao('CONTRATO-1', 'I'); // PATCH /produtos/{id}/situacoes
    await client.publishToStore('CONTRATO-1', listingFromProduct(product, 203000001)); // GET and POST /produtos/lojas
    await client.publishToStore('CONTRATO-1', { ...listingFromProduct(product, 203000001), preco: 10 }); // PUT /produtos/lojas/{id}
    await client.removeFromStore('CONTRATO-1', 203000001); // DELETE /produtos/lojas/{id}
    // Bling's refusals: a body the contract refuses (400) and the limit (429).
    const input = produtoFromProduct(newProduct('CONTRATO-2'));
    await failure(client.saveProduto({ ...input, create: { ...input.create, gtin: '1' } }));
    expect(sandbox.produtos(clientId).some((p) => p.codigo === 'CONTRATO-1')).toBe(true);
    const operations = new Set(faults.exchanges().map((e) => `${e.method} ${e.path.replace(/\/\d+/g, '/{id}')} ${e.status}`));
    expect([...operations]).toEqual(
      expect.arrayContaining([
        'POST /Api/v3/oauth/token 200',
        'PATCH /Api/v3/produtos/{id} 200',
        'PUT /Api/v3/produtos/lojas/{id} 200',
        'DELETE /Api/v3/produtos/lojas/{id} 204',
      ]),
    );
    await expectExchangesConform('bling', faults.exchanges());
  }, 30_000);
});

// Both sides of every exchange of this file's tests (injected faults left out).
afterAll(async () => {
  await expectExchangesConform(
    'bling',
    controls.flatMap((control) => control.exchanges()),
  );
});
