import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { SEED_FILE, type SandboxCatalogue, type SandboxProduct } from './catalogue.js';
import { basicCredentials, readBody, safeEqual, sendJson, sendText, totalStock } from './respond.js';

/**
 * Bling ERP API v3, played locally: the OAuth authorization page and token endpoint, produtos,
 * produtos/lojas and the per-account limits, with Bling's shapes — payloads wrapped in `{data}`,
 * errors as `{error: {type, message, description, fields}}`. Each account has its own product
 * base, seeded from the catalogue (codigo = ProductCode).
 *
 * Tokens as Bling issues them (developer.bling.com.br/aplicativos, /migracao-jwt): access tokens
 * live 6 h, refresh tokens 30 days and are single-use (each exchange rotates both); with
 * `enable-jwt: 1` on /oauth/token the access token is a JWT of 1,500–3,000 characters. The seed's
 * tokens count as issued when the sandbox started, so they expire too. The sandbox's clock can be
 * moved forward (`POST /__bling/clock {advanceMs}`) to age tokens in tests.
 *
 * The authorization code flow: `GET /oauth/authorize?response_type=code&client_id&state` shows the
 * consent page ('Autorizar' / 'Cancelar'); its form redirects to the app's registered redirect link
 * (Bling uses the one registered with the app, not a redirect_uri of the request) with
 * `?code&state` or `?error=access_denied&state`; `POST /oauth/token` with
 * `grant_type=authorization_code&code` (HTTP Basic client credentials) exchanges the code once,
 * within 10 minutes (RFC 6749 §4.1.2's maximum). Bling documents no PKCE: code_challenge is ignored.
 *
 * Limits per Bling account (`accountId`; an account without one is its app's client id): 3
 * requests in any second and 120 000 a day (the day turning at midnight in Brasília), counted
 * across every app and caller; over them a 429 with Bling's documented body
 * `{error: {type: 'TOO_MANY_REQUESTS', message, description, limit, period: 'second' | 'day'}}` and
 * no Retry-After (none is documented).
 *
 * The "flag" of /api/bling/produto/update-flag is the product's `situacao` ('A' ativo, 'I'
 * inativo), changed with Bling's own PATCH /produtos/{id}/situacoes.
 *
 * Mounted at any base: a leading /Api/v3 is ignored, so BLING_API_URL may be either
 * http://host:port or http://host:port/Api/v3.
 */

export interface BlingSandboxAccount {
  clientId: string;
  /** The Bling account (company) the app is authorised on: limits count per account. Default: the client id. */
  accountId?: string;
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
  /** The apps' registered redirect link (where the consent page sends the browser). */
  redirectUri?: string | null;
}

/** One request as the sandbox saw it, for tests that check a client's manners. */
export interface BlingSandboxRequest {
  /** Arrival, ms since the epoch. */
  at: number;
  method: string;
  path: string;
  /** The app the bearer token belongs to; null for /oauth/token and unauthenticated calls. */
  clientId: string | null;
  /** The Bling account Bling counts the request against (null when unauthenticated). */
  accountId: string | null;
  status: number;
  /** Whether it carried `enable-jwt: 1`. */
  enableJwt: boolean;
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
  /** Moves the sandbox's clock (token lifetimes) forward. */
  advanceClock(ms: number): void;
  /** Sets an account's count of today's requests (to reach the daily limit in a test). */
  setRequestsToday(accountId: string, count: number): void;
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
        ...(typeof entry.accountId === 'string' && entry.accountId ? { accountId: entry.accountId } : {}),
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
  /** The Bling account's counters, shared by its apps. */
  usage: AccountUsage;
  produtos: Map<number, BlingSandboxProduto> | null;
  produtosLojas: Map<number, BlingSandboxProdutoLoja>;
  nextProdutoId: number;
  nextProdutoLojaId: number;
}

interface AccountUsage {
  accountId: string;
  acceptedAt: number[];
  day: string;
  requestsToday: number;
}

interface IssuedCode {
  clientId: string;
  expiresAt: number;
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
    /** More fields of the error object (a 429's limit and period). */
    readonly extra?: Record<string, unknown>,
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

/**
 * An access token as a JWT (HS256 here, signed by the sandbox), padded with the scopes and account
 * data Bling's tokens carry to the 1,500–3,000 characters /migracao-jwt announces.
 */
function signJwt(claims: TokenClaims, scope: string): string {
  const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })).toString('base64url');
  const body = {
    iss: 'https://www.bling.com.br',
    sub: claims.clientId,
    iat: Math.floor(claims.issuedAt / 1000),
    exp: Math.floor(claims.expiresAt / 1000),
    jti: randomBytes(16).toString('hex'),
    iat_ms: claims.issuedAt,
    exp_ms: claims.expiresAt,
    scope: scope.split(' '),
    // Bling's tokens list every scope's permissions: over a kilobyte of claims.
    permissions: Array.from({ length: 40 }, (_, i) => `${scope.split(' ')[i % 3]}.${['leitura', 'escrita', 'exclusao'][i % 3]}.${i}`),
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  const signature = createHmac('sha256', TOKEN_SIGNING_KEY).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

function readJwt(token: string): TokenClaims | null {
  const [header, payload, signature, extra] = token.split('.');
  if (!header || !payload || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', TOKEN_SIGNING_KEY).update(`${header}.${payload}`).digest('base64url');
  if (!safeEqual(signature, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; iat_ms: number; exp_ms: number };
    return { clientId: body.sub, issuedAt: body.iat_ms, expiresAt: body.exp_ms };
  } catch {
    return null;
  }
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

const REFRESH_TTL_MS = 30 * 86_400_000;
const CODE_TTL_MS = 10 * 60_000;

export function createBlingSandbox(catalogue: SandboxCatalogue, options: BlingSandboxOptions = {}): BlingSandbox {
  const perSecond = options.requestsPerSecond ?? 3;
  const perDay = options.requestsPerDay ?? 120_000;
  const accessTtlMs = (options.accessTokenTtlSeconds ?? 21_600) * 1000;
  const redirectUri = options.redirectUri ?? process.env.SANDBOX_BLING_REDIRECT_URI ?? null;
  // Token lifetimes run on this clock, which tests move forward; the rate limits on real time.
  let clockOffsetMs = 0;
  const clock = () => Date.now() + clockOffsetMs;
  const startedAt = Date.now();
  const requests: BlingSandboxRequest[] = [];
  const accounts = new Map<string, AccountState>();
  const usages = new Map<string, AccountUsage>();
  const codes = new Map<string, IssuedCode>();
  const usageOf = (accountId: string) => {
    let usage = usages.get(accountId);
    if (!usage) usages.set(accountId, (usage = { accountId, acceptedAt: [], day: '', requestsToday: 0 }));
    return usage;
  };
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
      usage: usageOf(account.accountId ?? account.clientId),
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

  function issueTokens(state: AccountState, now: number, jwt: boolean) {
    // Never issued "before" an expireAccessTokens of the same millisecond.
    const issuedAt = Math.max(now, state.expiredBefore);
    const access = { clientId: state.account.clientId, issuedAt, expiresAt: issuedAt + accessTtlMs };
    const accessToken = jwt ? signJwt(access, SCOPE) : signToken('access', access);
    const refreshToken = signToken('refresh', { clientId: state.account.clientId, issuedAt: now, expiresAt: now + REFRESH_TTL_MS });
    state.currentRefreshToken = refreshToken;
    return { access_token: accessToken, expires_in: Math.round(accessTtlMs / 1000), token_type: 'Bearer', scope: SCOPE, refresh_token: refreshToken };
  }

  /** The account a bearer token belongs to, or the 401 Bling answers. */
  function authenticate(req: IncomingMessage): AccountState {
    const now = clock();
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw new BlingHttpError(401, 'invalid_token', 'invalid_token', 'O token de acesso não foi informado.');
    const seedClient = seedAccessTokens.get(token);
    // The seed's tokens count as issued when the sandbox started: they expire like any other.
    const claims = seedClient
      ? { clientId: seedClient, issuedAt: startedAt, expiresAt: startedAt + accessTtlMs }
      : (readSignedToken('access', token) ?? readJwt(token));
    const state = claims ? accounts.get(claims.clientId) : undefined;
    if (!claims || !state) throw new BlingHttpError(401, 'invalid_token', 'invalid_token', 'O token de acesso é inválido.');
    if (claims.expiresAt <= now || claims.issuedAt < state.expiredBefore) {
      throw new BlingHttpError(401, 'invalid_token', 'invalid_token', 'O token de acesso expirou.');
    }
    return state;
  }

  /**
   * Bling's per-account limits, across the account's apps: 3 requests in any second (a sliding
   * second) and 120 000 a day (Brasília's day). Refusals answer the body /limites documents.
   */
  function admit(state: AccountState, now: number): void {
    const usage = state.usage;
    const day = saoPauloDay(now);
    if (usage.day !== day) {
      usage.day = day;
      usage.requestsToday = 0;
    }
    if (usage.requestsToday >= perDay) {
      throw new BlingHttpError(
        429,
        'TOO_MANY_REQUESTS',
        'Limite de requisições atingido.',
        'O limite de requisições por dia foi atingido, tente novamente mais tarde.',
        undefined,
        { limit: perDay, period: 'day' },
      );
    }
    trimWindow(usage.acceptedAt, now, 1000);
    if (usage.acceptedAt.length >= perSecond) {
      throw new BlingHttpError(
        429,
        'TOO_MANY_REQUESTS',
        'Limite de requisições atingido.',
        'O limite de requisições por segundo foi atingido, tente novamente mais tarde.',
        undefined,
        { limit: perSecond, period: 'second' },
      );
    }
    usage.acceptedAt.push(now);
    usage.requestsToday += 1;
  }

  async function oauthToken(req: IncomingMessage, now: number): Promise<unknown> {
    trimWindow(oauthCalls, now, OAUTH_WINDOW_MS);
    oauthCalls.push(now);
    if (oauthCalls.length > OAUTH_MAX_CALLS) oauthBlockedUntil = now + OAUTH_BLOCK_MS;
    if (oauthBlockedUntil > now) {
      throw new BlingHttpError(429, 'TOO_MANY_REQUESTS', 'IP bloqueado', 'Chamadas demais a /oauth/token: IP bloqueado por 60 minutos.', undefined, {
        limit: OAUTH_MAX_CALLS,
        period: 'second',
      });
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
    const jwt = req.headers['enable-jwt'] === '1';
    const tokenNow = clock();
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      if (!issued || issued.clientId !== clientId || issued.expiresAt <= Date.now()) {
        throw new BlingHttpError(400, 'invalid_grant', 'invalid_grant', 'Código de autorização inválido, expirado ou já utilizado.');
      }
      // A new authorization starts a new chain: the refresh tokens before it are dead.
      return issueTokens(state, tokenNow, jwt);
    }
    if (grant !== 'refresh_token') {
      throw new BlingHttpError(400, 'unsupported_grant_type', 'unsupported_grant_type', 'grant_type deve ser authorization_code ou refresh_token.');
    }
    const refreshToken = form.get('refresh_token') ?? '';
    const seedOwner = seedRefreshTokens.get(refreshToken);
    const claims = seedOwner ? { clientId: seedOwner, issuedAt: startedAt, expiresAt: startedAt + REFRESH_TTL_MS } : readSignedToken('refresh', refreshToken);
    const usable = state.currentRefreshToken === null ? !state.spentRefreshTokens.has(refreshToken) : state.currentRefreshToken === refreshToken;
    if (!claims || claims.clientId !== clientId || !usable || claims.expiresAt <= tokenNow) {
      throw new BlingHttpError(400, 'invalid_grant', 'invalid_grant', 'Refresh token inválido, expirado ou já utilizado.');
    }
    state.spentRefreshTokens.add(refreshToken);
    return issueTokens(state, tokenNow, jwt);
  }

  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** The consent page of GET /oauth/authorize. */
  function authorizePage(res: ServerResponse, query: URLSearchParams): void {
    const state = accounts.get(query.get('client_id') ?? '');
    const html = (status: number, body: string) =>
      sendText(
        res,
        status,
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Bling - Autorizar aplicativo</title></head><body>${body}</body></html>`,
        'text/html; charset=utf-8',
      );
    if (!state) return html(400, '<h1>Aplicativo não encontrado</h1><p>O client_id informado não corresponde a um aplicativo.</p>');
    if (query.get('response_type') !== 'code') return html(400, '<h1>Requisição inválida</h1><p>response_type deve ser code.</p>');
    if (!redirectUri) return html(400, '<h1>Aplicativo sem link de redirecionamento</h1>');
    const hidden = ['client_id', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(query.get(k) ?? '')}">`).join('');
    html(
      200,
      `<h1>Autorizar aplicativo</h1><p>O aplicativo quer acessar sua conta Bling: ${escapeHtml(SCOPE)}</p>` +
        `<form method="post" action="authorize/decision">${hidden}<button name="decision" value="allow">Autorizar</button><button name="decision" value="deny">Cancelar</button></form>`,
    );
  }

  /** The consent page's answer: back to the app's registered link with a code (or the refusal). */
  async function authorizeDecision(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const clientId = form.get('client_id') ?? '';
    if (!accounts.has(clientId) || !redirectUri) return sendText(res, 400, 'Requisição inválida', 'text/plain; charset=utf-8');
    const target = new URL(redirectUri);
    if (form.get('decision') === 'allow') {
      const code = randomBytes(20).toString('hex');
      codes.set(code, { clientId, expiresAt: Date.now() + CODE_TTL_MS });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
    }
    const state = form.get('state');
    if (state !== null) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() }).end();
  }

  /** Test controls under /__bling/: the clock, an account's day count, the request log. */
  async function control(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    if (path === '/__bling/clock' && req.method === 'POST') {
      const { advanceMs } = JSON.parse((await readBody(req)) || '{}') as { advanceMs?: unknown };
      if (typeof advanceMs === 'number' && advanceMs > 0) clockOffsetMs += advanceMs;
      return sendJson(res, 200, { offsetMs: clockOffsetMs });
    }
    if (path === '/__bling/usage' && req.method === 'POST') {
      const { accountId, requestsToday } = JSON.parse((await readBody(req)) || '{}') as { accountId?: unknown; requestsToday?: unknown };
      if (typeof accountId !== 'string' || typeof requestsToday !== 'number') return sendJson(res, 400, { error: 'accountId e requestsToday' });
      setRequestsToday(accountId, requestsToday);
      return sendJson(res, 200, { ok: true });
    }
    if (path === '/__bling/requests' && req.method === 'GET') {
      const since = Number(query.get('since') ?? 0);
      return sendJson(res, 200, { requests: requests.filter((r) => r.at >= since) });
    }
    sendJson(res, 404, { error: 'controle desconhecido' });
  }

  function setRequestsToday(accountId: string, count: number): void {
    const usage = usageOf(accountId);
    usage.day = saoPauloDay(Date.now());
    usage.requestsToday = count;
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
    let accountId: string | null = null;
    let status = 500;
    let body: unknown;
    if (path.startsWith('/__bling/')) return control(req, res, path, url.searchParams);
    if (method === 'GET' && path === '/oauth/authorize') return authorizePage(res, url.searchParams);
    if (method === 'POST' && path === '/oauth/authorize/decision') return authorizeDecision(req, res);
    try {
      trimWindow(ipRequests, now, IP_WINDOW_MS);
      trimWindow(ipErrors, now, IP_WINDOW_MS);
      ipRequests.push(now);
      if (ipRequests.length > IP_MAX_REQUESTS || ipErrors.length > IP_MAX_ERRORS) ipBlockedUntil = Math.max(ipBlockedUntil, now + IP_BLOCK_MS);
      if (ipBlockedUntil > now) {
        throw new BlingHttpError(429, 'TOO_MANY_REQUESTS', 'IP bloqueado', 'Requisições ou erros demais em 10 s: IP bloqueado por 10 minutos.', undefined, {
          limit: IP_MAX_REQUESTS,
          period: 'second',
        });
      }
      if (method === 'POST' && path === '/oauth/token') {
        ({ status, body } = { status: 200, body: await oauthToken(req, now) });
      } else {
        const state = authenticate(req);
        clientId = state.account.clientId;
        accountId = state.usage.accountId;
        admit(state, now);
        ({ status, body } = await route(req, state, method, path, url.searchParams));
      }
    } catch (error) {
      const failure =
        error instanceof BlingHttpError
          ? error
          : new BlingHttpError(500, 'INTERNAL_ERROR', 'Erro interno', error instanceof Error ? error.message : String(error));
      status = failure.status;
      body = {
        error: {
          type: failure.type,
          message: failure.message,
          description: failure.description,
          ...(failure.fields ? { fields: failure.fields } : {}),
          ...failure.extra,
        },
      };
    }
    if (status >= 400) ipErrors.push(now);
    requests.push({ at: now, method, path, clientId, accountId, status, enableJwt: req.headers['enable-jwt'] === '1' });
    if (requests.length > REQUEST_LOG_SIZE) requests.splice(0, requests.length - REQUEST_LOG_SIZE);
    if (body === undefined) res.writeHead(status).end();
    else sendJson(res, status, body);
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
      if (state) state.expiredBefore = clock() + 1;
    },
    advanceClock(ms: number) {
      clockOffsetMs += ms;
    },
    setRequestsToday,
    produtos(clientId: string) {
      const state = accounts.get(clientId);
      return state ? [...produtosOf(state).values()] : [];
    },
    produtosLojas(clientId: string) {
      return [...(accounts.get(clientId)?.produtosLojas.values() ?? [])];
    },
  });
}
