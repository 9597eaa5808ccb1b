import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { BLING_CONNECTED_PATH } from '@console/shared';
import { ApiError } from '../../lib/api-error.js';
import { claimOAuthState, flowNonceCookie, storeOAuthState } from '../../auth/consent-state.js';
import { fetchUpstream } from '../../lib/vendor-http.js';
import { accountFieldUpdate, bearerFromAnswer, bearerUpdate, locateBlingAccount, oauthTokenRequest } from './token.js';

/**
 * 'Conectar Bling': Bling's authorization code flow for one account of config/bling.
 *
 * 1. start (an admin, with the ID token): a random single-use `state` in oauth-state/{state} (no
 *    client access) with the user, the project, the account, its app's client id, a 10-minute
 *    expiry and the hash of a browser nonce set as the `__session` cookie; the answer is Bling's
 *    consent URL `…/oauth/authorize?response_type=code&client_id&state`.
 * 2. callback (Bling's redirect to the app's registered link, no ID token): the state is consumed
 *    in a transaction, must be this browser's and not expired, its user still an admin; the code is
 *    exchanged at /oauth/token (HTTP Basic with the account's client id and secret, which never
 *    leave the server; `enable-jwt: 1`) and the account's bearer replaced in config/bling.
 *
 * PKCE: Bling documents none — its consent URL takes response_type, client_id and state, and its
 * token endpoint grant_type, code and refresh_token (OpenAPI `/oauth/token` and the /aplicativos
 * page) — so none is sent; the state, the nonce cookie and the client secret protect the code.
 * No redirect_uri either: Bling sends the browser to the link registered with the app, which must
 * be `<PUBLIC_BASE_URL>/api/console/sync/bling/callback` (the settings screen shows it).
 */

export const BLING_PROVIDER = 'bling';
/** The start's and the callback's common path: the nonce cookie is scoped to it. */
export const BLING_COOKIE_PATH = '/api/console/sync/bling';

export const blingNonceCookie = (nonce: string, secure: boolean, maxAgeSeconds?: number) => flowNonceCookie(BLING_COOKIE_PATH, nonce, secure, maxAgeSeconds);

/** The Bling settings screen on the public origin, with the outcome in its query. */
export function blingSettingsUrl(origin: string, params: Record<string, string>): string {
  const url = new URL(BLING_CONNECTED_PATH, origin);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** 'root' (the top-level credentials) or the index in accounts[] as locateBlingAccount takes it. */
const accountRef = (account: string) => (account === 'root' ? undefined : Number(account));

export async function startBlingConsent(
  firestore: Firestore,
  input: { uid: string; project: string; account: string; authorizeUrl: string; now?: number },
): Promise<{ url: string; nonce: string }> {
  const config = (await firestore.doc(`project/${input.project}/config/bling`).get()).data();
  const { slot, credentials } = locateBlingAccount(config, accountRef(input.account), input.project, { requireToken: false });
  if (input.account === 'root' ? slot !== 'root' : slot !== Number(input.account)) {
    throw new ApiError(400, `Conta Bling ${input.account} não encontrada em config/bling do projeto ${input.project}.`);
  }
  const { state, nonce } = await storeOAuthState(
    firestore,
    { provider: BLING_PROVIDER, uid: input.uid, project: input.project, account: input.account, clientId: credentials.clientId },
    input.now,
  );
  const url = new URL(input.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', credentials.clientId);
  url.searchParams.set('state', state);
  return { url: url.toString(), nonce };
}

export interface ClaimedBlingState {
  uid: string;
  project: string;
  account: string;
  clientId: string;
}

/** The Bling state, consumed: null when unknown, used, expired, not this browser's or another flow's. */
export async function consumeBlingState(firestore: Firestore, state: string, nonce: string | null, now = Date.now()): Promise<ClaimedBlingState | null> {
  const data = await claimOAuthState(firestore, state, nonce, now);
  if (!data || data.provider !== BLING_PROVIDER) return null;
  return { uid: String(data.uid), project: String(data.project), account: String(data.account), clientId: String(data.clientId) };
}

/**
 * Exchanges the code for the account's tokens and stores them as its bearer (expiry, when obtained,
 * when the refresh token dies). The account must still use the app the consent was asked for.
 */
export async function connectBlingAccount(
  firestore: Firestore,
  claimed: ClaimedBlingState,
  code: string,
  options: { apiUrl: string; now?: () => number; timeoutMs?: number },
): Promise<string> {
  const ref = firestore.doc(`project/${claimed.project}/config/bling`);
  const { credentials } = locateBlingAccount((await ref.get()).data(), accountRef(claimed.account), claimed.project, { requireToken: false });
  if (credentials.clientId !== claimed.clientId)
    throw new ApiError(409, 'O client id da conta mudou durante a autorização. Clique em Conectar Bling novamente.');
  const answer = await fetchUpstream('Bling', `${options.apiUrl}/oauth/token`, {
    ...oauthTokenRequest(credentials, { grant_type: 'authorization_code', code }),
    // A code works once: never repeated.
    retries: 0,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  const bearer = bearerFromAnswer(answer, (options.now ?? Date.now)());
  await firestore.runTransaction(async (tx) => {
    const config = (await tx.get(ref)).data();
    const { slot } = locateBlingAccount(config, accountRef(claimed.account), claimed.project, { requireToken: false });
    // The new bearer, and no error left from an earlier failed renewal.
    const withBearer = bearerUpdate(config, slot, bearer);
    tx.update(ref, { ...withBearer, ...accountFieldUpdate({ ...config, ...withBearer }, slot, 'tokenError', null), updatedAt: FieldValue.serverTimestamp() });
  });
  return credentials.description;
}
