import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Bunny Stream's signatures. Two we make, both hex SHA-256 over concatenated strings (no separator):
 * - TUS upload authorisation (headers AuthorizationSignature/AuthorizationExpire/VideoId/LibraryId):
 *   sha256(libraryId + apiKey + expire + videoId), `expire` in unix seconds;
 * - embed view token (…/embed/{libraryId}/{videoId}?token=…&expires=…):
 *   sha256(tokenAuthenticationKey + videoId + expires).
 * The keys never leave the server: only the digests and their expiry go to the browser.
 * And one we check, the webhook's (verifyWebhookSignature).
 */

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Unix seconds `ttlSeconds` from `now`. */
export function expiryFromNow(ttlSeconds: number, now = Date.now()): number {
  return Math.floor(now / 1000) + ttlSeconds;
}

export function tusUploadSignature(libraryId: string, apiKey: string, expire: number, videoId: string): string {
  return sha256Hex(`${libraryId}${apiKey}${expire}${videoId}`);
}

export function embedViewToken(tokenAuthenticationKey: string, videoId: string, expires: number): string {
  return sha256Hex(`${tokenAuthenticationKey}${videoId}${expires}`);
}

/** The embed URL with `token` and `expires` added (Bunny's embed view token authentication). */
export function signEmbedUrl(iframeUrl: string, tokenAuthenticationKey: string, videoId: string, expires: number): string {
  const url = new URL(iframeUrl);
  url.searchParams.set('token', embedViewToken(tokenAuthenticationKey, videoId, expires));
  url.searchParams.set('expires', String(expires));
  return url.toString();
}

/** The headers of a signed webhook call (docs.bunny.net/stream/webhooks, 'Signature validation'). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-bunnystream-signature';
export const WEBHOOK_SIGNATURE_VERSION_HEADER = 'x-bunnystream-signature-version';
export const WEBHOOK_SIGNATURE_ALGORITHM_HEADER = 'x-bunnystream-signature-algorithm';

export interface WebhookSignatureHeaders {
  signature: string | undefined;
  version: string | undefined;
  algorithm: string | undefined;
}

/**
 * Bunny Stream's webhook signature, v1: `X-BunnyStream-Signature` = lowercase hex
 * HMAC-SHA256(raw body, key = the library's Read-Only API key), with
 * `X-BunnyStream-Signature-Version: v1` and `X-BunnyStream-Signature-Algorithm: hmac-sha256`. Over the
 * raw bytes as received (parsed and re-serialised JSON would differ), compared in constant time. A
 * missing header, another version or algorithm (one we cannot check) is refused. The URL, method and
 * time are not signed: a call repeated byte for byte verifies again (video.ts handles repeats).
 */
export function verifyWebhookSignature(rawBody: Buffer, headers: WebhookSignatureHeaders, readOnlyApiKey: string): boolean {
  if (headers.version?.trim() !== 'v1' || headers.algorithm?.trim().toLowerCase() !== 'hmac-sha256') return false;
  const given = headers.signature?.trim() ?? '';
  if (!/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', Buffer.from(readOnlyApiKey, 'utf8')).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
