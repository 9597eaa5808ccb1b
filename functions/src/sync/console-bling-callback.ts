import { consoleBlingCallbackEndpoint, isAdmin, readAccessClaims } from '@console/shared';
import * as logs from './logs.js';
import { adminAuth, firestore } from '../lib/admin.js';
import { RawResponse, serve, type Handler } from '../lib/endpoint.js';
import { nonceFromCookie, publicOriginOrError } from '../auth/consent-state.js';
import { blingApiUrl } from '../config.js';
import { UpstreamError } from '../lib/vendor-http.js';
import { blingNonceCookie, blingSettingsUrl, connectBlingAccount, consumeBlingState } from './bling/connect.js';

/**
 * GET /api/console/sync/bling/callback?code&state (or error) — Bling's redirect after consent, to
 * the link registered with the app. Public (a redirect carries no ID token): the state, consumed
 * once, says who, which project and which account, and the browser must hold the nonce cookie set
 * by the start. Success stores the account's tokens in config/bling; either way the browser goes
 * back to the Bling settings screen with `?bling=connected` or `?bling=error&message=…`.
 */
export const handleConsoleBlingCallback: Handler<typeof consoleBlingCallbackEndpoint> = async ({ query, header }) => {
  const origin = publicOriginOrError();
  const back = (params: Record<string, string>) =>
    // The nonce is spent: the cookie goes too.
    new RawResponse(302, '', {
      location: blingSettingsUrl(origin, params),
      'set-cookie': blingNonceCookie('', origin.startsWith('https://'), 0),
      'cache-control': 'private, no-store',
    });
  const failed = (message: string) => back({ bling: 'error', message });
  const claimed = query.state ? await consumeBlingState(firestore, query.state, nonceFromCookie(header('cookie'))) : null;
  if (!claimed) return failed('Conexão recusada: o pedido expirou, já foi usado ou não começou neste navegador. Clique em Conectar Bling novamente.');
  if (query.error || !query.code) return failed(query.error === 'access_denied' ? 'Autorização cancelada no Bling.' : 'O Bling não autorizou a conexão.');
  const user = await adminAuth.getUser(claimed.uid).catch(() => null);
  if (!user || user.disabled || !isAdmin(readAccessClaims(user.customClaims ?? null))) return failed('Somente administradores podem conectar o Bling.');
  try {
    await connectBlingAccount(firestore, claimed, query.code, { apiUrl: blingApiUrl().replace(/\/+$/, '') });
    logs.blingConnected(claimed.project, claimed.account, claimed.uid);
    return back({ bling: 'connected', account: claimed.account });
  } catch (error) {
    logs.blingConnectionFailed(claimed.project, claimed.account, error);
    const refused = error instanceof UpstreamError && (error.kind === 'auth' || error.kind === 'rejected');
    return failed(
      refused
        ? 'O Bling recusou o código de autorização (client id/secret da conta ou código expirado). Confira as credenciais e clique em Conectar Bling novamente.'
        : 'Não foi possível concluir a conexão com o Bling. Tente novamente.',
    );
  }
};

export const consoleBlingCallback = serve(consoleBlingCallbackEndpoint, handleConsoleBlingCallback);
