import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, CONSOLE_URL, idToken, seedUser } from '../../../test-support/emulator.js';
import { sandboxUrls, testFirestore } from '../../../test-support/stack.js';
import { GOOGLE_SANDBOX_CLIENT_ID, GOOGLE_SANDBOX_CLIENT_SECRET } from '../../../sandboxes/src/google-oauth.js';

// The Google Console connection against the stack's OAuth sandbox, through Hosting: URLs built from
// the configured public origin whatever the request's headers say, PKCE checked by the sandbox,
// and the Connect link's plain GET. The stack's PUBLIC_BASE_URL is its Hosting (CONSOLE_URL).
const PROJECT = 'main';
const CALLBACK = `${CONSOLE_URL}/api/console/auth/google/callback`;
const FORGED = { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example', forwarded: 'proto=javascript;host=evil.example' };
let admin: string;
let google: string;

beforeAll(async () => {
  admin = await idToken(seedUser('admin'));
  google = new URL(sandboxUrls()['google-oauth']!).origin;
});

const start = (headers: Record<string, string> = {}) => api(`/api/console/auth/google?project=${PROJECT}`, { method: 'POST', token: admin, headers });
const stored = async () => (await testFirestore().doc(`project/${PROJECT}/config/consoleauthgoogle`).get()).get('tokens');

/** Consent given on the sandbox's page: Google's redirect back (its Location). */
async function consent(consentUrl: string): Promise<URL> {
  const page = await fetch(consentUrl);
  expect(page.status).toBe(200);
  const form = new URLSearchParams();
  for (const m of (await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    );
  form.set('decision', 'allow');
  const approved = await fetch(`${google}/o/oauth2/v2/auth/approve`, { method: 'POST', body: form, redirect: 'manual' });
  expect(approved.status).toBe(302);
  return new URL(approved.headers.get('location')!);
}

/** Google's redirect followed to our callback through Hosting, with the start's cookie and these headers. */
const callback = (redirect: URL, cookie: string | null, headers: Record<string, string> = {}) =>
  fetch(`${CONSOLE_URL}${redirect.pathname}${redirect.search}`, { redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) } });

describe('the Google connection with forged forwarding headers', () => {
  it('builds redirect_uri and the final redirect from the configured origin only', async () => {
    await testFirestore().doc(`project/${PROJECT}/config/consoleauthgoogle`).set({ tokens: null }, { merge: true });
    const started = await start(FORGED);
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const consentUrl = new URL(started.json.url);
    expect(consentUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;

    const redirect = await consent(consentUrl.toString());
    expect(`${redirect.origin}${redirect.pathname}`).toBe(CALLBACK);
    const done = await callback(redirect, cookie, FORGED);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${CONSOLE_URL}/console/config/consoleauthgoogle?google=connected`);
    expect((await stored()).email).toBe('marketing.loja@gmail.com');

    // A refused callback (a forged state) goes back to the same origin, never to the headers' one.
    const refused = await callback(new URL(`http://x/api/console/auth/google/callback?code=4/0Ax&state=${'B'.repeat(32)}`), '__session=x', FORGED);
    const location = refused.headers.get('location')!;
    expect(location.startsWith(`${CONSOLE_URL}/console/config/consoleauthgoogle?google=error&message=`)).toBe(true);
  });
});

describe('PKCE', () => {
  it('sends an S256 challenge, keeps the verifier server-side, and a code is useless without it', async () => {
    const started = await start();
    const consentUrl = new URL(started.json.url);
    expect(consentUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const challenge = consentUrl.searchParams.get('code_challenge')!;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The verifier is in the (server-only) state document, and its S256 is the challenge Google got.
    const state = (
      await testFirestore()
        .doc(`oauth-state/${consentUrl.searchParams.get('state')}`)
        .get()
    ).data()!;
    expect(state.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(createHash('sha256').update(state.codeVerifier).digest('base64url')).toBe(challenge);
    expect(consentUrl.toString()).not.toContain(state.codeVerifier);

    // Someone who intercepted the code (even with the client secret) cannot exchange it without the verifier.
    const redirect = await consent(consentUrl.toString());
    const stolen = await fetch(`${google}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        redirect_uri: CALLBACK,
        client_id: GOOGLE_SANDBOX_CLIENT_ID,
        client_secret: GOOGLE_SANDBOX_CLIENT_SECRET,
      }),
    });
    expect([stolen.status, await stolen.json()]).toEqual([400, { error: 'invalid_grant', error_description: 'Missing code verifier.' }]);
  });

  it('connects when the callback sends the verifier it kept (the sandbox checks it)', async () => {
    await testFirestore().doc(`project/${PROJECT}/config/consoleauthgoogle`).set({ tokens: null }, { merge: true });
    const started = await start();
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
    const done = await callback(await consent(started.json.url), cookie);
    expect(done.headers.get('location')).toBe(`${CONSOLE_URL}/console/config/consoleauthgoogle?google=connected`);
    expect((await stored()).access_token).toMatch(/^ya29\./);
  });
});

describe("the Connect link's plain GET (opened in a new tab)", () => {
  const link = (project: string, headers: Record<string, string> = {}) =>
    fetch(`${CONSOLE_URL}/api/console/auth/google?project=${project}`, { redirect: 'manual', headers });

  it('hands over to the signed-in console, which starts the connection; it starts nothing by itself', async () => {
    const answer = await link(PROJECT, FORGED);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${CONSOLE_URL}/console/config/consoleauthgoogle?google=start&project=${PROJECT}`);
    // No state, no cookie: without an ID token nothing is started for the project.
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a project that is not a project id', async () => {
    const answer = await link('..%2Fconfig');
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/^Requisição inválida: project: /);
  });
});
