import { createHash, randomBytes } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { ApiError } from '../lib/api-error.js';
import { publicBaseUrl } from '../config.js';

/**
 * What every OAuth connection of the console (Google's, Bling's) shares and no provider's secret
 * touches: the single-use state in oauth-state/{state}, the browser nonce in the `__session` cookie
 * and the public origin the redirect URIs are built on. Apart from oauth.ts (Google's client) so a
 * function that runs the Bling connection does not reach the Google client's secret.
 */

export const OAUTH_STATE_COLLECTION = 'oauth-state';
export const STATE_TTL_MS = 10 * 60_000;
export const NONCE_COOKIE = '__session';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The console's public origin (PUBLIC_BASE_URL), the only base of the URLs this flow builds; an
 * unset or non-http(s) value stops the flow with a message for whoever deploys.
 */
export function consolePublicOrigin(configured = publicBaseUrl()): string {
  let url: URL | null = null;
  try {
    url = configured ? new URL(configured) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error('PUBLIC_BASE_URL ausente ou inválido: a conexão com o Google precisa do endereço público do console (https://…).');
  return url.origin;
}

/** The configured public origin, or the deploy's mistake as a 500 in Portuguese. */
export function publicOriginOrError(): string {
  try {
    return consolePublicOrigin();
  } catch (error) {
    throw new ApiError(500, (error as Error).message);
  }
}

/**
 * An OAuth state document, consumed in a transaction (single use even when the rest fails): its
 * data, or null when unknown, used, expired or not this browser's (the nonce). The Google and the
 * Bling connections both keep theirs in oauth-state.
 */
export async function claimOAuthState(firestore: Firestore, state: string, nonce: string | null, now = Date.now()): Promise<Record<string, unknown> | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(state)) return null;
  const ref = firestore.doc(`${OAUTH_STATE_COLLECTION}/${state}`);
  const data = await firestore.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return null;
    tx.delete(ref);
    return snapshot.data()!;
  });
  if (!data) return null;
  const expiresAt = (data.expiresAt as { toMillis?: () => number } | undefined)?.toMillis?.() ?? 0;
  if (expiresAt < now) return null;
  if (!nonce || sha256(nonce) !== data.nonceHash) return null;
  return data;
}

/**
 * Starts a consent: a new state document in oauth-state with the flow's own fields, the hash of a new
 * browser nonce, and an expiry STATE_TTL_MS away. Answers the state id (for the provider's URL) and
 * the nonce (for the cookie).
 */
export async function storeOAuthState(firestore: Firestore, fields: Record<string, unknown>, now = Date.now()): Promise<{ state: string; nonce: string }> {
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  await firestore.doc(`${OAUTH_STATE_COLLECTION}/${state}`).set({
    ...fields,
    nonceHash: sha256(nonce),
    createdAt: FieldValue.serverTimestamp(),
    expiresAt: new Date(now + STATE_TTL_MS),
  });
  return { state, nonce };
}

/** The nonce cookie (`__session`, the one cookie Hosting passes to functions) scoped to a flow's path. */
export function flowNonceCookie(path: string, nonce: string, secure: boolean, maxAgeSeconds = STATE_TTL_MS / 1000): string {
  return `${NONCE_COOKIE}=${encodeURIComponent(nonce)}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The nonce of a Cookie header. */
export function nonceFromCookie(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === NONCE_COOKIE) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}
