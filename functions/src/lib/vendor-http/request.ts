import { maskCredentials } from '../logs.js';

/** HTTP Basic authorization header value. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** base + path (+ query), keeping a path the base may have (e.g. https://host/Api/v3). */
export function joinUrl(base: string, path: string, query?: Record<string, string | number | undefined>): string {
  const url = new URL(`${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
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

/** The start of a vendor's error body, credentials masked (a vendor may echo a token back), for diagnostics. */
export function maskedExcerpt(body: string, length = 300): string | undefined {
  return maskCredentials(body.slice(0, length)) || undefined;
}
