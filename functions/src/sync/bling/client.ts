import type { z } from 'zod';
import { UpstreamError, fetchUpstream, type UpstreamInit } from '../../lib/vendor-http.js';
import { type BlingAccountPacer, type BlingLimits, type BlingPaceStores, blingPacer } from './pacing.js';
import {
  type BlingProduto,
  type BlingProdutoLoja,
  type BlingProdutoResumo,
  errorAnswerSchema,
  fullProdutoAnswerSchema,
  listSchema,
  produtoLojaSchema,
  produtoResumoSchema,
  savedSchema,
} from './schemas.js';
import { BlingTokens, type BlingAccountCredentials, type BlingTokenStore } from './token.js';

/**
 * Bling ERP API v3 for one account: produtos and produtos/lojas, each answer checked by a zod
 * schema of Bling's shape. Every attempt is paced per account (pacing.ts), a 401 renews the token
 * once (token.ts), transient failures are retried by fetchUpstream, and every failure surfaces as
 * an UpstreamError('Bling') whose reason says, in Portuguese, what was being done.
 */

/** Every call opts into Bling's JWT access tokens (developer pages, /migracao-jwt): opaque ones are deprecated. */
export const BLING_JWT_HEADERS = { 'enable-jwt': '1' } as const;

/**
 * The fields of a produto the console owns (functions/src/sync/README.md, 'Bling'): what PATCH
 * /produtos/{idProduto} sends to a produto that exists. Everything else — formato and variations,
 * kit structure, category, tax data, stock bounds, complementary description, media, unit — is the
 * ERP's and is never sent on an update.
 */
export interface BlingProdutoPatch {
  nome?: string;
  preco?: number;
  gtin?: string;
  marca?: string;
  descricaoCurta?: string;
  pesoLiquido?: number;
  pesoBruto?: number;
  dimensoes?: { largura?: number; altura?: number; profundidade?: number; unidadeMedida: 0 | 1 | 2 };
}

/** The body of POST /produtos (ProdutosDadosDTO: nome, tipo, situacao and formato required). */
export interface BlingProdutoCreate extends BlingProdutoPatch {
  codigo: string;
  nome: string;
  tipo: 'P' | 'S' | 'N';
  situacao: 'A' | 'I';
  formato: 'S';
  tributacao?: { ncm?: string };
  /** ProdutosMidiaDTO requires both `imagens` and `video`. */
  midia?: { video: { url: string }; imagens: { imagensURL: { link: string }[] } };
}

/** What the console sends for a product: the whole body for a creation, the owned fields for an update. */
export interface BlingProdutoInput {
  create: BlingProdutoCreate;
  update: BlingProdutoPatch;
}

/** What a marketplace listing (produtos/lojas) carries. */
export interface BlingListingInput {
  /** The loja's id in Bling (MARKETPLACE_STORE_IDS). */
  idLoja: number | string;
  preco: number;
  precoPromocional?: number;
  /** The code the loja knows the product by; default: the produto's codigo. */
  codigo?: string;
}

export interface BlingClientOptions {
  /** BLING_API_URL, without a trailing slash. */
  baseUrl: string;
  tokens: BlingTokenStore;
  /** Per attempt. Default 15 000 ms. */
  timeoutMs?: number;
  /** fetchUpstream's retry knobs; tests shorten them. */
  retries?: number;
  backoffMs?: number;
  maxDelayMs?: number;
  /** Pacer limits; default Bling's (3/s, 120 000/day). */
  limits?: BlingLimits;
  /** Where the account's slots and daily budget are kept: Firestore in the functions (shared by every instance); default this process's memory. */
  paceStores?: BlingPaceStores;
}

type Query = Record<string, string | number | undefined>;

/** Bling's error answer, `{error: {type, message, description, fields: [{msg}]}}`, as one Portuguese line. */
export function blingErrorText(detail: string | undefined): string {
  if (!detail) return '';
  let error: { message?: unknown; description?: unknown; fields?: unknown } | undefined;
  try {
    error = errorAnswerSchema.parse(JSON.parse(detail)).error;
  } catch {
    // The excerpt may be cut: take what can be read.
    const read = (name: string) => new RegExp(`"${name}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(detail)?.[1];
    error = { message: read('message'), description: read('description') };
  }
  if (!error) return '';
  const fields = Array.isArray(error.fields) ? error.fields.map((field: { msg?: unknown }) => field?.msg).filter((msg) => typeof msg === 'string') : [];
  const parts = [error.message, ...(fields.length ? fields : [error.description])].filter((part): part is string => typeof part === 'string' && part !== '');
  return [...new Set(parts)].join(' — ');
}

/** The failure of one Bling operation: same kind and status, with what was being done and Bling's own words. */
export function blingFailure(action: string, error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const said = blingErrorText(error.detail);
  return new UpstreamError('Bling', error.kind, `${action}: ${error.reason}${said ? ` — ${said}` : ''}`, error.upstreamStatus, error.attempts, error.detail);
}

export class BlingClient {
  private readonly tokens: BlingTokens;
  private pacer: BlingAccountPacer | undefined;

  constructor(private readonly options: BlingClientOptions) {
    this.tokens = new BlingTokens(options.tokens, {
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      pace: (credentials) => this.pacerOf(credentials).take(),
    });
  }

  /** The account's description, for messages and the warehouse's account column. */
  async accountDescription(): Promise<string> {
    return (await this.tokens.credentials()).description;
  }

  /** The produto whose codigo (SKU) is `codigo`, with every field; null when the account has none. */
  async findProdutoByCodigo(codigo: string): Promise<BlingProduto | null> {
    const summary = await this.findProdutoSummary(codigo);
    return summary ? this.getProduto(summary.id) : null;
  }

  /** The full record (ProdutosDadosDTO): cost at fornecedor.precoCusto, variations, category, tax data. */
  async getProduto(id: number): Promise<BlingProduto> {
    const answer = await this.call(`falha ao ler o produto ${id}`, 'GET', `/produtos/${id}`, { schema: fullProdutoAnswerSchema });
    return answer.data;
  }

  /**
   * Creates the produto, or updates the one that already has its codigo: calling it twice leaves
   * one produto. A create refused because the codigo appeared meanwhile becomes an update.
   */
  async saveProduto(input: BlingProdutoInput): Promise<{ id: number; created: boolean }> {
    const { codigo } = input.create;
    const existing = await this.findProdutoSummary(codigo);
    if (existing) return { id: await this.updateProduto(existing.id, codigo, input.update), created: false };
    try {
      const answer = await this.call(`falha ao criar o produto ${codigo}`, 'POST', '/produtos', { body: input.create, schema: savedSchema });
      return { id: answer.data.id, created: true };
    } catch (error) {
      const raced = error instanceof UpstreamError && error.kind === 'rejected' ? await this.findProdutoSummary(codigo) : null;
      if (!raced) throw error;
      return { id: await this.updateProduto(raced.id, codigo, input.update), created: false };
    }
  }

  /** Sets the produto's situacao ('A' ativo, 'I' inativo): the flag of /api/bling/produto/update-flag. */
  async setSituacao(codigo: string, situacao: 'A' | 'I'): Promise<{ id: number }> {
    const produto = await this.requireProduto(codigo, `falha ao alterar a situação do produto ${codigo}`);
    if (produto.situacao !== situacao) {
      await this.call(`falha ao alterar a situação do produto ${codigo}`, 'PATCH', `/produtos/${produto.id}/situacoes`, {
        body: { situacao },
        // Setting a value twice is harmless: safe to repeat after a 5xx.
        idempotent: true,
      });
    }
    return { id: produto.id };
  }

  /** Links (or relinks with new prices) the produto to a loja: a marketplace listing. Idempotent. */
  async publishToStore(codigo: string, listing: BlingListingInput): Promise<{ id: number; created: boolean }> {
    const action = `falha ao publicar o produto ${codigo} na loja ${listing.idLoja}`;
    const produto = await this.requireProduto(codigo, action);
    const idLoja = Number(listing.idLoja);
    const body = {
      codigo: listing.codigo ?? produto.codigo,
      preco: listing.preco,
      ...(listing.precoPromocional !== undefined ? { precoPromocional: listing.precoPromocional } : {}),
      produto: { id: produto.id },
      loja: { id: idLoja },
    };
    const update = async (id: number) => {
      await this.call(action, 'PUT', `/produtos/lojas/${id}`, { body, schema: savedSchema });
      return { id, created: false };
    };
    const [existing] = await this.listProdutosLojas(produto.id, idLoja);
    if (existing) return update(existing.id);
    try {
      const answer = await this.call(action, 'POST', '/produtos/lojas', { body, schema: savedSchema });
      return { id: answer.data.id, created: true };
    } catch (error) {
      const [raced] = error instanceof UpstreamError && error.kind === 'rejected' ? await this.listProdutosLojas(produto.id, idLoja) : [];
      if (!raced) throw error;
      return update(raced.id);
    }
  }

  /** Unlinks the produto from a loja. Idempotent: nothing to remove is not an error. */
  async removeFromStore(codigo: string, idLoja: number | string): Promise<{ removed: number }> {
    const produto = await this.findProdutoSummary(codigo);
    if (!produto) return { removed: 0 };
    let removed = 0;
    for (const link of await this.listProdutosLojas(produto.id, Number(idLoja))) {
      try {
        await this.call(`falha ao remover o produto ${codigo} da loja ${idLoja}`, 'DELETE', `/produtos/lojas/${link.id}`, {});
        removed += 1;
      } catch (error) {
        // Already gone (a retry after a lost answer, or another operator): the goal is met.
        if (!(error instanceof UpstreamError && error.kind === 'not-found')) throw error;
      }
    }
    return { removed };
  }

  /** The produto's links to lojas (all, or to one loja). */
  async listProdutosLojas(idProduto: number, idLoja?: number): Promise<BlingProdutoLoja[]> {
    const links: BlingProdutoLoja[] = [];
    for (let pagina = 1; ; pagina++) {
      const answer = await this.call(`falha ao listar as lojas do produto ${idProduto}`, 'GET', '/produtos/lojas', {
        query: { idProduto, idLoja, pagina, limite: 100 },
        schema: listSchema(produtoLojaSchema),
      });
      links.push(...answer.data);
      if (answer.data.length < 100) return links;
    }
  }

  private async findProdutoSummary(codigo: string): Promise<BlingProdutoResumo | null> {
    // `codigos[]` is the documented lookup (an unknown `codigo` would be ignored and list the
    // latest 100 produtos); criterio 5 (every product): an inactive produto still owns its codigo.
    const answer = await this.call(`falha ao buscar o produto ${codigo}`, 'GET', '/produtos', {
      query: { 'codigos[]': codigo, criterio: 5, pagina: 1, limite: 100 },
      schema: listSchema(produtoResumoSchema),
    });
    const matches = answer.data.filter((produto) => produto.codigo === codigo);
    return matches.find((produto) => produto.situacao !== 'E') ?? null;
  }

  private async requireProduto(codigo: string, action: string): Promise<BlingProdutoResumo> {
    const produto = await this.findProdutoSummary(codigo);
    if (!produto) throw new UpstreamError('Bling', 'not-found', `${action}: produto não cadastrado no Bling`);
    return produto;
  }

  /**
   * PATCH, never PUT: Bling's PUT replaces the whole produto, so every field it does not carry
   * (variations, kit, category, tax data…) would be reset. Only the console's fields are sent.
   */
  private async updateProduto(id: number, codigo: string, fields: BlingProdutoPatch): Promise<number> {
    if (Object.keys(fields).length === 0) return id;
    await this.call(`falha ao atualizar o produto ${codigo}`, 'PATCH', `/produtos/${id}`, { body: fields, schema: savedSchema, idempotent: true });
    return id;
  }

  private async call<S extends z.ZodType | undefined = undefined>(
    action: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    request: { query?: Query; body?: unknown; schema?: S; idempotent?: boolean },
  ): Promise<S extends z.ZodType ? z.output<S> : unknown> {
    const url = new URL(`${this.options.baseUrl}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    try {
      let accessToken = await this.tokens.accessToken();
      const pacer = await this.accountPacer();
      for (let renewed = false; ; renewed = true) {
        const init: UpstreamInit<S> = {
          method,
          headers: {
            Authorization: `Bearer ${accessToken}`,
            Accept: 'application/json',
            ...BLING_JWT_HEADERS,
            ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          schema: request.schema,
          idempotent: request.idempotent,
          timeoutMs: this.options.timeoutMs ?? 15_000,
          retries: this.options.retries,
          backoffMs: this.options.backoffMs,
          maxDelayMs: this.options.maxDelayMs,
          beforeAttempt: () => pacer.take(),
          // A 429 says its period: a day's is deferred (thrown), a second's holds the account's slots.
          onRateLimit: async (body) => {
            await pacer.rateLimited(body);
            return 0;
          },
        };
        try {
          return (await fetchUpstream('Bling', url, init)) as S extends z.ZodType ? z.output<S> : unknown;
        } catch (error) {
          if (renewed || !(error instanceof UpstreamError && error.upstreamStatus === 401)) throw error;
          accessToken = await this.tokens.renew(accessToken);
        }
      }
    } catch (error) {
      throw blingFailure(action, error);
    }
  }

  private async accountPacer(): Promise<BlingAccountPacer> {
    return this.pacerOf(await this.tokens.credentials());
  }

  private pacerOf(credentials: BlingAccountCredentials): BlingAccountPacer {
    this.pacer ??= blingPacer(credentials.accountKey, credentials.description, this.options.paceStores, this.options.limits);
    return this.pacer;
  }
}
