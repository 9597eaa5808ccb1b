import * as logs from './logs.js';
import { consoleAuthGoogleCallbackEndpoint, isAdmin, readAccessClaims } from '@console/shared';
import { adminAuth, firestore } from '../lib/admin.js';
import { RawResponse, serve, type Handler } from '../lib/endpoint.js';
import { consumeState, exchangeCode, nonceCookie, settingsUrl, storeTokens } from './oauth.js';
import { nonceFromCookie, publicOriginOrError } from './consent-state.js';

/**
 * GET /api/console/auth/google/callback?code&state (or error) — Google's redirect after consent.
 * Public (a redirect carries no ID token): the state, consumed once, says who and which project,
 * and the browser must hold the nonce cookie set by the start. Success stores the tokens in
 * config/consoleauthgoogle; either way the browser is sent back to the Google Console settings
 * screen with `?google=connected` or `?google=error&message=…`.
 */
export const handleConsoleAuthGoogleCallback: Handler<typeof consoleAuthGoogleCallbackEndpoint> = async ({ query, header }) => {
  // The settings screen on the configured public origin (never the request's Host / X-Forwarded-*).
  const origin = publicOriginOrError();
  const back = (params: Record<string, string>) =>
    // The nonce is spent: the cookie goes too.
    new RawResponse(302, '', {
      location: settingsUrl(origin, params),
      'set-cookie': nonceCookie('', origin.startsWith('https://'), 0),
      'cache-control': 'private, no-store',
    });
  const failed = (message: string) => back({ google: 'error', message });
  const claimed = query.state ? await consumeState(firestore, query.state, nonceFromCookie(header('cookie'))) : null;
  if (!claimed) return failed('Conexão recusada: o pedido expirou, já foi usado ou não começou neste navegador. Clique em Conectar novamente.');
  if (query.error || !query.code) return failed(query.error === 'access_denied' ? 'Conexão cancelada no Google.' : 'O Google não autorizou a conexão.');
  const user = await adminAuth.getUser(claimed.uid).catch(() => null);
  if (!user || user.disabled || !isAdmin(readAccessClaims(user.customClaims ?? null))) return failed('Somente administradores podem conectar o Google.');
  try {
    const tokens = await exchangeCode(claimed.redirectUri, query.code, claimed.codeVerifier);
    await storeTokens(firestore, claimed.project, claimed.uid, tokens);
    logs.googleConsoleConnected(claimed.project, claimed.uid);
    return back({ google: 'connected' });
  } catch (error) {
    logs.googleConsoleConnectionFailed(claimed.project, error);
    return failed('Não foi possível concluir a conexão com o Google. Tente novamente.');
  }
};

export const consoleAuthGoogleCallback = serve(consoleAuthGoogleCallbackEndpoint, handleConsoleAuthGoogleCallback);
