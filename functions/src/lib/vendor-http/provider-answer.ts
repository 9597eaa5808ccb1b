import { resetsWindow, retryAtFromHeaders } from './rate-limit.js';

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
  | {
      kind: 'not-taken';
      status: number | null;
      body: unknown;
      reason: string;
      /** When the account may be called again (every call of it is held until then). */
      retryAtMs?: number;
      /** The provider's window starts again then (a 429's X-RateLimit-Reset): the calls before it no longer count. */
      windowReset?: boolean;
    }
  | { kind: 'unknown'; reason: string };

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
  if (status === 429)
    return {
      kind: 'not-taken',
      status,
      body,
      reason: reason(status, body),
      retryAtMs: retryAtFromHeaders(headers, now) ?? now + 1000,
      windowReset: resetsWindow(headers),
    };
  if (status >= 500 || status === 408) return { kind: 'not-taken', status, body, reason: reason(status, body) };
  return { kind: 'refused', status, body, reason: reason(status, body) };
}
