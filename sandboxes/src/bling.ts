import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { SEED_FILE, type SandboxCatalogue, type SandboxProduct } from './catalogue.js';
import { basicCredentials, readBody, safeEqual, sendJson, totalStock } from './respond.js';

/**
 * Bling ERP API v3, played locally: the OAuth token endpoint (refresh_token grant with rotation),
 * produtos, produtos/lojas and the per-account limits, with Bling's shapes — payloads wrapped in
 * `{data}`, errors as `{error: {type, message, description, fields}}`. Each account has its own
 * product base, seeded from the catalogue (codigo = ProductCode).
 *
 * The "flag" of /api/bling/produto/update-flag is the product's `situacao` ('A' ativo, 'I'
 * inativo), changed with Bling's own PATCH /produtos/{id}/situacoes.
 *
 * Mounted at any base: a leading /Api/v3 is ignored, so BLING_API_URL may be either
 * http://host:port or http://host:port/Api/v3.
 */

export interface BlingSandboxAccount {
  clientId: string;
  clientSecret: string;
  /** Tokens the seed holds. The access token stays valid until expireAccessTokens; the refresh token until its first use. */
  accessToken: string;
  refreshToken: string;
}

export interface BlingSandboxOptions {
  /** Default: every account of every config/bling in the seed (the top-level one and accounts[]). */
  accounts?: BlingSandboxAccount[];
  /** Per account. Default 3, Bling's. */
  requestsPerSecond?: number;
  /** Per account per day. Default 120 000, Bling's. */
  requestsPerDay?: number;
  /** Lifetime of the access tokens this sandbox issues. Default 21 600 s, Bling's. */
  accessTokenTtlSeconds?: number;
}

/** One request as the sandbox saw it, for tests that check a client's manners. */
export interface BlingSandboxRequest {
  /** Arrival, ms since the epoch. */
  at: number;
  method: string;
  path: string;
  /** The account the bearer token belongs to; null for /oauth/token and unauthenticated calls. */
  clientId: string | null;
  status: number;
}

export interface BlingSandboxProduto {
  id: number;
  codigo: string;
  nome: string;
  situacao: string;
  [field: string]: unknown;
}

export interface BlingSandboxProdutoLoja {
  id: number;
  codigo: string;
  preco: number;
  precoPromocional: number;
  produto: { id: number };
  loja: { id: number };
  [field: string]: unknown;
}

export type BlingSandbox = RequestListener & {
  /** The most recent requests (the last 10 000), in arrival order. */
  readonly requests: BlingSandboxRequest[];
  /** Refuses every access token issued so far to the account, as if they had all expired. */
  expireAccessTokens(clientId: string): void;
  /** Current product base of an account (seeded on first use). */
  produtos(clientId: string): BlingSandboxProduto[];
  produtosLojas(clientId: string): BlingSandboxProdutoLoja[];
};

const SCOPE = 'produtos pedidos.vendas estoques';
const REQUEST_LOG_SIZE = 10_000;
// Bling blocks an IP for 10 min after 300 errors or 600 requests in 10 s, and for 60 min after
// 20 /oauth/token calls in 60 s.
const IP_WINDOW_MS = 10_000;
const IP_MAX_ERRORS = 300;
const IP_MAX_REQUESTS = 600;
const IP_BLOCK_MS = 10 * 60_000;
const OAUTH_WINDOW_MS = 60_000;
const OAUTH_MAX_CALLS = 20;
const OAUTH_BLOCK_MS = 60 * 60_000;
// The sandbox signs the tokens it issues so that a restarted sandbox still accepts the tokens the
// stack stored in Firestore before the restart. Not a secret: nothing real is protected.
const TOKEN_SIGNING_KEY = 'bling-sandbox-token-signature';

/** Every Bling account of the seed's config/bling documents. */
export function loadBlingSeedAccounts(seedFile = process.env.SANDBOX_SEED_FILE ?? SEED_FILE): BlingSandboxAccount[] {
  const documents = JSON.parse(readFileSync(seedFile, 'utf8')) as Record<string, Record<string, unknown>>;
  const accounts: BlingSandboxAccount[] = [];
  for (const [path, config] of Object.entries(documents)) {
    if (!/^project\/[^/]+\/config\/bling$/.test(path)) continue;
    const entries = [config, ...((config.accounts as Record<string, unknown>[] | undefined) ?? [])];
    for (const entry of entries) {
      const bearer = entry.bearer as { accessToken?: string; refreshToken?: string } | undefined;
      if (typeof entry.clientId !== 'string' || typeof entry.clientSecret !== 'string') continue;
      if (!bearer?.accessToken || !bearer.refreshToken) continue;
      accounts.push({
        clientId: entry.clientId,
        clientSecret: entry.clientSecret,
        accessToken: bearer.accessToken,
        refreshToken: bearer.refreshToken,
      });
    }
  }
  return accounts;
}

interface AccountState {
  account: BlingSandboxAccount;
  /** Seeds product ids apart per account, as different Bling companies have different ids. */
  ordinal: number;
  /** The refresh token that may be used next; null until the first rotation in this process. */
  currentRefreshToken: string | null;
  spentRefreshTokens: Set<string>;
  /** Access tokens issued before this instant are refused. */
  expiredBefore: number;
  acceptedAt: number[];
  day: string;
  requestsToday: number;
  produtos: Map<number, BlingSandboxProduto> | null;
  produtosLojas: Map<number, BlingSandboxProdutoLoja>;
  nextProdutoId: number;
  nextProdutoLojaId: number;
}

interface TokenClaims {
  clientId: string;
  issuedAt: number;
  expiresAt: number;
}

class BlingHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly description: string,
    readonly fields?: { code: number; msg: string; element: string; namespace: string }[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const notFound = (what: string) => new BlingHttpError(404, 'RESOURCE_NOT_FOUND', 'Recurso não encontrado', `${what} não encontrado.`);

function validationError(message: string, fields: { element: string; msg: string }[]): BlingHttpError {
  return new BlingHttpError(
    400,
    'VALIDATION_ERROR',
    message,
    fields.map((f) => f.msg).join(' '),
    fields.map((f, index) => ({ code: 10 + index, msg: f.msg, element: f.element, namespace: 'PRODUTO' })),
  );
}

function signToken(kind: 'access' | 'refresh', claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify([claims.clientId, claims.issuedAt, claims.expiresAt, randomBytes(6).toString('hex')])).toString('base64url');
  const signature = createHmac('sha256', TOKEN_SIGNING_KEY).update(`${kind}.${payload}`).digest('base64url').slice(0, 22);
  return `sandbox-bling-${kind}-${payload}.${signature}`;
}

function readSignedToken(kind: 'access' | 'refresh', token: string): TokenClaims | null {
  const match = new RegExp(`^sandbox-bling-${kind}-([\\w-]+)\\.([\\w-]+)$`).exec(token);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const expected = createHmac('sha256', TOKEN_SIGNING_KEY).update(`${kind}.${payload}`).digest('base64url').slice(0, 22);
  if (!safeEqual(signature, expected)) return null;
  try {
    const [clientId, issuedAt, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, number, number];
    return { clientId, issuedAt, expiresAt };
  } catch {
    return null;
  }
}

function digits(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\D/g, '') : '';
}

/** The catalogue product as a Bling produto (the full record GET /produtos/{id} answers). */
function produtoFromCatalogue(product: SandboxProduct, id: number): BlingSandboxProduto {
  return {
    id,
    nome: product.ProductSiteName,
    codigo: product.ProductCode,
    preco: product.Price ?? 0,
    precoCusto: product.PriceNetErp ?? product.PriceNet ?? 0,
    tipo: 'P',
    situacao: 'A',
    formato: 'S',
    descricaoCurta: product.ProductDescription ?? '',
    imagemURL: product.ProductImage ?? '',
    unidade: 'UN',
    pesoLiquido: product.NetWeight ?? 0,
    pesoBruto: product.GrossWeight ?? 0,
    volumes: 1,
    itensPorCaixa: 1,
    gtin: product.EAN13 ?? '',
    gtinEmbalagem: '',
    tipoProducao: 'T',
    condicao: 0,
    freteGratis: false,
    marca: product.brand ?? '',
    descricaoComplementar: '',
    linkExterno: '',
    observacoes: '',
    categoria: { id: 0 },
    estoque: { minimo: 0, maximo: 0, crossdocking: 0, localizacao: '', saldoVirtualTotal: totalStock(product) },
    dimensoes: { largura: product.Width ?? 0, altura: product.Height ?? 0, profundidade: product.Length ?? 0, unidadeMedida: 1 },
    tributacao: { origem: 0, ncm: digits(product.NCMCode), cest: '' },
    midia: { imagens: { externas: product.ProductImage ? [{ link: product.ProductImage }] : [] } },
    camposCustomizados: [],
    variacoes: [],
  };
}

/** What GET /produtos lists: the summary of each produto. */
function produtoSummary(produto: BlingSandboxProduto) {
  const estoque = produto.estoque as { saldoVirtualTotal?: number } | undefined;
  return {
    id: produto.id,
    idProdutoPai: 0,
    nome: produto.nome,
    codigo: produto.codigo,
    preco: produto.preco,
    precoCusto: produto.precoCusto ?? 0,
    estoque: { saldoVirtualTotal: estoque?.saldoVirtualTotal ?? 0 },
    tipo: produto.tipo,
    situacao: produto.situacao,
    formato: produto.formato,
    descricaoCurta: produto.descricaoCurta ?? '',
    imagemURL: produto.imagemURL ?? '',
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bling refuses a produto without name, or with an unknown tipo/formato/situacao or a bad GTIN. */
function checkProduto(body: Record<string, unknown>): void {
  const problems: { element: string; msg: string }[] = [];
  if (typeof body.nome !== 'string' || body.nome.trim() === '') problems.push({ element: 'nome', msg: 'O nome do produto deve ser informado.' });
  if (body.tipo !== undefined && !['P', 'S', 'N'].includes(body.tipo as string)) problems.push({ element: 'tipo', msg: 'Tipo inválido.' });
  if (body.formato !== undefined && !['S', 'V', 'E'].includes(body.formato as string)) problems.push({ element: 'formato', msg: 'Formato inválido.' });
  if (body.situacao !== undefined && !['A', 'I'].includes(body.situacao as string)) problems.push({ element: 'situacao', msg: 'Situação inválida.' });
  if (body.preco !== undefined && (typeof body.preco !== 'number' || body.preco < 0)) problems.push({ element: 'preco', msg: 'Preço inválido.' });
  if (body.codigo !== undefined && typeof body.codigo !== 'string') problems.push({ element: 'codigo', msg: 'Código inválido.' });
  if (body.gtin !== undefined && body.gtin !== '' && !/^(\d{8}|\d{12,14})$/.test(String(body.gtin)))
    problems.push({ element: 'gtin', msg: 'GTIN/EAN inválido.' });
  if (problems.length) throw validationError('Não foi possível salvar o produto', problems);
}

function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function page(query: URLSearchParams): { offset: number; limit: number } {
  const pagina = query.has('pagina') ? positiveInteger(query.get('pagina')) : 1;
  const limite = query.has('limite') ? positiveInteger(query.get('limite')) : 100;
  if (pagina === null) throw validationError('Parâmetro inválido', [{ element: 'pagina', msg: 'A página deve ser um inteiro positivo.' }]);
  if (limite === null || limite > 100) {
    throw validationError('Parâmetro inválido', [{ element: 'limite', msg: 'O limite deve ser um inteiro entre 1 e 100.' }]);
  }
  return { offset: (pagina - 1) * limite, limit: limite };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return body;
  } catch {
    // fall through
  }
  throw new BlingHttpError(400, 'VALIDATION_ERROR', 'JSON inválido', 'O corpo da requisição deve ser um objeto JSON.');
}

function saoPauloDay(at: number): string {
  return new Date(at - 3 * 3_600_000).toISOString().slice(0, 10);
}

function trimWindow(times: number[], now: number, windowMs: number): void {
  while (times.length && times[0]! <= now - windowMs) times.shift();
}

export function createBlingSandbox(catalogue: SandboxCatalogue, options: BlingSandboxOptions = {}): BlingSandbox {
  const perSecond = options.requestsPerSecond ?? 3;
  const perDay = options.requestsPerDay ?? 120_000;
  const accessTtlMs = (options.accessTokenTtlSeconds ?? 21_600) * 1000;
  const startedAt = Date.now();
  const requests: BlingSandboxRequest[] = [];
  const accounts = new Map<string, AccountState>();
  const seedAccessTokens = new Map<string, string>();
  const seedRefreshTokens = new Map<string, string>();
  for (const account of options.accounts ?? loadBlingSeedAccounts()) {
    if (accounts.has(account.clientId)) continue;
    accounts.set(account.clientId, {
      account,
      ordinal: accounts.size,
      currentRefreshToken: null,
      spentRefreshTokens: new Set(),
      expiredBefore: 0,
      acceptedAt: [],
      day: '',
      requestsToday: 0,
      produtos: null,
      produtosLojas: new Map(),
      nextProdutoId: 0,
      nextProdutoLojaId: 20_100_000_000 + accounts.size * 1_000_000,
    });
    seedAccessTokens.set(account.accessToken, account.clientId);
    seedRefreshTokens.set(account.refreshToken, account.clientId);
  }
  const ipRequests: number[] = [];
  const ipErrors: number[] = [];
  const oauthCalls: number[] = [];
  let ipBlockedUntil = 0;
  let oauthBlockedUntil = 0;

  function produtosOf(state: AccountState): Map<number, BlingSandboxProduto> {
    if (!state.produtos) {
      const base = 16_000_000_000 + state.ordinal * 1_000_000;
      state.produtos = new Map(catalogue.products.map((product, index) => [base + index + 1, produtoFromCatalogue(product, base + index + 1)]));
      state.nextProdutoId = base + catalogue.products.length + 1;
    }
    return state.produtos;
  }

  function issueTokens(state: AccountState, now: number) {
    // Never issued "before" an expireAccessTokens of the same millisecond.
    const issuedAt = Math.max(now, state.expiredBefore);
    const accessToken = signToken('access', { clientId: state.account.clientId, issuedAt, expiresAt: issuedAt + accessTtlMs });
    const refreshToken = signToken('refresh', { clientId: state.account.clientId, issuedAt: now, expiresAt: now + 30 * 86_400_000 });
    state.currentRefreshToken = refreshToken;
    return { access_token: accessToken, expires_in: Math.round(accessTtlMs / 1000), token_type: 'Bearer', scope: SCOPE, refresh_token: refreshToken };
  }

  /** The account a bearer token belongs to, or the 401 Bling answers. */
  function authenticate(req: IncomingMessage, now: number): AccountState {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw new BlingHttpError(401, 'invalid_token', 'invalid_token', 'O token de acesso não foi informado.');
    const seedClient = seedAccessTokens.get(token);
    const claims = seedClient ? { clientId: seedClient, issuedAt: startedAt, expiresAt: Infinity } : readSignedToken('access', token);
    const state = claims ? accounts.get(claims.clientId) : undefined;
    if (!claims || !state) throw new BlingHttpError(401, 'invalid_token', 'invalid_token', 'O token de acesso é inválido.');
    if (claims.expiresAt <= now || claims.issuedAt < state.expiredBefore) {
      throw new BlingHttpError(401, 'invalid_token', 'invalid_token', 'O token de acesso expirou.');
    }
    return state;
  }

  /** Bling's per-account limits: 3 requests/s (a sliding second) and 120 000 a day. */
  function admit(state: AccountState, now: number): void {
    const day = saoPauloDay(now);
    if (state.day !== day) {
      state.day = day;
      state.requestsToday = 0;
    }
    if (state.requestsToday >= perDay) {
      const midnight = Date.parse(`${day}T03:00:00.000Z`) + 86_400_000;
      throw new BlingHttpError(
        429,
        'TOO_MANY_REQUESTS',
        'Limite de requisições atingido',
        'O limite diário de requisições da conta foi atingido.',
        undefined,
        Math.ceil((midnight - now) / 1000),
      );
    }
    trimWindow(state.acceptedAt, now, 1000);
    if (state.acceptedAt.length >= perSecond) {
      const retryAfter = Math.max(1, Math.ceil((state.acceptedAt[0]! + 1000 - now) / 1000));
      throw new BlingHttpError(
        429,
        'TOO_MANY_REQUESTS',
        'Limite de requisições atingido',
        `O limite de ${perSecond} requisições por segundo foi atingido.`,
        undefined,
        retryAfter,
      );
    }
    state.acceptedAt.push(now);
    state.requestsToday += 1;
  }

  async function oauthToken(req: IncomingMessage, now: number): Promise<unknown> {
    trimWindow(oauthCalls, now, OAUTH_WINDOW_MS);
    oauthCalls.push(now);
    if (oauthCalls.length > OAUTH_MAX_CALLS) oauthBlockedUntil = now + OAUTH_BLOCK_MS;
    if (oauthBlockedUntil > now) {
      throw new BlingHttpError(
        429,
        'TOO_MANY_REQUESTS',
        'IP bloqueado',
        'Chamadas demais a /oauth/token: IP bloqueado por 60 minutos.',
        undefined,
        Math.ceil((oauthBlockedUntil - now) / 1000),
      );
    }
    const client = basicCredentials(req);
    const clientId = client?.user;
    const state = clientId ? accounts.get(clientId) : undefined;
    if (!state || !safeEqual(state.account.clientSecret, client!.password)) {
      throw new BlingHttpError(401, 'invalid_client', 'invalid_client', 'Credenciais do aplicativo (client_id/client_secret) inválidas.');
    }
    const text = await readBody(req);
    const form = (req.headers['content-type'] ?? '').includes('json')
      ? new URLSearchParams(Object.entries(JSON.parse(text || '{}') as Record<string, string>))
      : new URLSearchParams(text);
    if (form.get('grant_type') !== 'refresh_token') {
      throw new BlingHttpError(400, 'unsupported_grant_type', 'unsupported_grant_type', 'O sandbox aceita apenas grant_type=refresh_token.');
    }
    const refreshToken = form.get('refresh_token') ?? '';
    const owner = seedRefreshTokens.get(refreshToken) ?? readSignedToken('refresh', refreshToken)?.clientId;
    const usable = state.currentRefreshToken === null ? !state.spentRefreshTokens.has(refreshToken) : state.currentRefreshToken === refreshToken;
    if (owner !== clientId || !usable) {
      throw new BlingHttpError(400, 'invalid_grant', 'invalid_grant', 'Refresh token inválido, expirado ou já utilizado.');
    }
    state.spentRefreshTokens.add(refreshToken);
    return issueTokens(state, now);
  }

  function findByCodigo(produtos: Map<number, BlingSandboxProduto>, codigo: string, except?: number) {
    return [...produtos.values()].find((p) => p.codigo === codigo && p.id !== except && p.situacao !== 'E');
  }

  function saveProduto(state: AccountState, body: Record<string, unknown>, id?: number): BlingSandboxProduto {
    checkProduto(body);
    const produtos = produtosOf(state);
    const existing = id === undefined ? undefined : produtos.get(id);
    if (id !== undefined && !existing) throw notFound('Produto');
    const codigo = typeof body.codigo === 'string' ? body.codigo.trim() : (existing?.codigo ?? '');
    if (codigo && findByCodigo(produtos, codigo, id)) {
      throw validationError('Não foi possível salvar o produto', [{ element: 'codigo', msg: `O código ${codigo} já está cadastrado em outro produto.` }]);
    }
    const previousStock = isRecord(existing?.estoque) ? existing.estoque : { saldoVirtualTotal: 0 };
    const saved: BlingSandboxProduto = {
      ...(existing ?? { tipo: 'P', formato: 'S', situacao: 'A', unidade: 'UN', precoCusto: 0, variacoes: [], camposCustomizados: [] }),
      ...body,
      id: existing?.id ?? state.nextProdutoId++,
      codigo,
      nome: String(body.nome).trim(),
      situacao: (body.situacao as string | undefined) ?? existing?.situacao ?? 'A',
      // Stock balances move through /estoques, never through the produto itself.
      estoque: { ...(isRecord(body.estoque) ? body.estoque : {}), saldoVirtualTotal: previousStock.saldoVirtualTotal ?? 0 },
    };
    produtos.set(saved.id, saved);
    return saved;
  }

  function saveProdutoLoja(state: AccountState, body: Record<string, unknown>, id?: number): BlingSandboxProdutoLoja {
    const existing = id === undefined ? undefined : state.produtosLojas.get(id);
    if (id !== undefined && !existing) throw notFound('Vínculo do produto com a loja');
    const produtoId = positiveInteger(isRecord(body.produto) ? body.produto.id : existing?.produto.id);
    const lojaId = positiveInteger(isRecord(body.loja) ? body.loja.id : existing?.loja.id);
    const problems: { element: string; msg: string }[] = [];
    if (produtoId === null || !produtosOf(state).has(produtoId)) problems.push({ element: 'produto.id', msg: 'Produto não encontrado.' });
    if (lojaId === null) problems.push({ element: 'loja.id', msg: 'A loja deve ser informada.' });
    for (const field of ['preco', 'precoPromocional'] as const) {
      if (body[field] !== undefined && (typeof body[field] !== 'number' || (body[field] as number) < 0))
        problems.push({ element: field, msg: 'Preço inválido.' });
    }
    if (problems.length) throw validationError('Não foi possível salvar o vínculo do produto com a loja', problems);
    const duplicate = [...state.produtosLojas.values()].find((v) => v.produto.id === produtoId && v.loja.id === lojaId && v.id !== id);
    if (duplicate) {
      throw validationError('Não foi possível salvar o vínculo do produto com a loja', [
        { element: 'loja.id', msg: 'O produto já está vinculado a esta loja.' },
      ]);
    }
    const saved: BlingSandboxProdutoLoja = {
      ...existing,
      ...body,
      id: existing?.id ?? state.nextProdutoLojaId++,
      codigo: typeof body.codigo === 'string' ? body.codigo : (existing?.codigo ?? ''),
      preco: (body.preco as number | undefined) ?? existing?.preco ?? 0,
      precoPromocional: (body.precoPromocional as number | undefined) ?? existing?.precoPromocional ?? 0,
      produto: { id: produtoId! },
      loja: { id: lojaId! },
    };
    state.produtosLojas.set(saved.id, saved);
    return saved;
  }

  async function route(
    req: IncomingMessage,
    state: AccountState,
    method: string,
    path: string,
    query: URLSearchParams,
  ): Promise<{ status: number; body?: unknown }> {
    const produtos = produtosOf(state);
    const segments = path.split('/').filter(Boolean);
    const id = segments[1] !== undefined && segments[1] !== 'lojas' ? positiveInteger(segments[1]) : null;

    if (segments[0] === 'produtos' && segments[1] === 'lojas') {
      const vinculoId = segments[2] === undefined ? null : positiveInteger(segments[2]);
      if (segments.length === 2 && method === 'GET') {
        const { offset, limit } = page(query);
        const idProduto = query.has('idProduto') ? positiveInteger(query.get('idProduto')) : null;
        const idLoja = query.has('idLoja') ? positiveInteger(query.get('idLoja')) : null;
        const found = [...state.produtosLojas.values()].filter(
          (v) => (idProduto === null || v.produto.id === idProduto) && (idLoja === null || v.loja.id === idLoja),
        );
        return { status: 200, body: { data: found.slice(offset, offset + limit) } };
      }
      if (segments.length === 2 && method === 'POST') {
        const saved = saveProdutoLoja(state, await readJson(req));
        return { status: 201, body: { data: { id: saved.id, categoriasProdutos: [] } } };
      }
      if (segments.length === 3 && vinculoId !== null) {
        if (method === 'GET') {
          const vinculo = state.produtosLojas.get(vinculoId);
          if (!vinculo) throw notFound('Vínculo do produto com a loja');
          return { status: 200, body: { data: vinculo } };
        }
        if (method === 'PUT') {
          saveProdutoLoja(state, await readJson(req), vinculoId);
          return { status: 204 };
        }
        if (method === 'DELETE') {
          if (!state.produtosLojas.delete(vinculoId)) throw notFound('Vínculo do produto com a loja');
          return { status: 204 };
        }
      }
    } else if (segments[0] === 'produtos' && segments.length === 1) {
      if (method === 'GET') {
        const { offset, limit } = page(query);
        const codigos = [...query.getAll('codigo'), ...query.getAll('codigos[]'), ...query.getAll('codigos')];
        // Bling's criterio: 1 latest added (default), 2 active, 3 inactive, 4 deleted, 5 every product.
        const criterio = query.get('criterio') ?? '1';
        const situacoes = { '1': ['A', 'I'], '2': ['A'], '3': ['I'], '4': ['E'], '5': ['A', 'I', 'E'] }[criterio] ?? ['A', 'I'];
        const found = [...produtos.values()]
          .filter((p) => situacoes.includes(p.situacao) && (codigos.length === 0 || codigos.includes(p.codigo)))
          .sort((a, b) => b.id - a.id);
        return { status: 200, body: { data: found.slice(offset, offset + limit).map(produtoSummary) } };
      }
      if (method === 'POST') {
        const saved = saveProduto(state, await readJson(req));
        return { status: 201, body: { data: { id: saved.id, variations: { saved: [], updated: [], deleted: [] }, warnings: [] } } };
      }
    } else if (segments[0] === 'produtos' && id !== null) {
      if (segments.length === 2 && method === 'GET') {
        const produto = produtos.get(id);
        if (!produto) throw notFound('Produto');
        return { status: 200, body: { data: produto } };
      }
      if (segments.length === 2 && method === 'PUT') {
        const saved = saveProduto(state, await readJson(req), id);
        return { status: 200, body: { data: { id: saved.id, variations: { saved: [], updated: [], deleted: [] }, warnings: [] } } };
      }
      if (segments.length === 3 && segments[2] === 'situacoes' && method === 'PATCH') {
        const produto = produtos.get(id);
        if (!produto) throw notFound('Produto');
        const { situacao } = await readJson(req);
        if (!['A', 'I', 'E'].includes(situacao as string)) {
          throw validationError('Não foi possível alterar a situação', [{ element: 'situacao', msg: 'Situação inválida.' }]);
        }
        produto.situacao = situacao as string;
        return { status: 204 };
      }
    }
    throw notFound('Recurso');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const now = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname.replace(/^\/Api\/v3(?=\/|$)/i, '').replace(/\/+$/, '') || '/';
    let clientId: string | null = null;
    let status = 500;
    let body: unknown;
    let retryAfter: number | undefined;
    try {
      trimWindow(ipRequests, now, IP_WINDOW_MS);
      trimWindow(ipErrors, now, IP_WINDOW_MS);
      ipRequests.push(now);
      if (ipRequests.length > IP_MAX_REQUESTS || ipErrors.length > IP_MAX_ERRORS) ipBlockedUntil = Math.max(ipBlockedUntil, now + IP_BLOCK_MS);
      if (ipBlockedUntil > now) {
        throw new BlingHttpError(
          429,
          'TOO_MANY_REQUESTS',
          'IP bloqueado',
          'Requisições ou erros demais em 10 s: IP bloqueado por 10 minutos.',
          undefined,
          Math.ceil((ipBlockedUntil - now) / 1000),
        );
      }
      if (method === 'POST' && path === '/oauth/token') {
        ({ status, body } = { status: 200, body: await oauthToken(req, now) });
      } else {
        const state = authenticate(req, now);
        clientId = state.account.clientId;
        admit(state, now);
        ({ status, body } = await route(req, state, method, path, url.searchParams));
      }
    } catch (error) {
      const failure =
        error instanceof BlingHttpError
          ? error
          : new BlingHttpError(500, 'INTERNAL_ERROR', 'Erro interno', error instanceof Error ? error.message : String(error));
      status = failure.status;
      retryAfter = failure.retryAfterSeconds;
      body = {
        error: { type: failure.type, message: failure.message, description: failure.description, ...(failure.fields ? { fields: failure.fields } : {}) },
      };
    }
    if (status >= 400) ipErrors.push(now);
    requests.push({ at: now, method, path, clientId, status });
    if (requests.length > REQUEST_LOG_SIZE) requests.splice(0, requests.length - REQUEST_LOG_SIZE);
    const headers = retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) };
    if (body === undefined) res.writeHead(status, headers).end();
    else sendJson(res, status, body, headers);
  }

  const listener: RequestListener = (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
  return Object.assign(listener, {
    requests,
    expireAccessTokens(clientId: string) {
      const state = accounts.get(clientId);
      if (state) state.expiredBefore = Date.now() + 1;
    },
    produtos(clientId: string) {
      const state = accounts.get(clientId);
      return state ? [...produtosOf(state).values()] : [];
    },
    produtosLojas(clientId: string) {
      return [...(accounts.get(clientId)?.produtosLojas.values() ?? [])];
    },
  });
}
