import { createHash, randomBytes } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { consoleAuthGoogleCallbackEndpoint, consoleAuthGoogleEndpoint, GOOGLE_CONNECTED_PATH } from '@console/shared';
import { fetchUpstream, UPSTREAM_DEFAULTS, UpstreamError } from '../lib/vendor-http.js';
import { googleOAuthClientId, googleOAuthClientSecret, googleOAuthDiscoveryUrl, googleOAuthScopes } from '../config.js';
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
 *    OAuth2Client) and the account read from userinfo.
 *
 * The three endpoints come from Google's discovery document (GOOGLE_OAUTH_DISCOVERY_URL), read and
 * zod-checked once an hour per instance (googleEndpoints); the token and userinfo answers are
 * checked against Google's documented shapes too.
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

/** The answer lists `wanted` (a capability the flow relies on). */
const lists = (wanted: string) => (values: string[]) => values.includes(wanted);

/**
 * Google's discovery document as far as the flow relies on it (OpenID Connect Discovery 1.0 §3;
 * Google's own copy pinned in sandboxes/contracts/google-oauth): the three endpoints, the code
 * response type, PKCE's S256, and — when the document lists them — the grants we use and client
 * authentication in the body (google-auth-library posts client_secret with the form).
 */
export const discoverySchema = z.looseObject({
  issuer: z.url(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  response_types_supported: z.array(z.string()).refine(lists('code'), 'sem o tipo de resposta code'),
  code_challenge_methods_supported: z.array(z.string()).refine(lists('S256'), 'sem PKCE S256'),
  grant_types_supported: z
    .array(z.string())
    .refine((grants) => grants.includes('authorization_code') && grants.includes('refresh_token'), 'sem authorization_code e refresh_token')
    .optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).refine(lists('client_secret_post'), 'sem client_secret_post').optional(),
});

export interface GoogleEndpoints {
  authorization: string;
  token: string;
  userinfo: string;
}

/** How long a read discovery document is used (Google: cache it, respecting its HTTP caching). */
const DISCOVERY_TTL_MS = 3600_000;
let discovered: { url: string; at: number; endpoints: GoogleEndpoints } | null = null;

/**
 * The endpoints of Google's discovery document (cached an hour). Its issuer must be the document's
 * own URL without `/.well-known/openid-configuration` (OpenID Connect Discovery §4.3): a document
 * naming another issuer is not Google's.
 */
export async function googleEndpoints(url = googleOAuthDiscoveryUrl(), now = Date.now()): Promise<GoogleEndpoints> {
  if (discovered && discovered.url === url && now - discovered.at < DISCOVERY_TTL_MS) return discovered.endpoints;
  const document = await fetchUpstream('Google', url, { schema: discoverySchema });
  if (`${document.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration` !== url) {
    throw new UpstreamError('Google', 'invalid', 'documento de descoberta de outro emissor');
  }
  const endpoints = { authorization: document.authorization_endpoint, token: document.token_endpoint, userinfo: document.userinfo_endpoint };
  discovered = { url, at: now, endpoints };
  return endpoints;
}

export function oauthClient(redirectUri: string, endpoints: GoogleEndpoints): OAuth2Client {
  return new OAuth2Client({
    clientId: googleOAuthClientId(),
    clientSecret: googleOAuthClientSecret(),
    redirectUri,
    endpoints: { oauth2AuthBaseUrl: endpoints.authorization, oauth2TokenUrl: endpoints.token },
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
  // Google's endpoints first: a discovery that fails leaves no state behind.
  const endpoints = await googleEndpoints();
  const { state, nonce } = await storeOAuthState(firestore, { uid: input.uid, project: input.project, redirectUri, codeVerifier }, input.now);
  const url = oauthClient(redirectUri, endpoints).generateAuthUrl({
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

/** Google's userinfo answer (OpenID Connect Core §5.3.2: `sub` always; `email` with the email scope we ask for). */
const userinfoSchema = z.looseObject({ sub: z.string().min(1), email: z.email(), email_verified: z.boolean().optional(), name: z.string().optional() });

/**
 * The token answer as google-auth-library hands it over (RFC 6749 §5.1: access_token and a Bearer
 * token_type; the library turns expires_in into expiry_date); refresh_token only on the first
 * consent with access_type=offline.
 */
const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  refresh_token: z.string().min(1).nullish(),
  scope: z.string().nullish(),
  expiry_date: z.number().nullish(),
  id_token: z.string().nullish(),
});

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
  const endpoints = await googleEndpoints();
  const answer = tokenAnswerSchema.safeParse((await oauthClient(redirectUri, endpoints).getToken({ code, codeVerifier })).tokens);
  if (!answer.success) throw new Error('Google: resposta do token em formato inesperado.');
  const tokens = answer.data;
  // A read: the vendor layer retries it (a 5xx, a dropped connection) within its timeout.
  const info = await fetchUpstream('Google', endpoints.userinfo, {
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
