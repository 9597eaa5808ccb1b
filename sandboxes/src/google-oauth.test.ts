import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleOAuthSandbox, GOOGLE_SANDBOX_CLIENT_ID, GOOGLE_SANDBOX_CLIENT_SECRET, pkceVerifies } from './google-oauth.js';

const sandbox = createGoogleOAuthSandbox();
let server: Server;
let base = '';
const REDIRECT = 'http://127.0.0.1:5000/api/console/auth/google/callback';

beforeAll(async () => {
  server = createServer(sandbox);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Consent given with these extra query values; answers the code Google redirects with (or the consent page's status). */
async function codeFor(extra: Record<string, string>): Promise<string | number> {
  const consent = new URL(`${base}/o/oauth2/v2/auth`);
  const query = { client_id: GOOGLE_SANDBOX_CLIENT_ID, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid email', state: 'st', ...extra };
  for (const [k, v] of Object.entries(query)) consent.searchParams.set(k, v);
  const page = await fetch(consent);
  if (page.status !== 200) return page.status;
  const form = new URLSearchParams();
  for (const m of (await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1]!, m[2]!);
  form.set('decision', 'allow');
  const approved = await fetch(`${base}/o/oauth2/v2/auth/approve`, { method: 'POST', body: form, redirect: 'manual' });
  return new URL(approved.headers.get('location')!).searchParams.get('code')!;
}

const exchange = (code: string, verifier?: string) =>
  fetch(`${base}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: GOOGLE_SANDBOX_CLIENT_ID,
      client_secret: GOOGLE_SANDBOX_CLIENT_SECRET,
      ...(verifier ? { code_verifier: verifier } : {}),
    }),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

describe("the Google OAuth sandbox's PKCE", () => {
  it('exchanges an S256 code only with its verifier', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const missing = await exchange(String(await codeFor({ code_challenge: s256(verifier), code_challenge_method: 'S256' })));
    expect(missing).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'Missing code verifier.' } });
    const wrong = await exchange(
      String(await codeFor({ code_challenge: s256(verifier), code_challenge_method: 'S256' })),
      randomBytes(32).toString('base64url'),
    );
    expect(wrong).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'Invalid code verifier.' } });
    // The challenge itself is not the verifier.
    const challengeAsVerifier = await exchange(String(await codeFor({ code_challenge: s256(verifier), code_challenge_method: 'S256' })), s256(verifier));
    expect(challengeAsVerifier.body.error).toBe('invalid_grant');
    const right = await exchange(String(await codeFor({ code_challenge: s256(verifier), code_challenge_method: 'S256' })), verifier);
    expect(right.status).toBe(200);
    expect(right.body.access_token).toMatch(/^ya29\./);
  });

  it('takes a plain challenge, and codes issued without one as before', async () => {
    const verifier = 'v'.repeat(43);
    expect((await exchange(String(await codeFor({ code_challenge: verifier })), verifier)).status).toBe(200);
    expect((await exchange(String(await codeFor({})))).status).toBe(200);
  });

  it('refuses a malformed challenge at consent', async () => {
    expect(await codeFor({ code_challenge: 'short', code_challenge_method: 'S256' })).toBe(400);
    expect(await codeFor({ code_challenge: 'x'.repeat(43), code_challenge_method: 'S512' })).toBe(400);
    expect(pkceVerifies({ value: 'x'.repeat(43), method: 'plain' }, 'x'.repeat(43))).toBe(true);
    expect(pkceVerifies({ value: 'x'.repeat(43), method: 'plain' }, 'x'.repeat(42))).toBe(false);
  });
});
