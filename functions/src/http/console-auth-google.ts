import { consoleAuthGoogleEndpoint } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { JsonWithHeaders, serve, type Handler } from '../lib/endpoint.js';
import { nonceCookie, startConsent } from '../google/oauth.js';

/**
 * POST /api/console/auth/google?project — starts the Google Console connection (the spec's
 * Connect link, document 2 §2). A POST, not the link's GET: a browser navigation cannot carry the
 * Firebase ID token, so the page calls this with it, gets Google's consent URL (with a single-use
 * state bound to the user and project) plus the browser-nonce cookie, and then navigates there.
 * Access 'admin' (the tokens land in the admin-only config/consoleauthgoogle).
 */
export const handleConsoleAuthGoogle: Handler<typeof consoleAuthGoogleEndpoint> = async ({ caller, project, origin }) => {
  if (!origin) throw new ApiError(400, 'Origem da requisição desconhecida.');
  const { url, nonce } = await startConsent(firestore, { uid: caller.uid, project, origin });
  // "private": Hosting drops Set-Cookie from cacheable answers.
  return new JsonWithHeaders(
    { url },
    {
      'set-cookie': nonceCookie(nonce, origin.startsWith('https://')),
      'cache-control': 'private, no-store',
    },
  );
};

export const consoleAuthGoogle = serve(consoleAuthGoogleEndpoint, handleConsoleAuthGoogle);
