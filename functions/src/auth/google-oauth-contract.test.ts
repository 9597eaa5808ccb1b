import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { describe, expect, it } from 'vitest';
import { GOOGLE_SANDBOX_CLIENT_ID, GOOGLE_SANDBOX_CLIENT_SECRET } from '../../../sandboxes/src/google-oauth.js';
import { expectExchangesConform } from '../../../test-support/contracts.js';
import { upstreamFailure, useSandboxes } from '../../../test-support/sandboxes.js';
import { discoverySchema, googleEndpoints, type GoogleEndpoints } from './oauth.js';

// Google's OAuth rules (sandboxes/contracts/google-oauth: RFC 6749, RFC 7636, Google's guide)
// against both sides: the requests google-auth-library's OAuth2Client sends, built as oauth.ts
// builds them (offline access, consent prompt, PKCE S256), and the sandbox's answers.

const sandboxes = useSandboxes();
const REDIRECT = 'http://127.0.0.1:5000/api/console/auth/google/callback';

/** Google's discovery document as pinned (sandboxes/contracts/google-oauth/SOURCE.md). */
const PINNED = readFileSync(new URL('../../../sandboxes/contracts/google-oauth/openid-configuration.json', import.meta.url), 'utf8');
const discoveryUrl = () => `${sandboxes().urls['google-oauth']}/.well-known/openid-configuration`;

function client(endpoints: GoogleEndpoints) {
  return new OAuth2Client({
    clientId: GOOGLE_SANDBOX_CLIENT_ID,
    clientSecret: GOOGLE_SANDBOX_CLIENT_SECRET,
    redirectUri: REDIRECT,
    endpoints: { oauth2AuthBaseUrl: endpoints.authorization, oauth2TokenUrl: endpoints.token },
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
    // The endpoints as the console finds them: from the discovery document the sandbox serves.
    const endpoints = await googleEndpoints(discoveryUrl(), Date.now());
    const base = sandboxes().urls['google-oauth'];
    expect(endpoints).toEqual({ authorization: `${base}/o/oauth2/v2/auth`, token: `${base}/token`, userinfo: `${base}/v1/userinfo` });
    const oauth = client(endpoints);
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
    expect((await fetch(`${base}/v1/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    oauth.setCredentials({ refresh_token: tokens.refresh_token! });
    expect((await oauth.refreshAccessToken()).credentials.access_token).toBeTruthy();
    // Refusals: a used code (invalid_grant), a wrong verifier, an unknown token at userinfo.
    await expect(oauth.getToken({ code: 'usado', codeVerifier })).rejects.toThrow();
    expect((await fetch(`${base}/v1/userinfo`, { headers: { authorization: 'Bearer ya29.desconhecido' } })).status).toBe(401);
    const exchanges = sandboxes().controls['google-oauth'].exchanges();
    expect(exchanges.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /.well-known/openid-configuration 200',
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

  describe("Google's discovery document", () => {
    it('as Google publishes it (pinned) is what the client reads, and names the production endpoints', () => {
      const document = discoverySchema.parse(JSON.parse(PINNED));
      expect(`${document.issuer}/.well-known/openid-configuration`).toBe('https://accounts.google.com/.well-known/openid-configuration');
      expect([document.authorization_endpoint, document.token_endpoint, document.userinfo_endpoint]).toEqual([
        'https://accounts.google.com/o/oauth2/v2/auth',
        'https://oauth2.googleapis.com/token',
        'https://openidconnect.googleapis.com/v1/userinfo',
      ]);
    });

    it("is served by the sandbox with Google's members and the sandbox's origin", async () => {
      const served = (await (await fetch(discoveryUrl())).json()) as Record<string, unknown>;
      const base = sandboxes().urls['google-oauth'];
      const pinned = JSON.parse(PINNED) as Record<string, unknown>;
      expect(Object.keys(served)).toEqual(Object.keys(pinned));
      expect(served).toEqual(JSON.parse(PINNED.replace(/https:\/\/(accounts\.google\.com|oauth2\.googleapis\.com|openidconnect\.googleapis\.com)/g, base)));
      await expectExchangesConform('google-oauth', sandboxes().controls['google-oauth'].exchanges());
    });

    it('is refused without what the flow relies on, or when it names another issuer', async () => {
      const pinned = JSON.parse(PINNED) as Record<string, unknown>;
      expect(discoverySchema.safeParse({ ...pinned, code_challenge_methods_supported: ['plain'] }).success).toBe(false);
      expect(discoverySchema.safeParse({ ...pinned, userinfo_endpoint: undefined }).success).toBe(false);
      expect(discoverySchema.safeParse({ ...pinned, grant_types_supported: ['authorization_code'] }).success).toBe(false);
      // Google's own document served from another origin: its issuer is not that origin's (OpenID Connect Discovery §4.3).
      const impostor = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(PINNED));
      await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(impostor.address() as { port: number }).port}/.well-known/openid-configuration`;
        const refused = await upstreamFailure(googleEndpoints(url, Date.now()));
        expect(refused.message).toBe('Google: documento de descoberta de outro emissor');
      } finally {
        impostor.close();
      }
    });
  });
});
