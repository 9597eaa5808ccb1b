/**
 * When a vendor said to come back, from its headers: Retry-After (RFC 9110 §10.2.3: seconds or an
 * HTTP date; OpenAI, Meta's Graph API, most proxies) or X-RateLimit-Reset (epoch seconds: SendGrid,
 * docs.sendgrid.com/api-reference/how-to-use-the-sendgrid-v3-api/rate-limits). Bling and Bunny send
 * neither: Bling's 429 body says its `period` (read by sync/bling/pacing.ts through fetchUpstream's
 * onRateLimit hook), Bunny's says nothing, so both back off on their own.
 */

/** Retry-After is either seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

type HeaderBag = Headers | Record<string, unknown>;

function header(headers: HeaderBag, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

/**
 * Whether a 429's headers say the provider's rate window starts again at the retry time: an
 * X-RateLimit-Reset (SendGrid: the window's own reset), or no time at all (held a second, as
 * before). A Retry-After only says when to try again (RFC 9110 §10.2.3): Meta counts its 80
 * messages a second over a sliding second (error 130429 past it), so the calls of the second
 * before the retry still count there.
 */
export function resetsWindow(headers: HeaderBag): boolean {
  return parseRetryAfter(header(headers, 'retry-after')) === null;
}

/** Retry-After (seconds or an HTTP date) or X-RateLimit-Reset (epoch seconds) as a time in ms. */
export function retryAtFromHeaders(headers: HeaderBag, now = Date.now()): number | undefined {
  const retryAfter = parseRetryAfter(header(headers, 'retry-after'), now);
  if (retryAfter !== null) return now + retryAfter;
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(now, reset * 1000);
  return undefined;
}
