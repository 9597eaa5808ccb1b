import { consoleAuthGoogleEndpoint } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { JsonWithHeaders, serve, type Handler } from '../lib/endpoint.js';
import { publicOriginOrError } from './consent-state.js';
import { nonceCookie, startConsent } from './oauth.js';

/**
 * POST /api/console/auth/google?project — starts the Google Console connection (the spec's
 * Connect link, document 2 §2). The page calls this with the Firebase ID token, gets Google's
 * consent URL (with a single-use state bound to the user and project, and PKCE's challenge) plus
 * the browser-nonce cookie, and then navigates there. Access 'admin' (the tokens land in the
 * admin-only config/consoleauthgoogle). The redirect URI is on the configured public origin, never
 * the request's headers. The link's own GET is console-auth-google-link.ts.
 */
export const handleConsoleAuthGoogle: Handler<typeof consoleAuthGoogleEndpoint> = async ({ caller, project }) => {
  const origin = publicOriginOrError();
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
