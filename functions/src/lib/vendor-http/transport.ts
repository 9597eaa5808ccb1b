import http from 'node:http';
import https from 'node:https';

/**
 * One HTTP exchange with a vendor, and what became of it when no answer came back. Two transports:
 * - fetchOnce (fetch): reads; its failure is a timeout, a cancellation or a network error;
 * - postJson (node:http): sends that have no idempotency key (a WhatsApp message), where what to do
 *   next depends on whether the request had been completely written when it failed.
 */

/** The vendor's answer, its body read as text. */
export interface VendorAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** No answer: the timeout of the attempt, the caller's cancellation, or the network. */
export class NoAnswerError extends Error {
  constructor(
    readonly kind: 'timeout' | 'cancelled' | 'network',
    /** The network's code (ECONNREFUSED…), for the network kind. */
    readonly code: string,
  ) {
    super(`${kind} (${code})`);
    this.name = 'NoAnswerError';
  }
}

function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.name : 'erro desconhecido');
}

/**
 * One request through fetch, the body read within the same timeout. An error answer whose body
 * cannot be read answers an empty text (its status says enough); a success whose body cannot be
 * read is no answer.
 */
export async function fetchOnce(
  url: string | URL,
  init: Omit<RequestInit, 'signal'>,
  { timeoutMs, signal: callerSignal, fetch: fetchImpl = fetch }: { timeoutMs: number; signal?: AbortSignal; fetch?: typeof fetch },
): Promise<VendorAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  try {
    const response = await fetchImpl(url, { ...init, signal });
    const text = response.ok ? await response.text() : await response.text().catch(() => '');
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (callerSignal?.aborted) throw new NoAnswerError('cancelled', 'AbortError');
    if (timeout.aborted) throw new NoAnswerError('timeout', 'TimeoutError');
    throw new NoAnswerError('network', networkCode(error));
  }
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
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
        // A connection of its own (no keep-alive): a request written on a pooled connection the
        // server was closing fails after it was written, and must be reconciled as unknown (two
        // bench runs with keep-alive at load 11–20 spent 75–88 s reconciling; none without).
        agent: false,
      },
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
