import { createHash, randomBytes } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { consoleAuthGoogleCallbackEndpoint, consoleAuthGoogleEndpoint, GOOGLE_CONNECTED_PATH } from '@console/shared';
import { fetchUpstream, UPSTREAM_DEFAULTS, UpstreamError } from '../lib/vendor-http.js';
import { googleOAuthAuthorizeUrl, googleOAuthClientId, googleOAuthClientSecret, googleOAuthScopes, googleOAuthTokenUrl, googleUserinfoUrl } from '../config.js';
import { STATE_TTL_MS, claimOAuthState, flowNonceCookie, storeOAuthState } from './consent-state.js';

/**
 * The Google Console connection's OAuth flow (authorization code, offline access):
 *
 * 1. start (an admin, with the ID token): a random `state` id is stored in oauth-state/{state}
 *    (top-level, no client access) with the user, the project, the redirect URI, a 10-minute
 *    expiry and the hash of a second random value, the browser nonce, which goes to the browser as
 *    the `__session` cookie (the one cookie Firebase Hosting passes to functions). The answer is
 *    Google's consent URL.
 * 2. callback (Google's redirect, no ID token): the state is consumed in a transaction (single use,
 *    even when the rest fails), must not be expired, must come back to the browser holding the
 *    nonce, and its user must still be an admin; then the code is exchanged (google-auth-library's
 *    OAuth2Client, endpoints from the params) and the account read from userinfo.
 *
 * A forged or replayed state, another browser, or a user who lost admin rights store nothing.
 *
 * Both URLs the flow hands out — the `redirect_uri` Google sends the browser back to, and the
 * settings screen the callback sends it to — are built from the configured public origin
 * (PUBLIC_BASE_URL) only, never from the request's Host or X-Forwarded-* headers, which a client
 * chooses (`X-Forwarded-Proto: javascript` once reached a Location header).
 *
 * PKCE (RFC 7636, S256): the start makes a code verifier, keeps it server-side in the state
 * document and sends Google only its SHA-256 challenge; the callback sends the verifier with the
 * code, so a code intercepted on its way back is useless to anyone else.
 */

/** Where Google redirects (the callback's descriptor), and the start's path the nonce cookie is scoped to. */
export const CALLBACK_PATH = consoleAuthGoogleCallbackEndpoint.path;
export const COOKIE_PATH = consoleAuthGoogleEndpoint.path;

/** PKCE's S256 challenge of a code verifier: BASE64URL(SHA-256(verifier)), unpadded. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Where Google sends the browser back: the callback on the public origin. */
export const redirectUriOf = (origin: string) => `${origin}${CALLBACK_PATH}`;

/** The settings screen on the public origin, with the outcome in its query. */
export function settingsUrl(origin: string, params: Record<string, string>): string {
  const url = new URL(GOOGLE_CONNECTED_PATH, origin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export function oauthClient(redirectUri: string): OAuth2Client {
  return new OAuth2Client({
    clientId: googleOAuthClientId(),
    clientSecret: googleOAuthClientSecret(),
    redirectUri,
    endpoints: { oauth2AuthBaseUrl: googleOAuthAuthorizeUrl(), oauth2TokenUrl: googleOAuthTokenUrl() },
    // The library keeps its own transport (gaxios, with its retry of the token call); the timeout
    // of a try is the vendor layer's (lib/vendor-http/README.md).
    transporterOptions: { timeout: UPSTREAM_DEFAULTS.timeoutMs },
  });
}

export interface StartedConsent {
  url: string;
  /** The browser nonce, for the cookie. */
  nonce: string;
}

export async function startConsent(firestore: Firestore, input: { uid: string; project: string; origin: string; now?: number }): Promise<StartedConsent> {
  // 32 random bytes: a 43-character verifier, the shortest RFC 7636 allows, with 256 bits.
  const codeVerifier = randomBytes(32).toString('base64url');
  const redirectUri = redirectUriOf(input.origin);
  const { state, nonce } = await storeOAuthState(firestore, { uid: input.uid, project: input.project, redirectUri, codeVerifier }, input.now);
  const url = oauthClient(redirectUri).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: true,
    scope: googleOAuthScopes().split(/\s+/).filter(Boolean),
    state,
    code_challenge_method: CodeChallengeMethod.S256,
    code_challenge: pkceChallenge(codeVerifier),
  });
  return { url, nonce };
}

export interface ClaimedState {
  uid: string;
  project: string;
  redirectUri: string;
  /** PKCE's verifier, sent with the code. */
  codeVerifier: string;
}

/** The state, consumed: null when unknown, used, expired or not this browser's. */
export async function consumeState(firestore: Firestore, state: string, nonce: string | null, now = Date.now()): Promise<ClaimedState | null> {
  const data = await claimOAuthState(firestore, state, nonce, now);
  if (!data) return null;
  if (typeof data.codeVerifier !== 'string') return null;
  return { uid: String(data.uid), project: String(data.project), redirectUri: String(data.redirectUri), codeVerifier: data.codeVerifier };
}

const userinfoSchema = z.looseObject({ email: z.string().email(), name: z.string().optional(), sub: z.string().optional() });

/** The Google tokens as stored in config/consoleauthgoogle `tokens` (Google's names), plus the account. */
export interface StoredGoogleTokens {
  access_token: string;
  refresh_token: string | null;
  scope: string | null;
  token_type: string | null;
  expiry_date: number | null;
  /** The connected Google account (userinfo), shown on the configuration screen. */
  email: string;
}

export async function exchangeCode(redirectUri: string, code: string, codeVerifier: string): Promise<StoredGoogleTokens> {
  const { tokens } = await oauthClient(redirectUri).getToken({ code, codeVerifier });
  if (!tokens.access_token) throw new Error('Google não devolveu um access token.');
  // A read: the vendor layer retries it (a 5xx, a dropped connection) within its timeout.
  const info = await fetchUpstream('Google', googleUserinfoUrl(), {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    schema: userinfoSchema,
  }).catch((error: unknown) => {
    if (error instanceof UpstreamError) throw new Error('Google: não foi possível ler a conta conectada.');
    throw error;
  });
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? null,
    scope: tokens.scope ?? null,
    token_type: tokens.token_type ?? null,
    expiry_date: tokens.expiry_date ?? null,
    email: info.email,
  };
}

/** Stored in the admin-only config; a refresh token Google did not send again is kept. */
export async function storeTokens(firestore: Firestore, project: string, uid: string, tokens: StoredGoogleTokens): Promise<void> {
  const ref = firestore.doc(`project/${project}/config/consoleauthgoogle`);
  await firestore.runTransaction(async (tx) => {
    const previous = (await tx.get(ref)).get('tokens') as { refresh_token?: unknown } | undefined;
    const refresh = tokens.refresh_token ?? (typeof previous?.refresh_token === 'string' ? previous.refresh_token : null);
    tx.set(
      ref,
      { tokens: { ...tokens, refresh_token: refresh }, connectedBy: uid, connectedAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() },
      { mergeFields: ['tokens', 'connectedBy', 'connectedAt', 'updatedAt'] },
    );
  });
}

export function nonceCookie(nonce: string, secure: boolean, maxAgeSeconds = STATE_TTL_MS / 1000): string {
  return flowNonceCookie(COOKIE_PATH, nonce, secure, maxAgeSeconds);
}
