import http from 'node:http';
import https from 'node:https';
import Bottleneck from 'bottleneck';
import pRetry from 'p-retry';

/**
 * How one call to a messaging provider ended, decided from what the provider did — its HTTP status
 * first, then whether the request ever left — never from the shape of an error body:
 *
 * - accepted: 2xx;
 * - refused: a 4xx other than 429 (the provider read the request and said no: never retried as is);
 * - not-taken: 5xx (with or without the provider's error body: a proxy answers without one), 429,
 *   or the connection refused/reset before the whole request was written — the provider did not
 *   take it, so it is retried with backoff;
 * - unknown: no answer after the whole request was written (timeout, reset, accept-then-drop): it
 *   may have been sent. Never retried blindly and never counted as sent; the channel reconciles it
 *   with the provider first.
 */
export type ProviderAnswer<T> =
  | { kind: 'accepted'; status: number; value: T }
  | { kind: 'refused'; status: number; body: unknown; reason: string }
  | { kind: 'not-taken'; status: number | null; body: unknown; reason: string; retryAtMs?: number }
  | { kind: 'unknown'; reason: string };

/** Retry-After (seconds or an HTTP date) or X-RateLimit-Reset (epoch seconds) as a time in ms. */
export function retryAtFromHeaders(headers: Record<string, unknown>, now = Date.now()): number | undefined {
  const retryAfter = headers['retry-after'];
  if (typeof retryAfter === 'string' && retryAfter.trim()) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return now + Math.max(0, seconds) * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(now, date);
  }
  const reset = Number(headers['x-ratelimit-reset']);
  if (Number.isFinite(reset) && reset > 0) return Math.max(now, reset * 1000);
  return undefined;
}

/** The answer an HTTP status (and its headers) means, once a response arrived. */
export function answerFromStatus<T>(
  status: number,
  headers: Record<string, unknown>,
  body: unknown,
  accepted: () => T,
  reason: (status: number, body: unknown) => string,
  now = Date.now(),
): ProviderAnswer<T> {
  if (status >= 200 && status < 300) return { kind: 'accepted', status, value: accepted() };
  // Without a reset time a 429 still holds the account a second.
  if (status === 429) return { kind: 'not-taken', status, body, reason: reason(status, body), retryAtMs: retryAtFromHeaders(headers, now) ?? now + 1000 };
  if (status >= 500 || status === 408) return { kind: 'not-taken', status, body, reason: reason(status, body) };
  return { kind: 'refused', status, body, reason: reason(status, body) };
}

export interface JsonPost {
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
}

/** An error of the transport: whether the request had been completely written when it happened. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly written: boolean,
    readonly timeout: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/**
 * POSTs JSON with node:http(s), telling a failure before the request was written (refused, reset
 * while writing: the provider cannot have acted on it) from one after (timeout, reset while
 * waiting for the answer: it may have). fetch does not say which.
 */
export function postJson(url: string, body: unknown, { headers = {}, timeoutMs }: { headers?: Record<string, string>; timeoutMs: number }): Promise<JsonPost> {
  const payload = Buffer.from(JSON.stringify(body));
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let written = false;
    let settled = false;
    const fail = (error: Error, timeout = false) => {
      if (settled) return;
      settled = true;
      reject(new TransportError(error.message, written, timeout));
    };
    const req = transport.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => fail(e));
        res.on('aborted', () => fail(new Error('resposta interrompida')));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, unknown>, body: parsed });
        });
      },
    );
    req.on('finish', () => {
      written = true;
    });
    req.setTimeout(timeoutMs, () => {
      fail(new Error(`sem resposta em ${Math.round(timeoutMs / 1000)} s`), true);
      req.destroy();
    });
    req.on('error', (e) => fail(e));
    req.end(payload);
  });
}

/** Operator's words for a transport failure. */
export function transportReason(provider: string, error: TransportError): string {
  if (error.timeout) return `${provider}: sem resposta depois do envio (tempo esgotado)`;
  return error.written ? `${provider}: conexão interrompida depois do envio` : `${provider}: conexão recusada ou interrompida antes do envio`;
}

export interface PacerLimits {
  /** Calls started per second at most. */
  perSecond: number;
  /** Calls in flight at once at most. */
  concurrent: number;
}

/**
 * One provider account's pace in this process (a SendGrid API key, a WhatsApp phone number):
 * bottleneck spaces the calls; a 429's Retry-After or rate-limit reset holds every call of the
 * account that has not left yet, not only the one refused.
 */
export class ProviderPacer {
  private readonly limiter: Bottleneck;
  private heldUntil = 0;

  constructor(readonly limits: PacerLimits) {
    this.limiter = new Bottleneck({
      maxConcurrent: Math.max(1, limits.concurrent),
      minTime: Math.max(0, Math.floor(1000 / Math.max(0.001, limits.perSecond))),
    });
  }

  /** Holds every call not yet sent until `untilMs`. */
  hold(untilMs: number): void {
    this.heldUntil = Math.max(this.heldUntil, untilMs);
  }

  get holdUntil(): number {
    return this.heldUntil;
  }

  schedule<T>(call: () => Promise<T>): Promise<T> {
    return this.limiter.schedule(async () => {
      // Checked again after each wait: another call may have been refused meanwhile.
      for (let wait = this.heldUntil - Date.now(); wait > 0; wait = this.heldUntil - Date.now()) await new Promise((r) => setTimeout(r, wait));
      return call();
    });
  }
}

const pacers = new Map<string, ProviderPacer>();
/** The shared pacer of one account (by key), created with its limits on first use. */
export function accountPacer(key: string, limits: PacerLimits): ProviderPacer {
  const id = `${key}|${limits.perSecond}|${limits.concurrent}`;
  let pacer = pacers.get(id);
  if (!pacer) pacers.set(id, (pacer = new ProviderPacer(limits)));
  return pacer;
}

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = { retries: 4, minTimeoutMs: 500, maxTimeoutMs: 8000 };

class NotTaken extends Error {
  constructor(readonly answer: ProviderAnswer<never> & { kind: 'not-taken' }) {
    super(answer.reason);
  }
}

/**
 * One provider call through the account's pacer, retried with backoff (p-retry) while the provider
 * did not take it; a 429 holds the whole account until its reset. Answers the last answer.
 */
export async function callProvider<T>(
  pacer: ProviderPacer,
  call: () => Promise<ProviderAnswer<T>>,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<ProviderAnswer<T>> {
  try {
    return await pRetry(
      async () => {
        const answer = await pacer.schedule(call);
        if (answer.kind !== 'not-taken') return answer;
        if (answer.retryAtMs) pacer.hold(answer.retryAtMs);
        throw new NotTaken(answer as ProviderAnswer<never> & { kind: 'not-taken' });
      },
      {
        retries: policy.retries,
        minTimeout: policy.minTimeoutMs,
        maxTimeout: policy.maxTimeoutMs,
        factor: 2,
        randomize: true,
        shouldRetry: (e) => e instanceof NotTaken,
      },
    );
  } catch (error) {
    if (error instanceof NotTaken) return error.answer;
    throw error;
  }
}
