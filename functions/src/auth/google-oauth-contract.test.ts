import { randomBytes } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { describe, expect, it } from 'vitest';
import { GOOGLE_SANDBOX_CLIENT_ID, GOOGLE_SANDBOX_CLIENT_SECRET } from '../../../sandboxes/src/google-oauth.js';
import { expectExchangesConform } from '../../../test-support/contracts.js';
import { useSandboxes } from '../../../test-support/sandboxes.js';

// Google's OAuth rules (sandboxes/contracts/google-oauth: RFC 6749, RFC 7636, Google's guide)
// against both sides: the requests google-auth-library's OAuth2Client sends, built as oauth.ts
// builds them (offline access, consent prompt, PKCE S256), and the sandbox's answers.

const sandboxes = useSandboxes();
const REDIRECT = 'http://127.0.0.1:5000/api/console/auth/google/callback';

function client() {
  const base = sandboxes().urls['google-oauth'];
  return new OAuth2Client({
    clientId: GOOGLE_SANDBOX_CLIENT_ID,
    clientSecret: GOOGLE_SANDBOX_CLIENT_SECRET,
    redirectUri: REDIRECT,
    endpoints: { oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`, oauth2TokenUrl: `${base}/token` },
  });
}

/** The consent page approved as the operator would: the code Google redirects back with. */
async function consent(url: string): Promise<string> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const form = new URLSearchParams();
  for (const m of (await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1]!, m[2]!);
  form.set('decision', 'allow');
  const approved = await fetch(`${sandboxes().urls['google-oauth']}/o/oauth2/v2/auth/approve`, { method: 'POST', body: form, redirect: 'manual' });
  return new URL(approved.headers.get('location')!).searchParams.get('code')!;
}

describe('Google OAuth against RFC 6749 / RFC 7636 and Google’s guide', () => {
  it('the connection flow (authorize with PKCE, code exchange, userinfo, refresh) and its refusals conform', async () => {
    const oauth = client();
    const codeVerifier = randomBytes(32).toString('base64url');
    const pair = await oauth.generateCodeVerifierAsync();
    const url = oauth.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: true,
      scope: ['openid', 'email'],
      state: randomBytes(24).toString('base64url'),
      code_challenge_method: CodeChallengeMethod.S256,
      code_challenge: pair.codeChallenge!,
    });
    const { tokens } = await oauth.getToken({ code: await consent(url), codeVerifier: pair.codeVerifier });
    expect(tokens.refresh_token).toBeTruthy();
    const base = sandboxes().urls['google-oauth'];
    expect((await fetch(`${base}/v1/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    oauth.setCredentials({ refresh_token: tokens.refresh_token! });
    expect((await oauth.refreshAccessToken()).credentials.access_token).toBeTruthy();
    // Refusals: a used code (invalid_grant), a wrong verifier, an unknown token at userinfo.
    await expect(oauth.getToken({ code: 'usado', codeVerifier })).rejects.toThrow();
    expect((await fetch(`${base}/v1/userinfo`, { headers: { authorization: 'Bearer ya29.desconhecido' } })).status).toBe(401);
    const exchanges = sandboxes().controls['google-oauth'].exchanges();
    expect(exchanges.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /o/oauth2/v2/auth 200',
      'POST /o/oauth2/v2/auth/approve 302',
      'POST /token 200',
      'GET /v1/userinfo 200',
      'POST /token 200',
      'POST /token 400',
      'GET /v1/userinfo 401',
    ]);
    await expectExchangesConform('google-oauth', exchanges);
  });
});
