import { createHash } from 'node:crypto';

/**
 * Bunny Stream's two signatures, both hex SHA-256 over concatenated strings (no separator):
 * - TUS upload authorisation (headers AuthorizationSignature/AuthorizationExpire/VideoId/LibraryId):
 *   sha256(libraryId + apiKey + expire + videoId), `expire` in unix seconds;
 * - embed view token (…/embed/{libraryId}/{videoId}?token=…&expires=…):
 *   sha256(tokenAuthenticationKey + videoId + expires).
 * The keys never leave the server: only the digests and their expiry go to the browser.
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
