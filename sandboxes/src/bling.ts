import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { SEED_FILE, type SandboxCatalogue, type SandboxProduct } from './catalogue.js';
import { basicCredentials, readBody, safeEqual, sendJson, sendText, totalStock } from './respond.js';

/**
 * Bling ERP API v3, played locally: the OAuth authorization page and token endpoint, produtos,
 * produtos/lojas and the per-account limits, with Bling's shapes — payloads wrapped in `{data}`,
 * errors as `{error: {type, message, description, fields}}`. Each Bling account has its own
 * product base, seeded from the catalogue (codigo = ProductCode).
 *
 * Tokens as Bling issues them (developer.bling.com.br/aplicativos, /migracao-jwt): access tokens
 * live 6 h, refresh tokens 30 days and are single-use (each exchange rotates both); with
 * `enable-jwt: 1` on /oauth/token the access token is a JWT of 1,500–3,000 characters. The seed's
 * tokens count as issued when the sandbox started, so they expire too. The sandbox's clock can be
 * moved forward (`POST /__bling/clock {advanceMs}`) to age tokens in tests.
 *
 * The authorization code flow: `GET /oauth/authorize?response_type=code&client_id&state` shows the
 * consent page ('Autorizar' / 'Cancelar'); its form redirects to the app's registered redirect link
 * (Bling uses the one registered with the app, not a redirect_uri of the request; the form posts to
 * the sandbox's own `/__bling/authorize/decision`, not an API path) with
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
 * As strict as Bling's pinned contract (sandboxes/contracts/bling/SOURCE.md): request bodies are
 * validated against its schemas and refused with Bling's 400; PUT replaces the whole produto (what
 * it does not carry goes back to Bling's defaults: variations, kit, category, tax data…), PATCH
 * changes only what it carries; GET /produtos honours only documented parameters (`codigos[]`, not
 * `codigo`); the full record holds the cost at `fornecedor.precoCusto`, the list summary at
 * `precoCusto`; without `enable-jwt: 1` `/oauth/token` still issues the deprecated opaque tokens,
 * and the JWT-only mode (`POST /__bling/settings {jwtOnly: true}`) refuses them and calls without
 * the header.
 *
 * Mounted at any base: a leading /Api/v3 is ignored, so BLING_API_URL may be either
 * http://host:port or http://host:port/Api/v3.
 */

export interface BlingSandboxAccount {
  clientId: string;
  /** The Bling account (company) the app is authorised on: limits and products are the account's. Default: the client id. */
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
  /** Opaque tokens refused, and calls without `enable-jwt: 1` (the end of the migration). Default false. */
  jwtOnly?: boolean;
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
  /** Adds a full produto record to the account of every app (or of `clientId`'s); returns its id per client id. */
  insertProduto(produto: Omit<BlingSandboxProduto, 'id'>, clientId?: string): Record<string, number>;
  /** The end of the opaque tokens: see BlingSandboxOptions.jwtOnly. */
  setJwtOnly(jwtOnly: boolean): void;
};

/** Test controls on the sandbox itself (not Bling's): produtos, the JWT-only switch, the clock, an account's day count, the request log. */
export const BLING_CONTROL_PREFIX = '/__bling/';

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

/** What Bling keeps per account (company): its limits' counters and its products. */
interface CompanyState {
  accountId: string;
  /** Seeds product ids apart per account, as different Bling companies have different ids. */
  ordinal: number;
  acceptedAt: number[];
  day: string;
  requestsToday: number;
  produtos: Map<number, BlingSandboxProduto> | null;
  produtosLojas: Map<number, BlingSandboxProdutoLoja>;
  nextProdutoId: number;
  nextProdutoLojaId: number;
}

/** What Bling keeps per app (client id) authorised on an account: its tokens. */
interface AccountState {
  account: BlingSandboxAccount;
  company: CompanyState;
  /** The refresh token that may be used next; null until the first rotation in this process. */
  currentRefreshToken: string | null;
  spentRefreshTokens: Set<string>;
  /** Access tokens issued before this instant are refused. */
  expiredBefore: number;
}

interface IssuedCode {
  clientId: string;
  expiresAt: number;
}

interface TokenClaims {
  clientId: string;
  issuedAt: number;
  expiresAt: number;
  jwt: boolean;
}

class BlingHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly description: string,
    readonly fields?: { code: number; msg: string; element: string; namespace: string }[],
    /** Bling's 429 on an account's limit names it: 3 a 'second' or 120 000 a 'day'. */
    readonly limit?: { limit: number; period: 'second' | 'day' },
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

// ---- The pinned contract's request schemas (sandboxes/contracts/bling/openapi.json) ----

const CONTRACT_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'contracts', 'bling', 'openapi.json');
type BodySchema = 'ProdutosDadosDTO' | 'ProdutosDadosPatchDTO' | 'ProdutosLojas';
let validators: Record<BodySchema, ValidateFunction> | undefined;

function bodyValidators(): Record<BodySchema, ValidateFunction> {
  if (validators) return validators;
  const contract = JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as { components: unknown };
  // OpenAPI 3.0 keywords (example, readOnly…) are not JSON Schema's: strict off; formats such as
  // 'float' are descriptive only.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ components: contract.components }, 'bling');
  const ref = (name: string) => ajv.compile({ $ref: `bling#/components/schemas/${name}` });
  validators = {
    ProdutosDadosDTO: ref('ProdutosDadosDTO'),
    ProdutosDadosPatchDTO: ref('ProdutosDadosPatchDTO'),
    ProdutosLojas: ajv.compile({
      allOf: [{ $ref: 'bling#/components/schemas/ProdutosLojasDadosBaseDTO' }, { $ref: 'bling#/components/schemas/ProdutosLojasDadosDTO' }],
    }),
  };
  return validators;
}

/** Bling's 400 for a body its schema refuses: one field per problem, named by its path. */
function checkBody(schema: BodySchema, body: Record<string, unknown>, message: string): void {
  const validate = bodyValidators()[schema];
  if (validate(body)) return;
  const seen = new Set<string>();
  const fields: { element: string; msg: string }[] = [];
  for (const error of (validate.errors ?? []) as ErrorObject[]) {
    const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const element = error.keyword === 'required' ? [path, (error.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.') : path;
    const msg = error.keyword === 'required' ? `O campo ${element} deve ser informado.` : `O campo ${element || 'corpo'} é inválido: ${error.message ?? ''}.`;
    if (seen.has(msg)) continue;
    seen.add(msg);
    fields.push({ element, msg });
  }
  throw validationError(message, fields);
}

// ---- Tokens ----

/** Pads a JWT's claims so the token is as long as Bling's (1,500–3,000 characters). */
const JWT_FILLER_BYTES = 1_200;

function hmac(text: string): string {
  return createHmac('sha256', TOKEN_SIGNING_KEY).update(text).digest('base64url');
}

function signToken(kind: 'access' | 'refresh', claims: Omit<TokenClaims, 'jwt'>, jwt = false): string {
  if (jwt && kind === 'access') {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: claims.clientId,
        iat: Math.floor(claims.issuedAt / 1000),
        exp: Math.floor(claims.expiresAt / 1000),
        iatMs: claims.issuedAt,
        expMs: claims.expiresAt,
        scope: SCOPE,
        ctx: randomBytes(JWT_FILLER_BYTES).toString('base64url'),
      }),
    ).toString('base64url');
    return `${header}.${payload}.${hmac(`${header}.${payload}`)}`;
  }
  const payload = Buffer.from(JSON.stringify([claims.clientId, claims.issuedAt, claims.expiresAt, randomBytes(6).toString('hex')])).toString('base64url');
  return `sandbox-bling-${kind}-${payload}.${hmac(`${kind}.${payload}`).slice(0, 22)}`;
}

function readSignedToken(kind: 'access' | 'refresh', token: string): TokenClaims | null {
  const jwt = /^(eyJ[\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(token);
  if (jwt && kind === 'access') {
    const [, header, payload, signature] = jwt as unknown as [string, string, string, string];
    if (!safeEqual(signature, hmac(`${header}.${payload}`))) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; iatMs: number; expMs: number };
      return { clientId: claims.sub, issuedAt: claims.iatMs, expiresAt: claims.expMs, jwt: true };
    } catch {
      return null;
    }
  }
  const match = new RegExp(`^sandbox-bling-${kind}-([\\w-]+)\\.([\\w-]+)$`).exec(token);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  if (!safeEqual(signature, hmac(`${kind}.${payload}`).slice(0, 22))) return null;
  try {
    const [clientId, issuedAt, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, number, number];
    return { clientId, issuedAt, expiresAt, jwt: false };
  } catch {
    return null;
  }
}

// ---- Produtos ----

function digits(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\D/g, '') : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a produto holds when nothing says otherwise: the values a PUT leaves in every field it does
 * not carry (the contract's defaults where it states one, empty otherwise).
 */
function blankProduto(): Omit<BlingSandboxProduto, 'id' | 'codigo' | 'nome' | 'situacao'> {
  return {
    preco: 0,
    tipo: 'P',
    formato: 'S',
    descricaoCurta: '',
    imagemURL: '',
    unidade: '',
    pesoLiquido: 0,
    pesoBruto: 0,
    volumes: 0,
    itensPorCaixa: 0,
    gtin: '',
    gtinEmbalagem: '',
    tipoProducao: 'P',
    condicao: 0,
    freteGratis: false,
    marca: '',
    descricaoComplementar: '',
    linkExterno: '',
    observacoes: '',
    descricaoEmbalagemDiscreta: '',
    categoria: { id: 0 },
    estoque: { minimo: 0, maximo: 0, crossdocking: 0, localizacao: '', saldoVirtualTotal: 0 },
    dimensoes: { largura: 0, altura: 0, profundidade: 0, unidadeMedida: 0 },
    tributacao: { origem: 0, nFCI: '', ncm: '', cest: '', codigoListaServicos: '', spedTipoItem: '', codigoItem: '', percentualTributos: 0 },
    midia: { video: { url: '' }, imagens: { externas: [], internas: [] } },
    linhaProduto: { id: 0 },
    estrutura: { tipoEstoque: 'F', lancamentoEstoque: 'A', componentes: [] },
    camposCustomizados: [],
    variacoes: [],
  };
}

/** The catalogue product as a Bling produto (the full record GET /produtos/{id} answers). */
function produtoFromCatalogue(product: SandboxProduct, id: number): BlingSandboxProduto {
  const cost = product.PriceNetErp ?? product.PriceNet ?? 0;
  return {
    ...blankProduto(),
    id,
    nome: product.ProductSiteName,
    codigo: product.ProductCode,
    preco: product.Price ?? 0,
    situacao: 'A',
    descricaoCurta: product.ProductDescription ?? '',
    imagemURL: product.ProductImage ?? '',
    unidade: 'UN',
    pesoLiquido: product.NetWeight ?? 0,
    pesoBruto: product.GrossWeight ?? 0,
    volumes: 1,
    itensPorCaixa: 1,
    gtin: product.EAN13 ?? '',
    tipoProducao: 'T',
    marca: product.brand ?? '',
    descricaoComplementar: `Linha ${product.ProductLine ?? 'geral'}: descrição do ERP.`,
    // The ERP's own data, which the console never sends: a category, tax data, stock bounds.
    categoria: { id: 8_000_000 + product.Company },
    estoque: { minimo: 2, maximo: 40, crossdocking: 3, localizacao: `A-${product.Company}`, saldoVirtualTotal: totalStock(product) },
    dimensoes: { largura: product.Width ?? 0, altura: product.Height ?? 0, profundidade: product.Length ?? 0, unidadeMedida: 1 },
    tributacao: { ...(blankProduto().tributacao as object), origem: 0, ncm: digits(product.NCMCode), cest: '1800300' },
    fornecedor: {
      id: 9_000_000 + (id % 1_000_000),
      contato: { id: 9_100_000, nome: 'Tramontina' },
      codigo: product.ProductCode,
      precoCusto: cost,
      precoCompra: cost,
    },
    midia: { video: { url: '' }, imagens: { externas: product.ProductImage ? [{ link: product.ProductImage }] : [], internas: [] } },
  };
}

/**
 * Produtos only the ERP has (not in the seed's Firestore): one with variations (formato V) and a kit
 * (formato E), each with a category, tax data and stock bounds, so what a PUT would reset shows.
 */
export const BLING_ERP_ONLY_CODES = { variations: 'ERP-V-100', kit: 'ERP-E-200' } as const;

function erpOnlyProdutos(): Omit<BlingSandboxProduto, 'id'>[] {
  const base = {
    ...blankProduto(),
    situacao: 'A',
    preco: 189.9,
    unidade: 'UN',
    marca: 'Tramontina',
    descricaoComplementar: 'Cadastrado só no ERP.',
    categoria: { id: 8_000_042 },
    estoque: { minimo: 5, maximo: 50, crossdocking: 2, localizacao: 'B-07', saldoVirtualTotal: 0 },
    tributacao: { ...(blankProduto().tributacao as object), origem: 2, ncm: '73239300', cest: '1400300' },
    fornecedor: { id: 9_000_900, contato: { id: 9_100_000, nome: 'Tramontina' }, codigo: 'FORN-100', precoCusto: 92.5, precoCompra: 95 },
  };
  const variacao = (codigo: string, nome: string, ordem: number) => ({
    ...blankProduto(),
    nome: `Jogo de panelas ${nome}`,
    codigo,
    situacao: 'A',
    formato: 'S',
    preco: 189.9,
    variacao: { nome: `Cor:${nome}`, ordem, produtoPai: { id: 0, cloneInfo: true } },
  });
  return [
    {
      ...base,
      nome: 'Jogo de panelas (variações)',
      codigo: BLING_ERP_ONLY_CODES.variations,
      formato: 'V',
      variacoes: [variacao(`${BLING_ERP_ONLY_CODES.variations}-VM`, 'Vermelho', 1), variacao(`${BLING_ERP_ONLY_CODES.variations}-AZ`, 'Azul', 2)],
    },
    {
      ...base,
      nome: 'Kit churrasco (composição)',
      codigo: BLING_ERP_ONLY_CODES.kit,
      formato: 'E',
      estrutura: { tipoEstoque: 'V', lancamentoEstoque: 'A', componentes: [{ produto: { id: 1 }, quantidade: 2 }] },
    },
  ];
}

/** What GET /produtos lists: the summary of each produto (the cost is the default supplier's). */
function produtoSummary(produto: BlingSandboxProduto) {
  const estoque = produto.estoque as { saldoVirtualTotal?: number } | undefined;
  const fornecedor = produto.fornecedor as { precoCusto?: number } | undefined;
  return {
    id: produto.id,
    idProdutoPai: 0,
    nome: produto.nome,
    codigo: produto.codigo,
    preco: produto.preco,
    precoCusto: fornecedor?.precoCusto ?? 0,
    estoque: { saldoVirtualTotal: estoque?.saldoVirtualTotal ?? 0 },
    tipo: produto.tipo,
    situacao: produto.situacao,
    formato: produto.formato,
    descricaoCurta: produto.descricaoCurta ?? '',
    imagemURL: produto.imagemURL ?? '',
  };
}

/** PATCH's merge: objects field by field, everything else (arrays included) replaced. */
function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    merged[key] = isRecord(value) && isRecord(target[key]) ? mergePatch(target[key], value) : value;
  }
  return merged;
}

/** Rules beyond the schema's that Bling states in its error answers: a real GTIN, a name, prices ≥ 0. */
function checkProdutoRules(body: Record<string, unknown>): void {
  const problems: { element: string; msg: string }[] = [];
  if (body.nome !== undefined && (typeof body.nome !== 'string' || body.nome.trim() === ''))
    problems.push({ element: 'nome', msg: 'O nome do produto deve ser informado.' });
  if (typeof body.preco === 'number' && body.preco < 0) problems.push({ element: 'preco', msg: 'Preço inválido.' });
  if (typeof body.gtin === 'string' && body.gtin !== '' && !/^(\d{8}|\d{12,14})$/.test(body.gtin))
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
  if (text.trim() === '') throw new BlingHttpError(400, 'EMPTY_REQUEST_BODY', 'Corpo da requisição vazio', 'O corpo da requisição deve ser informado.');
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return body;
  } catch {
    // fall through
  }
  throw new BlingHttpError(400, 'INVALID_REQUEST_BODY', 'JSON inválido', 'O corpo da requisição deve ser um objeto JSON.');
}

const REFRESH_TTL_MS = 30 * 86_400_000;
const CODE_TTL_MS = 10 * 60_000;

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
  let jwtOnly = options.jwtOnly ?? false;
  const redirectUri = options.redirectUri ?? process.env.SANDBOX_BLING_REDIRECT_URI ?? null;
  // Token lifetimes run on this clock, which tests move forward; the rate limits on real time.
  let clockOffsetMs = 0;
  const clock = () => Date.now() + clockOffsetMs;
  const startedAt = Date.now();
  const codes = new Map<string, IssuedCode>();
  const requests: BlingSandboxRequest[] = [];
  const companies = new Map<string, CompanyState>();
  const accounts = new Map<string, AccountState>();
  const seedAccessTokens = new Map<string, string>();
  const seedRefreshTokens = new Map<string, string>();
  for (const account of options.accounts ?? loadBlingSeedAccounts()) {
    if (accounts.has(account.clientId)) continue;
    const accountId = account.accountId ?? account.clientId;
    let company = companies.get(accountId);
    if (!company) {
      company = {
        accountId,
        ordinal: companies.size,
        acceptedAt: [],
        day: '',
        requestsToday: 0,
        produtos: null,
        produtosLojas: new Map(),
        nextProdutoId: 0,
        nextProdutoLojaId: 20_100_000_000 + companies.size * 1_000_000,
      };
      companies.set(accountId, company);
    }
    accounts.set(account.clientId, { account, company, currentRefreshToken: null, spentRefreshTokens: new Set(), expiredBefore: 0 });
    seedAccessTokens.set(account.accessToken, account.clientId);
    seedRefreshTokens.set(account.refreshToken, account.clientId);
  }
  const ipRequests: number[] = [];
  const ipErrors: number[] = [];
  const oauthCalls: number[] = [];
  let ipBlockedUntil = 0;
  let oauthBlockedUntil = 0;

  function produtosOf(company: CompanyState): Map<number, BlingSandboxProduto> {
    if (!company.produtos) {
      const base = 16_000_000_000 + company.ordinal * 1_000_000;
      company.produtos = new Map(catalogue.products.map((product, index) => [base + index + 1, produtoFromCatalogue(product, base + index + 1)]));
      company.nextProdutoId = base + catalogue.products.length + 1;
      for (const produto of erpOnlyProdutos()) insert(company, produto);
    }
    return company.produtos;
  }

  /** A full record added as it is (ids given to it and its variations). */
  function insert(company: CompanyState, produto: Omit<BlingSandboxProduto, 'id'>): number {
    const produtos = produtosOf(company);
    const id = company.nextProdutoId++;
    const variacoes = Array.isArray(produto.variacoes)
      ? (produto.variacoes as Record<string, unknown>[]).map((variacao) => ({
          ...variacao,
          id: company.nextProdutoId++,
          variacao: { ...(variacao.variacao as object), produtoPai: { id, cloneInfo: true } },
        }))
      : [];
    produtos.set(id, { ...blankProduto(), ...produto, id, variacoes } as unknown as BlingSandboxProduto);
    return id;
  }

  function issueTokens(state: AccountState, now: number, jwt: boolean) {
    // Never issued "before" an expireAccessTokens of the same millisecond.
    const issuedAt = Math.max(now, state.expiredBefore);
    const accessToken = signToken('access', { clientId: state.account.clientId, issuedAt, expiresAt: issuedAt + accessTtlMs }, jwt);
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
    const claims: TokenClaims | null = seedClient
      ? { clientId: seedClient, issuedAt: startedAt, expiresAt: startedAt + accessTtlMs, jwt: false }
      : readSignedToken('access', token);
    const state = claims ? accounts.get(claims.clientId) : undefined;
    if (!claims || !state) throw new BlingHttpError(401, 'invalid_token', 'invalid_token', 'O token de acesso é inválido.');
    if (claims.expiresAt <= now || claims.issuedAt < state.expiredBefore) {
      throw new BlingHttpError(401, 'invalid_token', 'invalid_token', 'O token de acesso expirou.');
    }
    if (jwtOnly && (!claims.jwt || req.headers['enable-jwt'] !== '1')) {
      throw new BlingHttpError(
        401,
        'invalid_token',
        'invalid_token',
        claims.jwt ? 'Envie o cabeçalho enable-jwt: 1.' : 'Tokens opacos foram descontinuados: obtenha um token JWT com o cabeçalho enable-jwt: 1.',
      );
    }
    return state;
  }

  /** Bling's limits per account (every app authorised on it): 3 requests/s (a sliding second) and 120 000 a day. */
  function admit(company: CompanyState, now: number): void {
    const day = saoPauloDay(now);
    if (company.day !== day) {
      company.day = day;
      company.requestsToday = 0;
    }
    if (company.requestsToday >= perDay) {
      throw new BlingHttpError(
        429,
        'TOO_MANY_REQUESTS',
        'Limite de requisições atingido.',
        'O limite de requisições por dia foi atingido, tente novamente mais tarde.',
        undefined,
        {
          limit: perDay,
          period: 'day',
        },
      );
    }
    trimWindow(company.acceptedAt, now, 1000);
    if (company.acceptedAt.length >= perSecond) {
      throw new BlingHttpError(
        429,
        'TOO_MANY_REQUESTS',
        'Limite de requisições atingido.',
        'O limite de requisições por segundo foi atingido, tente novamente mais tarde.',
        undefined,
        { limit: perSecond, period: 'second' },
      );
    }
    company.acceptedAt.push(now);
    company.requestsToday += 1;
  }

  async function oauthToken(req: IncomingMessage, now: number): Promise<unknown> {
    trimWindow(oauthCalls, now, OAUTH_WINDOW_MS);
    oauthCalls.push(now);
    if (oauthCalls.length > OAUTH_MAX_CALLS) oauthBlockedUntil = now + OAUTH_BLOCK_MS;
    if (oauthBlockedUntil > now) {
      throw new BlingHttpError(429, 'TOO_MANY_REQUESTS', 'IP bloqueado', 'Chamadas demais a /oauth/token: IP bloqueado por 60 minutos.');
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
    // Without enable-jwt: 1, Bling still issues the deprecated opaque token.
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

  /** The consent page of GET /oauth/authorize (no favicon: a browser's /favicon.ico is not Bling's API). */
  function authorizePage(res: ServerResponse, query: URLSearchParams): void {
    const state = accounts.get(query.get('client_id') ?? '');
    const html = (status: number, body: string) =>
      sendText(
        res,
        status,
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Bling - Autorizar aplicativo</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`,
        'text/html; charset=utf-8',
      );
    if (!state) return html(400, '<h1>Aplicativo não encontrado</h1><p>O client_id informado não corresponde a um aplicativo.</p>');
    if (query.get('response_type') !== 'code') return html(400, '<h1>Requisição inválida</h1><p>response_type deve ser code.</p>');
    if (!redirectUri) return html(400, '<h1>Aplicativo sem link de redirecionamento</h1>');
    const hidden = ['client_id', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(query.get(k) ?? '')}">`).join('');
    html(
      200,
      `<h1>Autorizar aplicativo</h1><p>O aplicativo quer acessar sua conta Bling: ${escapeHtml(SCOPE)}</p>` +
        `<form method="post" action="/__bling/authorize/decision">${hidden}<button name="decision" value="allow">Autorizar</button><button name="decision" value="deny">Cancelar</button></form>`,
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

  function setRequestsToday(accountId: string, count: number): void {
    const company = companies.get(accountId);
    if (!company) return;
    company.day = saoPauloDay(Date.now());
    company.requestsToday = count;
  }

  function findByCodigo(produtos: Map<number, BlingSandboxProduto>, codigo: string, except?: number) {
    return [...produtos.values()].find((p) => p.codigo === codigo && p.id !== except && p.situacao !== 'E');
  }

  function requireUniqueCodigo(produtos: Map<number, BlingSandboxProduto>, codigo: unknown, id?: number): void {
    if (typeof codigo === 'string' && codigo.trim() && findByCodigo(produtos, codigo.trim(), id)) {
      throw validationError('Não foi possível salvar o produto', [
        { element: 'codigo', msg: `O código ${codigo.trim()} já está cadastrado em outro produto.` },
      ]);
    }
  }

  /** The variations a save carries, with ids (kept for a variation whose codigo the produto had) and their parent. */
  function savedVariacoes(company: CompanyState, parentId: number, existing: unknown, sent: unknown): unknown[] {
    if (!Array.isArray(sent)) return [];
    const before = Array.isArray(existing) ? (existing as { id: number; codigo?: string }[]) : [];
    return (sent as Record<string, unknown>[]).map((variacao) => ({
      ...blankProduto(),
      ...variacao,
      id: before.find((old) => old.codigo === variacao.codigo)?.id ?? company.nextProdutoId++,
      variacao: { ...(variacao.variacao as object), produtoPai: { id: parentId, cloneInfo: true } },
      variacoes: undefined,
    }));
  }

  /**
   * POST (`existing` undefined) and PUT ('Altera um produto', 'atualizar todos os dados'): the
   * produto becomes what the body carries; every field it leaves out is Bling's default —
   * variations, kit, category, tax data, stock bounds, complementary description. A PUT keeps the
   * supplier link (read-only here) and the stock balance (stock moves through /estoques only).
   */
  function writeProduto(company: CompanyState, body: Record<string, unknown>, existing?: BlingSandboxProduto): BlingSandboxProduto {
    checkBody('ProdutosDadosDTO', body, 'Não foi possível salvar o produto');
    checkProdutoRules(body);
    const produtos = produtosOf(company);
    requireUniqueCodigo(produtos, body.codigo, existing?.id);
    const id = existing?.id ?? company.nextProdutoId++;
    const { estoque, ...rest } = body;
    const previousStock = isRecord(existing?.estoque) ? existing.estoque : {};
    const saved = {
      ...blankProduto(),
      ...rest,
      id,
      codigo: typeof body.codigo === 'string' ? body.codigo.trim() : '',
      nome: String(body.nome).trim(),
      situacao: String(body.situacao),
      ...(existing?.fornecedor ? { fornecedor: existing.fornecedor } : {}),
      estoque: { ...(blankProduto().estoque as object), ...(isRecord(estoque) ? estoque : {}), saldoVirtualTotal: previousStock.saldoVirtualTotal ?? 0 },
      variacoes: savedVariacoes(company, id, existing?.variacoes, body.variacoes),
    } as BlingSandboxProduto;
    produtos.set(id, saved);
    return saved;
  }

  function existingProduto(company: CompanyState, id: number): BlingSandboxProduto {
    const produto = produtosOf(company).get(id);
    if (!produto) throw notFound('Produto');
    return produto;
  }

  /** PATCH ('Altera parcialmente'): 'somente os campos informados terão o valor alterado'. */
  function patchProduto(company: CompanyState, id: number, body: Record<string, unknown>): BlingSandboxProduto {
    const produtos = produtosOf(company);
    const existing = existingProduto(company, id);
    checkBody('ProdutosDadosPatchDTO', body, 'Não foi possível salvar o produto');
    checkProdutoRules(body);
    requireUniqueCodigo(produtos, body.codigo, id);
    const { estoque, variacoes, ...rest } = body;
    const saved = mergePatch(existing, rest) as BlingSandboxProduto;
    saved.id = id;
    if (isRecord(estoque)) {
      const previous = isRecord(existing.estoque) ? existing.estoque : {};
      saved.estoque = { ...previous, ...estoque, saldoVirtualTotal: previous.saldoVirtualTotal ?? 0 };
    }
    if (variacoes !== undefined) saved.variacoes = savedVariacoes(company, id, existing.variacoes, variacoes);
    produtos.set(id, saved);
    return saved;
  }

  function saveProdutoLoja(company: CompanyState, body: Record<string, unknown>, id?: number): BlingSandboxProdutoLoja {
    const existing = id === undefined ? undefined : company.produtosLojas.get(id);
    if (id !== undefined && !existing) throw notFound('Vínculo do produto com a loja');
    checkBody('ProdutosLojas', body, 'Não foi possível salvar o vínculo do produto com a loja');
    const produtoId = positiveInteger(isRecord(body.produto) ? body.produto.id : undefined);
    const lojaId = positiveInteger(isRecord(body.loja) ? body.loja.id : undefined);
    const problems: { element: string; msg: string }[] = [];
    if (produtoId === null || !produtosOf(company).has(produtoId)) problems.push({ element: 'produto.id', msg: 'Produto não encontrado.' });
    if (lojaId === null) problems.push({ element: 'loja.id', msg: 'A loja deve ser informada.' });
    for (const field of ['preco', 'precoPromocional'] as const) {
      if (body[field] !== undefined && (typeof body[field] !== 'number' || (body[field] as number) < 0))
        problems.push({ element: field, msg: 'Preço inválido.' });
    }
    if (problems.length) throw validationError('Não foi possível salvar o vínculo do produto com a loja', problems);
    const duplicate = [...company.produtosLojas.values()].find((v) => v.produto.id === produtoId && v.loja.id === lojaId && v.id !== id);
    if (duplicate) {
      throw validationError('Não foi possível salvar o vínculo do produto com a loja', [
        { element: 'loja.id', msg: 'O produto já está vinculado a esta loja.' },
      ]);
    }
    // PUT replaces the link as POST creates it: what the body leaves out is back to its default.
    const saved: BlingSandboxProdutoLoja = {
      ...body,
      id: existing?.id ?? company.nextProdutoLojaId++,
      codigo: String(body.codigo),
      preco: (body.preco as number | undefined) ?? 0,
      precoPromocional: (body.precoPromocional as number | undefined) ?? 0,
      produto: { id: produtoId! },
      loja: { id: lojaId! },
    };
    company.produtosLojas.set(saved.id, saved);
    return saved;
  }

  const savedAnswer = (id: number) => ({ data: { id, variations: { saved: [], updated: [], deleted: [] }, warnings: [] } });

  async function route(
    req: IncomingMessage,
    state: AccountState,
    method: string,
    path: string,
    query: URLSearchParams,
  ): Promise<{ status: number; body?: unknown }> {
    const { company } = state;
    const produtos = produtosOf(company);
    const segments = path.split('/').filter(Boolean);
    const id = segments[1] !== undefined && segments[1] !== 'lojas' ? positiveInteger(segments[1]) : null;

    if (segments[0] === 'produtos' && segments[1] === 'lojas') {
      const vinculoId = segments[2] === undefined ? null : positiveInteger(segments[2]);
      if (segments.length === 2 && method === 'GET') {
        const { offset, limit } = page(query);
        const idProduto = query.has('idProduto') ? positiveInteger(query.get('idProduto')) : null;
        const idLoja = query.has('idLoja') ? positiveInteger(query.get('idLoja')) : null;
        const found = [...company.produtosLojas.values()].filter(
          (v) => (idProduto === null || v.produto.id === idProduto) && (idLoja === null || v.loja.id === idLoja),
        );
        return { status: 200, body: { data: found.slice(offset, offset + limit) } };
      }
      if (segments.length === 2 && method === 'POST') {
        const saved = saveProdutoLoja(company, await readJson(req));
        return { status: 201, body: { data: { id: saved.id, categoriasProdutos: [] } } };
      }
      if (segments.length === 3 && vinculoId !== null) {
        if (method === 'GET') {
          const vinculo = company.produtosLojas.get(vinculoId);
          if (!vinculo) throw notFound('Vínculo do produto com a loja');
          return { status: 200, body: { data: vinculo } };
        }
        if (method === 'PUT') {
          const saved = saveProdutoLoja(company, await readJson(req), vinculoId);
          return { status: 200, body: { data: { id: saved.id, categoriasProdutos: [] } } };
        }
        if (method === 'DELETE') {
          if (!company.produtosLojas.delete(vinculoId)) throw notFound('Vínculo do produto com a loja');
          return { status: 204 };
        }
      }
    } else if (segments[0] === 'produtos' && segments.length === 1) {
      if (method === 'GET') {
        const { offset, limit } = page(query);
        // Only the documented filters: an unknown parameter (`codigo`, `codigos`) is ignored, as Bling ignores it.
        const codigos = query.getAll('codigos[]');
        const ids = query.getAll('idsProdutos[]').map(Number);
        // Bling's criterio: 1 latest added (default), 2 active, 3 inactive, 4 deleted, 5 every product.
        const criterio = query.get('criterio') ?? '1';
        const situacoes = { '1': ['A', 'I'], '2': ['A'], '3': ['I'], '4': ['E'], '5': ['A', 'I', 'E'] }[criterio] ?? ['A', 'I'];
        const found = [...produtos.values()]
          .filter((p) => situacoes.includes(p.situacao) && (codigos.length === 0 || codigos.includes(p.codigo)) && (ids.length === 0 || ids.includes(p.id)))
          .sort((a, b) => b.id - a.id);
        return { status: 200, body: { data: found.slice(offset, offset + limit).map(produtoSummary) } };
      }
      if (method === 'POST') {
        const saved = writeProduto(company, await readJson(req));
        return { status: 201, body: savedAnswer(saved.id) };
      }
    } else if (segments[0] === 'produtos' && id !== null) {
      if (segments.length === 2 && method === 'GET') {
        const produto = produtos.get(id);
        if (!produto) throw notFound('Produto');
        return { status: 200, body: { data: produto } };
      }
      if (segments.length === 2 && method === 'PUT') {
        const existing = existingProduto(company, id);
        return { status: 200, body: savedAnswer(writeProduto(company, await readJson(req), existing).id) };
      }
      if (segments.length === 2 && method === 'PATCH') {
        return { status: 200, body: savedAnswer(patchProduto(company, id, await readJson(req)).id) };
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

  /** The sandbox's own controls (BLING_CONTROL_PREFIX): not Bling's API. */
  async function control(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const only = query.get('clientId') ?? undefined;
    if (path === `${BLING_CONTROL_PREFIX}produtos` && method === 'GET') {
      const codigo = query.get('codigo');
      const byClient = Object.fromEntries(
        [...accounts.entries()]
          .filter(([clientId]) => !only || clientId === only)
          .map(([clientId, state]) => [clientId, [...produtosOf(state.company).values()].filter((p) => !codigo || p.codigo === codigo)]),
      );
      return sendJson(res, 200, byClient);
    }
    if (path === `${BLING_CONTROL_PREFIX}produtos` && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as { produto?: Omit<BlingSandboxProduto, 'id'>; clientId?: string };
      if (!isRecord(body.produto)) return sendJson(res, 400, { error: 'produto deve ser um objeto' });
      return sendJson(res, 201, listener.insertProduto(body.produto, body.clientId));
    }
    if (path === `${BLING_CONTROL_PREFIX}settings` && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as { jwtOnly?: unknown };
      if (typeof body.jwtOnly === 'boolean') jwtOnly = body.jwtOnly;
      return sendJson(res, 200, { jwtOnly });
    }
    // The consent page's form (Bling's own web page, not its API).
    if (path === `${BLING_CONTROL_PREFIX}authorize/decision` && method === 'POST') return authorizeDecision(req, res);
    if (path === `${BLING_CONTROL_PREFIX}clock` && method === 'POST') {
      const { advanceMs } = JSON.parse((await readBody(req)) || '{}') as { advanceMs?: unknown };
      if (typeof advanceMs === 'number' && advanceMs > 0) clockOffsetMs += advanceMs;
      return sendJson(res, 200, { offsetMs: clockOffsetMs });
    }
    if (path === `${BLING_CONTROL_PREFIX}usage` && method === 'POST') {
      const { accountId, requestsToday } = JSON.parse((await readBody(req)) || '{}') as { accountId?: unknown; requestsToday?: unknown };
      if (typeof accountId !== 'string' || typeof requestsToday !== 'number') return sendJson(res, 400, { error: 'accountId e requestsToday' });
      setRequestsToday(accountId, requestsToday);
      return sendJson(res, 200, { ok: true });
    }
    if (path === `${BLING_CONTROL_PREFIX}requests` && method === 'GET') {
      const since = Number(query.get('since') ?? 0);
      return sendJson(res, 200, { requests: requests.filter((r) => r.at >= since) });
    }
    sendJson(res, 404, { error: 'controle desconhecido' });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const now = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname.replace(/^\/Api\/v3(?=\/|$)/i, '').replace(/\/+$/, '') || '/';
    if (path.startsWith(BLING_CONTROL_PREFIX)) return control(req, res, path, url.searchParams);
    if (method === 'GET' && path === '/oauth/authorize') return authorizePage(res, url.searchParams);
    let clientId: string | null = null;
    let accountId: string | null = null;
    let status = 500;
    let body: unknown;
    try {
      trimWindow(ipRequests, now, IP_WINDOW_MS);
      trimWindow(ipErrors, now, IP_WINDOW_MS);
      ipRequests.push(now);
      if (ipRequests.length > IP_MAX_REQUESTS || ipErrors.length > IP_MAX_ERRORS) ipBlockedUntil = Math.max(ipBlockedUntil, now + IP_BLOCK_MS);
      if (ipBlockedUntil > now) {
        throw new BlingHttpError(429, 'TOO_MANY_REQUESTS', 'IP bloqueado', 'Requisições ou erros demais em 10 s: IP bloqueado por 10 minutos.');
      }
      if (method === 'POST' && path === '/oauth/token') {
        ({ status, body } = { status: 200, body: await oauthToken(req, now) });
      } else {
        const state = authenticate(req);
        clientId = state.account.clientId;
        accountId = state.company.accountId;
        admit(state.company, now);
        ({ status, body } = await route(req, state, method, path, url.searchParams));
      }
    } catch (error) {
      const failure =
        error instanceof BlingHttpError
          ? error
          : new BlingHttpError(500, 'SERVER_ERROR', 'Erro interno', error instanceof Error ? error.message : String(error));
      status = failure.status;
      body = {
        error: {
          type: failure.type,
          message: failure.message,
          description: failure.description,
          ...(failure.fields ? { fields: failure.fields } : {}),
          ...(failure.limit ?? {}),
        },
      };
    }
    if (status >= 400) ipErrors.push(now);
    requests.push({ at: now, method, path, clientId, accountId, status, enableJwt: req.headers['enable-jwt'] === '1' });
    if (requests.length > REQUEST_LOG_SIZE) requests.splice(0, requests.length - REQUEST_LOG_SIZE);
    // Bling documents no Retry-After: a 429 says which limit in its body.
    if (body === undefined) res.writeHead(status).end();
    else sendJson(res, status, body);
  }

  const listener = Object.assign(
    ((req, res) => {
      handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    }) as RequestListener,
    {
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
        return state ? [...produtosOf(state.company).values()] : [];
      },
      produtosLojas(clientId: string) {
        return [...(accounts.get(clientId)?.company.produtosLojas.values() ?? [])];
      },
      insertProduto(produto: Omit<BlingSandboxProduto, 'id'>, clientId?: string) {
        const ids: Record<string, number> = {};
        const byCompany = new Map<CompanyState, number>();
        for (const [id, state] of accounts) {
          if (clientId && id !== clientId) continue;
          let inserted = byCompany.get(state.company);
          if (inserted === undefined) {
            inserted = insert(state.company, structuredClone(produto));
            byCompany.set(state.company, inserted);
          }
          ids[id] = inserted;
        }
        return ids;
      },
      setJwtOnly(value: boolean) {
        jwtOnly = value;
      },
    },
  );
  return listener;
}
