import { consoleBlingConnectEndpoint } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { JsonWithHeaders, serve, type Handler } from '../lib/endpoint.js';
import { publicOriginOrError } from '../auth/consent-state.js';
import { blingOAuthAuthorizeUrl } from '../config.js';
import { blingNonceCookie, startBlingConsent } from './bling/connect.js';

/**
 * POST /api/console/sync/bling/connect?project&account — 'Conectar Bling' on the Bling settings
 * screen (admins only: the tokens land in the admin-only config/bling). Answers Bling's consent URL
 * for the account's app, with a single-use state bound to the user, project and account, and sets
 * the browser-nonce cookie; the page then navigates there. The client secret is not in it.
 */
export const handleConsoleBlingConnect: Handler<typeof consoleBlingConnectEndpoint> = async ({ caller, project, query }) => {
  const origin = publicOriginOrError();
  const { url, nonce } = await startBlingConsent(firestore, { uid: caller.uid, project, account: query.account, authorizeUrl: blingOAuthAuthorizeUrl() });
  // "private": Hosting drops Set-Cookie from cacheable answers.
  return new JsonWithHeaders({ url }, { 'set-cookie': blingNonceCookie(nonce, origin.startsWith('https://')), 'cache-control': 'private, no-store' });
};

export const consoleBlingConnect = serve(consoleBlingConnectEndpoint, handleConsoleBlingConnect);
