import { ApiError } from '../api-error.js';

/** What the vendor did, for a call that did not give us its answer. */
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
    /** A 429's Retry-After or X-RateLimit-Reset, as a time (ms): when the vendor said to come back. */
    readonly retryAtMs?: number,
  ) {
    super(kind === 'timeout' ? 504 : kind === 'not-found' ? 404 : 502, `${upstream}: ${reason}`);
    this.name = 'UpstreamError';
  }
}

/** The kind of failure an HTTP status means, and its Portuguese reason. */
export function failureOfStatus(status: number): { kind: UpstreamErrorKind; reason: string } {
  if (status === 429) return { kind: 'rate-limit', reason: 'limite de requisições excedido (HTTP 429)' };
  if (status >= 500) return { kind: 'server', reason: `erro no servidor (HTTP ${status})` };
  if (status === 401 || status === 403) return { kind: 'auth', reason: `credenciais recusadas (HTTP ${status})` };
  if (status === 404) return { kind: 'not-found', reason: 'não encontrado (HTTP 404)' };
  return { kind: 'rejected', reason: `requisição recusada (HTTP ${status})` };
}

/** Seconds as the messages show them: 10 s, 0,5 s. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
}
