import { setTimeout as sleep } from 'node:timers/promises';
import { maskCredentials } from '../lib/logs.js';
import * as logs from './logs.js';
import type { z } from 'zod';
import { ApiError } from '../lib/api-error.js';

/**
 * One way to call any upstream (Bling, the manufacturer's web service and stock system, Franke,
 * Doka, the store sites): a timeout per attempt, retries of transient failures with exponential
 * backoff and full jitter (429 waits Retry-After), the JSON body parsed by a zod schema, and every
 * failure turned into an UpstreamError whose Portuguese message names the upstream. Nothing here
 * logs headers, bodies or query strings: they may carry credentials.
 */

export type UpstreamErrorKind =
  | 'timeout' // no answer within timeoutMs
  | 'network' // connection refused/reset, DNS…
  | 'rate-limit' // 429 after every attempt
  | 'server' // 5xx after every attempt
  | 'auth' // 401/403: credentials refused
  | 'not-found' // 404
  | 'rejected' // other 4xx
  | 'malformed' // body is not JSON
  | 'invalid'; // JSON of an unexpected shape

/**
 * An upstream failure. It is an ApiError, so the router answers `{ error: message }` with `status`:
 * 504 for a timeout, 404 when the upstream does not know the resource, 502 otherwise.
 */
export class UpstreamError extends ApiError {
  constructor(
    /** Display name of the upstream, e.g. 'Tramontina webservice', 'Bling'. */
    readonly upstream: string,
    readonly kind: UpstreamErrorKind,
    /** Portuguese reason, without the upstream name. */
    readonly reason: string,
    /** HTTP status the upstream answered, when it answered. */
    readonly upstreamStatus?: number,
    /** Attempts made (1 + retries used). */
    readonly attempts = 1,
    /** A short, credential-masked excerpt of the upstream's answer, for 4xx diagnostics. */
    readonly detail?: string,
  ) {
    super(kind === 'timeout' ? 504 : kind === 'not-found' ? 404 : 502, `${upstream}: ${reason}`);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamInit<S extends z.ZodType | undefined = undefined> extends Omit<RequestInit, 'signal'> {
  /** Per attempt, body read included. Default 10 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt for transient failures. Default 2 (3 attempts). */
  retries?: number;
  /** Zod schema of the JSON answer; the result is its output. */
  schema?: S;
  /** 'json' (default) parses the body; 'text' returns it as a string (stock files, HTML pages). */
  responseType?: 'json' | 'text';
  /**
   * Whether a failed request may be repeated. Default: true except for POST/PATCH. A request that
   * is not idempotent is retried only on 429 (the upstream refused it before doing anything).
   */
  idempotent?: boolean;
  /** First backoff step; each retry doubles it (full jitter: a random wait in [0, step]). Default 300 ms. */
  backoffMs?: number;
  /** Ceiling of one wait, Retry-After included: a longer Retry-After fails at once. Default 30 000 ms. */
  maxDelayMs?: number;
  /** Caller's cancellation (e.g. the request's deadline). */
  signal?: AbortSignal;
  /** Awaited before every attempt, retries included: a per-account pacer (Bling) goes here. */
  beforeAttempt?: () => Promise<void>;
  /**
   * Told of every 429 with its body, before the retry: it may throw (a daily limit: not retried),
   * or answer the wait before the next attempt in ms (Bling's per-second 429 has no Retry-After:
   * its pacer holds the account and the wait is 0). Without it, Retry-After or backoff.
   */
  onRateLimit?: (body: string) => Promise<number>;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

const DEFAULT_TIMEOUT_MS = 10_000;

/** Seconds as the messages show them: 10 s, 0,5 s. */
function seconds(ms: number): string {
  return `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
}

/** Retry-After is either seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Full jitter: a uniform wait in [0, min(max, base·2^attempt)]. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  return Math.round(random() * Math.min(maxMs, baseMs * 2 ** attempt));
}

/** Origin and path only: query strings may carry tokens or signed download URLs. */
export function redactUrl(url: string | URL): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(URL inválida)';
  }
}

function statusReason(status: number): { kind: UpstreamErrorKind; reason: string } {
  if (status === 429) return { kind: 'rate-limit', reason: 'limite de requisições excedido (HTTP 429)' };
  if (status >= 500) return { kind: 'server', reason: `erro no servidor (HTTP ${status})` };
  if (status === 401 || status === 403) return { kind: 'auth', reason: `credenciais recusadas (HTTP ${status})` };
  if (status === 404) return { kind: 'not-found', reason: 'não encontrado (HTTP 404)' };
  return { kind: 'rejected', reason: `requisição recusada (HTTP ${status})` };
}

function zodReason(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` no campo ${issue.path.join('.')}` : '';
  return `resposta inválida (formato inesperado${where})`;
}

function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.name : 'erro desconhecido');
}

/**
 * Calls an upstream and returns its answer: the schema's output, the parsed JSON (no schema), or the
 * text (responseType 'text'). Throws UpstreamError for every failure, after the retries.
 */
export async function fetchUpstream<S extends z.ZodType | undefined = undefined>(
  upstream: string,
  url: string | URL,
  init: UpstreamInit<S> & { responseType: 'text' },
): Promise<string>;
export async function fetchUpstream<S extends z.ZodType | undefined = undefined>(
  upstream: string,
  url: string | URL,
  init?: UpstreamInit<S>,
): Promise<Result<S>>;
export async function fetchUpstream<S extends z.ZodType | undefined = undefined>(
  upstream: string,
  url: string | URL,
  init: UpstreamInit<S> = {},
): Promise<unknown> {
  const {
    timeoutMs = DEFAULT_TIMEOUT_MS,
    retries = 2,
    schema,
    responseType = 'json',
    backoffMs = 300,
    maxDelayMs = 30_000,
    signal: callerSignal,
    beforeAttempt,
    onRateLimit,
    idempotent,
    ...requestInit
  } = init;
  const method = (requestInit.method ?? 'GET').toUpperCase();
  const repeatable = idempotent ?? !['POST', 'PATCH'].includes(method);
  const where = redactUrl(url);

  let timedOut = 0;
  for (let attempt = 0; ; attempt++) {
    await beforeAttempt?.();
    const attempts = attempt + 1;
    const canRetry = attempt < retries;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    let failure: UpstreamError;
    let waitMs: number | null = null;

    try {
      const response = await fetch(url, { ...requestInit, method, signal });
      if (response.ok) {
        const text = await response.text();
        if (responseType === 'text') return text;
        let json: unknown;
        try {
          json = text === '' ? null : JSON.parse(text);
        } catch {
          // A truncated/invalid body is not transient enough to repeat: the same call gives the same page.
          throw new UpstreamError(upstream, 'malformed', 'resposta inválida (JSON malformado)', response.status, attempts);
        }
        if (!schema) return json;
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw new UpstreamError(upstream, 'invalid', zodReason(parsed.error), response.status, attempts);
        return parsed.data;
      }
      const body = await response.text().catch(() => '');
      const { kind, reason } = statusReason(response.status);
      failure = new UpstreamError(upstream, kind, reason, response.status, attempts, maskCredentials(body.slice(0, 300)) || undefined);
      const transient = response.status === 429 || (response.status >= 500 && repeatable);
      if (response.status === 429 && onRateLimit) waitMs = await onRateLimit(body);
      if (!transient || !canRetry) throw failure;
      if (response.status === 429 && !onRateLimit) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        if (retryAfter !== null && retryAfter > maxDelayMs) throw failure;
        waitMs = retryAfter;
      }
    } catch (error) {
      // UpstreamError, or what onRateLimit threw (a deferral).
      if (error instanceof ApiError) throw error;
      if (callerSignal?.aborted) throw new UpstreamError(upstream, 'timeout', 'requisição cancelada', undefined, attempts);
      failure = timeout.aborted
        ? new UpstreamError(upstream, 'timeout', `tempo esgotado após ${seconds(timeoutMs)}`, undefined, attempts)
        : new UpstreamError(upstream, 'network', `falha de conexão (${networkCode(error)})`, undefined, attempts);
      // A hanging upstream tends to hang again: one more try, not `retries` more timeouts in a row.
      if (timeout.aborted) timedOut += 1;
      if (!repeatable || !canRetry || timedOut > 1) throw failure;
    }

    const delay = waitMs ?? backoffDelay(attempt, backoffMs, maxDelayMs);
    logs.upstreamRetry(upstream, method, where, attempts, failure.reason, delay);
    await sleep(delay, undefined, callerSignal ? { signal: callerSignal } : undefined).catch(() => {
      throw new UpstreamError(upstream, 'timeout', 'requisição cancelada', failure.upstreamStatus, attempts);
    });
  }
}

/** HTTP Basic authorization header value. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** The per-call knobs a client passes through to fetchUpstream (tests shorten them). */
export type UpstreamCallOptions = Pick<UpstreamInit, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxDelayMs' | 'signal'>;

/** base + path (+ query), keeping a path the base may have (e.g. https://host/Api/v3). */
export function joinUrl(base: string, path: string, query?: Record<string, string | number | undefined>): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}
