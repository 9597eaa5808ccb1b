import { setTimeout as sleep } from 'node:timers/promises';
import pRetry, { AbortError } from 'p-retry';
import type { z } from 'zod';
import { backoffDelay, UPSTREAM_DEFAULTS } from './backoff.js';
import { failureOfStatus, seconds, UpstreamError } from './errors.js';
import * as logs from './logs.js';
import { retryAtFromHeaders } from './rate-limit.js';
import { maskedExcerpt, redactUrl } from './request.js';
import { fetchOnce, NoAnswerError } from './transport.js';

/**
 * One way to call any upstream (Bling, the manufacturer's web service and stock system, Franke,
 * Doka, the store sites, Bunny Stream, Google's userinfo): a timeout per attempt, retries of
 * transient failures (p-retry) with exponential backoff and full jitter (a 429 waits Retry-After or
 * X-RateLimit-Reset), the JSON body parsed by a zod schema, and every failure turned into an
 * UpstreamError whose Portuguese message names the upstream. Nothing here logs headers, bodies or
 * query strings: they may carry credentials.
 */

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
   * its pacer holds the account and the wait is 0). Without it, Retry-After / X-RateLimit-Reset or
   * backoff.
   */
  onRateLimit?: (body: string) => Promise<number>;
}

/** The per-call knobs a client passes through to fetchUpstream (tests shorten them). */
export type UpstreamCallOptions = Pick<UpstreamInit, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxDelayMs' | 'signal'>;

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

function zodReason(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` no campo ${issue.path.join('.')}` : '';
  return `resposta inválida (formato inesperado${where})`;
}

/** A failed attempt that may be tried again, with the wait the vendor asked for (null: backoff). */
class Transient extends Error {
  constructor(
    readonly failure: UpstreamError,
    readonly waitMs: number | null,
  ) {
    super(failure.message);
  }
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
    timeoutMs = UPSTREAM_DEFAULTS.timeoutMs,
    retries = UPSTREAM_DEFAULTS.retries,
    schema,
    responseType = 'json',
    backoffMs = UPSTREAM_DEFAULTS.backoffMs,
    maxDelayMs = UPSTREAM_DEFAULTS.maxDelayMs,
    signal: callerSignal,
    beforeAttempt,
    onRateLimit,
    idempotent,
    ...requestInit
  } = init;
  const method = (requestInit.method ?? 'GET').toUpperCase();
  const repeatable = idempotent ?? !['POST', 'PATCH'].includes(method);
  const where = redactUrl(url);
  const cancelled = (attempts: number, status?: number) => new UpstreamError(upstream, 'timeout', 'requisição cancelada', status, attempts);
  let timedOut = 0;

  /** One attempt: the answer, or Transient (may be tried again), or AbortError (final). */
  async function attempt(attemptNumber: number): Promise<unknown> {
    await beforeAttempt?.();
    const canRetry = attemptNumber <= retries;
    let answer;
    try {
      answer = await fetchOnce(url, { ...requestInit, method }, { timeoutMs, signal: callerSignal });
    } catch (error) {
      if (!(error instanceof NoAnswerError)) throw new AbortError(error as Error);
      if (error.kind === 'cancelled') throw new AbortError(cancelled(attemptNumber));
      const failure =
        error.kind === 'timeout'
          ? new UpstreamError(upstream, 'timeout', `tempo esgotado após ${seconds(timeoutMs)}`, undefined, attemptNumber)
          : new UpstreamError(upstream, 'network', `falha de conexão (${error.code})`, undefined, attemptNumber);
      // A hanging upstream tends to hang again: one more try, not `retries` more timeouts in a row.
      if (error.kind === 'timeout') timedOut += 1;
      if (!repeatable || !canRetry || timedOut > 1) throw new AbortError(failure);
      throw new Transient(failure, null);
    }
    const { status, headers, text } = answer;
    if (status >= 200 && status < 300) {
      if (responseType === 'text') return text;
      let json: unknown;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch {
        // A truncated/invalid body is not transient enough to repeat: the same call gives the same page.
        throw new AbortError(new UpstreamError(upstream, 'malformed', 'resposta inválida (JSON malformado)', status, attemptNumber));
      }
      if (!schema) return json;
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new AbortError(new UpstreamError(upstream, 'invalid', zodReason(parsed.error), status, attemptNumber));
      return parsed.data;
    }
    const { kind, reason } = failureOfStatus(status);
    const retryAtMs = status === 429 ? retryAtFromHeaders(headers) : undefined;
    const failure = new UpstreamError(upstream, kind, reason, status, attemptNumber, maskedExcerpt(text), retryAtMs);
    const transient = status === 429 || (status >= 500 && repeatable);
    let waitMs: number | null = null;
    // What onRateLimit throws (a deferral) ends the call as it is.
    if (status === 429 && onRateLimit) waitMs = await onRateLimit(text).catch((error: unknown) => Promise.reject(new AbortError(error as Error)));
    if (!transient || !canRetry) throw new AbortError(failure);
    if (status === 429 && !onRateLimit && retryAtMs !== undefined) {
      waitMs = Math.max(0, retryAtMs - Date.now());
      if (waitMs > maxDelayMs) throw new AbortError(failure);
    }
    throw new Transient(failure, waitMs);
  }

  try {
    return await pRetry(attempt, {
      retries,
      // The waits are ours (the vendor's, or full jitter), in onFailedAttempt: p-retry's own are none.
      minTimeout: 0,
      maxTimeout: 0,
      onFailedAttempt: async (error) => {
        if (!(error instanceof Transient)) throw error;
        const { failure, waitMs } = error;
        const delay = waitMs ?? backoffDelay(error.attemptNumber - 1, backoffMs, maxDelayMs);
        logs.upstreamRetry(upstream, method, where, error.attemptNumber, failure.reason, delay);
        await sleep(delay, undefined, callerSignal ? { signal: callerSignal } : undefined).catch(() => {
          throw cancelled(error.attemptNumber, failure.upstreamStatus);
        });
      },
    });
  } catch (error) {
    throw error instanceof Transient ? error.failure : error;
  }
}
