import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBody, safeEqual, sendJson, sendText } from './respond.js';

/**
 * Google's OAuth 2.0 endpoints for a web server app (authorization code flow), on loopback:
 *
 * - `GET /o/oauth2/v2/auth?client_id&redirect_uri&response_type=code&scope&access_type&prompt&state`
 *   — the consent page: the demo account, 'Permitir' and 'Cancelar'. Its form posts to
 *   `POST /o/oauth2/v2/auth/approve`, which redirects (302) to `redirect_uri?code=…&state=…`
 *   (or `error=access_denied`). Unknown client or a redirect_uri off loopback: 400, as Google does.
 * - `POST /token` (form-encoded) — `grant_type=authorization_code` (a code works once, for 10
 *   minutes, with the same redirect_uri and the client's secret) answers
 *   `{access_token, expires_in, refresh_token (with access_type=offline), scope, token_type, id_token}`;
 *   `grant_type=refresh_token` answers a new access token. Errors `{error, error_description}`.
 * - `GET /v1/userinfo` (Bearer access token) — `{sub, email, email_verified, name, picture}`.
 * - `GET /.well-known/openid-configuration` — Google's own discovery document, as pinned in
 *   contracts/google-oauth/openid-configuration.json, with Google's three hosts (accounts.google.com,
 *   oauth2.googleapis.com, openidconnect.googleapis.com) replaced by the sandbox's origin, so a
 *   client that reads its endpoints from it is sent here (the sandbox serves the three hosts' paths
 *   on one origin); the issuer becomes that origin too (OpenID Connect Discovery §4.3).
 *
 * PKCE (RFC 7636), as Google does it: a consent request may carry `code_challenge` (43–128
 * characters of [A-Za-z0-9-._~]) with `code_challenge_method` S256 or plain (plain when absent);
 * the code it yields is then exchanged only with the matching `code_verifier`
 * (`invalid_grant` 'Invalid code verifier.' otherwise, or 'Missing code verifier.' without one).
 */

export const GOOGLE_SANDBOX_CLIENT_ID = 'sandbox-console.apps.googleusercontent.com';
export const GOOGLE_SANDBOX_CLIENT_SECRET = 'sandbox-google-oauth-secret';
export const GOOGLE_SANDBOX_ACCOUNT = { sub: '109876543210987654321', email: 'marketing.loja@gmail.com', name: 'Marketing Loja', email_verified: true };

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  offline: boolean;
  expiresAt: number;
  /** PKCE: the challenge and its method, when the consent request carried one. */
  challenge: { value: string; method: 'S256' | 'plain' } | null;
}

const PKCE_TEXT = /^[A-Za-z0-9._~-]{43,128}$/;

/** Whether a verifier answers a challenge (RFC 7636 §4.6). */
export function pkceVerifies(challenge: { value: string; method: 'S256' | 'plain' }, verifier: string): boolean {
  if (!PKCE_TEXT.test(verifier)) return false;
  const computed = challenge.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return computed === challenge.value;
}

/** The challenge of a consent request: null when none, 'invalid' when malformed. */
function readChallenge(params: URLSearchParams): IssuedCode['challenge'] | 'invalid' {
  const value = params.get('code_challenge');
  const method = params.get('code_challenge_method') || 'plain';
  if (!value) return params.get('code_challenge_method') ? 'invalid' : null;
  if (!PKCE_TEXT.test(value) || (method !== 'S256' && method !== 'plain')) return 'invalid';
  return { value, method };
}

export type GoogleOAuthSandbox = RequestListener & { reset(): void };

/** Google's discovery document as pinned (contracts/google-oauth/SOURCE.md), read once. */
const DISCOVERY_TEXT = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'contracts', 'google-oauth', 'openid-configuration.json'), 'utf8');
const GOOGLE_HOSTS = /https:\/\/(?:accounts\.google\.com|oauth2\.googleapis\.com|openidconnect\.googleapis\.com)(?=[/"])/g;

/** The pinned document with Google's hosts replaced by `origin` (every other member as Google publishes it). */
export function discoveryDocument(origin: string): Record<string, unknown> {
  return JSON.parse(DISCOVERY_TEXT.replace(GOOGLE_HOSTS, origin)) as Record<string, unknown>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** RFC 6749 §5.1: a token endpoint's answers are never cached. */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function oauthError(res: ServerResponse, status: number, error: string, description: string) {
  sendJson(res, status, { error, error_description: description }, NO_STORE);
}

function loopback(uri: string): boolean {
  try {
    const u = new URL(uri);
    return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

export function createGoogleOAuthSandbox(): GoogleOAuthSandbox {
  let codes = new Map<string, IssuedCode>();
  let accessTokens = new Map<string, number>();
  let refreshTokens = new Set<string>();

  function consent(res: ServerResponse, url: URL) {
    const q = url.searchParams;
    const clientId = q.get('client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    if (clientId !== GOOGLE_SANDBOX_CLIENT_ID)
      return sendText(res, 401, '<h1>Erro 401: invalid_client</h1><p>The OAuth client was not found.</p>', 'text/html; charset=utf-8');
    if (!loopback(redirectUri)) return sendText(res, 400, '<h1>Erro 400: redirect_uri_mismatch</h1>', 'text/html; charset=utf-8');
    if (q.get('response_type') !== 'code' || !q.get('scope') || readChallenge(q) === 'invalid')
      return sendText(res, 400, '<h1>Erro 400: invalid_request</h1>', 'text/html; charset=utf-8');
    const hidden = ['client_id', 'redirect_uri', 'scope', 'state', 'access_type', 'code_challenge', 'code_challenge_method']
      .map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k) ?? '')}">`)
      .join('');
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Fazer login com o Google</title>
<style>body{font:15px sans-serif;max-width:420px;margin:60px auto;color:#202124}button{font:inherit;padding:8px 20px;margin-right:8px}</style></head>
<body><h1>Fazer login com o Google</h1><p>Conta: <strong>${escape(GOOGLE_SANDBOX_ACCOUNT.email)}</strong></p>
<p>O aplicativo quer acessar: ${escape(q.get('scope') ?? '')}</p>
<form method="post" action="/o/oauth2/v2/auth/approve">${hidden}<button name="decision" value="allow">Permitir</button><button name="decision" value="deny">Cancelar</button></form></body></html>`;
    sendText(res, 200, html, 'text/html; charset=utf-8');
  }

  async function approve(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const redirectUri = form.get('redirect_uri') ?? '';
    if (form.get('client_id') !== GOOGLE_SANDBOX_CLIENT_ID || !loopback(redirectUri))
      return sendText(res, 400, '<h1>Erro 400</h1>', 'text/html; charset=utf-8');
    const challenge = readChallenge(form);
    if (challenge === 'invalid') return sendText(res, 400, '<h1>Erro 400: invalid_request</h1>', 'text/html; charset=utf-8');
    const target = new URL(redirectUri);
    const state = form.get('state');
    if (form.get('decision') !== 'allow') {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/0A${randomBytes(24).toString('base64url')}`;
      codes.set(code, {
        clientId: GOOGLE_SANDBOX_CLIENT_ID,
        redirectUri,
        scope: form.get('scope') ?? '',
        offline: form.get('access_type') === 'offline',
        expiresAt: Date.now() + 600_000,
        challenge,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('scope', form.get('scope') ?? '');
    }
    if (state) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    // The client may authenticate in the body or with HTTP Basic (google-auth-library uses the body).
    let clientId = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic) [clientId, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') as [string, string];
    if (clientId !== GOOGLE_SANDBOX_CLIENT_ID || !secret || !safeEqual(secret, GOOGLE_SANDBOX_CLIENT_SECRET))
      return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    const grant = form.get('grant_type');
    const newAccess = () => {
      const access = `ya29.${randomBytes(32).toString('base64url')}`;
      accessTokens.set(access, Date.now() + 3_599_000);
      return access;
    };
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code); // single use, even when the exchange fails
      if (!issued || issued.expiresAt < Date.now()) return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
      // RFC 6749 §5.2: a redirect URI that does not match the authorization request's is invalid_grant.
      if (issued.redirectUri !== form.get('redirect_uri')) return oauthError(res, 400, 'invalid_grant', 'Bad Request');
      if (issued.challenge) {
        const verifier = form.get('code_verifier');
        if (!verifier) return oauthError(res, 400, 'invalid_grant', 'Missing code verifier.');
        if (!pkceVerifies(issued.challenge, verifier)) return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
      }
      const refresh = issued.offline ? `1//0${randomBytes(32).toString('base64url')}` : null;
      if (refresh) refreshTokens.add(refresh);
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(
        JSON.stringify({
          iss: 'https://accounts.google.com',
          aud: clientId,
          ...GOOGLE_SANDBOX_ACCOUNT,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 3600,
        }),
      ).toString('base64url');
      return sendJson(
        res,
        200,
        {
          access_token: newAccess(),
          expires_in: 3599,
          ...(refresh ? { refresh_token: refresh } : {}),
          scope: issued.scope,
          token_type: 'Bearer',
          id_token: `${header}.${payload}.`,
        },
        NO_STORE,
      );
    }
    if (grant === 'refresh_token') {
      if (!refreshTokens.has(form.get('refresh_token') ?? '')) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return sendJson(res, 200, { access_token: newAccess(), expires_in: 3599, scope: 'openid email', token_type: 'Bearer' }, NO_STORE);
    }
    oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grant ?? ''}`);
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const expires = m ? accessTokens.get(m[1]!) : undefined;
    // RFC 6750 §3.1: an expired or unknown access token is invalid_token, with its WWW-Authenticate.
    if (!expires || expires < Date.now())
      return sendJson(res, 401, { error: 'invalid_token', error_description: 'Invalid Credentials' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
    sendJson(res, 200, { ...GOOGLE_SANDBOX_ACCOUNT, picture: 'https://lh3.googleusercontent.com/a/default-user' });
  }

  const listener: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const run = async () => {
      if (path === '/o/oauth2/v2/auth' && req.method === 'GET') return consent(res, url);
      if (path === '/o/oauth2/v2/auth/approve' && req.method === 'POST') return approve(req, res);
      if (path === '/token' && req.method === 'POST') return token(req, res);
      if (path === '/v1/userinfo' && req.method === 'GET') return userinfo(req, res);
      if (path === '/.well-known/openid-configuration' && req.method === 'GET')
        return sendJson(res, 200, discoveryDocument(`http://${req.headers.host ?? '127.0.0.1'}`));
      sendJson(res, 404, { error: 'not_found', error_description: `${req.method} ${path}` });
    };
    run().catch((error: unknown) => {
      if (!res.headersSent) oauthError(res, 500, 'internal_failure', error instanceof Error ? error.message : String(error));
    });
  };

  return Object.assign(listener, {
    reset() {
      codes = new Map();
      accessTokens = new Map();
      refreshTokens = new Set();
    },
  });
}
