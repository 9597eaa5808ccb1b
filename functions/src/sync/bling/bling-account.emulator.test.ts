// Issue 28, rows 4 and 5, on the running stack: Bling's per-account limits kept by every function
// instance together (the sandbox counts per account), a daily-limit 429 deferred, an idle
// account's tokens renewed by the scheduled handler, and 'Conectar Bling' end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, CONSOLE_URL, idToken, seedUser } from '../../../../test-support/emulator.js';
import { sandboxUrls, testFirestore, waitFor } from '../../../../test-support/stack.js';
import { PACE_COLLECTION } from '../../lib/pace-store.js';
import { nextBlingDay } from './pacing.js';
import { refreshBlingAccounts } from './refresh-accounts.js';

const CODES = ['10437899', '10618562', '1068566', '10770288', '10930027', '11152769'];
const firestore = testFirestore();
const bling = () => sandboxUrls().bling!;
const blingOrigin = () => new URL(bling()).origin;
let token: string;
let project: string;
let cookstore: Record<string, unknown>;

interface LoggedRequest {
  at: number;
  path: string;
  accountId: string | null;
  status: number;
}
const blingRequests = async (since: number): Promise<LoggedRequest[]> =>
  ((await (await fetch(`${blingOrigin()}/__bling/requests?since=${since}`)).json()) as { requests: LoggedRequest[] }).requests;
const setUsage = (accountId: string, requestsToday: number) =>
  fetch(`${blingOrigin()}/__bling/usage`, { method: 'POST', body: JSON.stringify({ accountId, requestsToday }) });

const account = (index: number | 'root') =>
  (index === 'root' ? cookstore : (cookstore.accounts as Record<string, unknown>[])[index]!) as { clientId: string; bearer: Record<string, string> };

beforeAll(async () => {
  token = await idToken(seedUser('admin'));
  // A store of its own with cookstore's Bling accounts (the other tests use main's), and main's products.
  cookstore = (await firestore.doc('project/cookstore/config/bling').get()).data()!;
  project = `bling-account-${Date.now().toString(36)}`;
  await firestore.doc(`project/${project}`).set({ name: `Teste ${project}` });
  await firestore.doc(`project/${project}/config/bling`).set(cookstore);
});

afterAll(async () => {
  // The sandbox's chains of cookstore's tokens moved on here (renewed, connected): cookstore keeps the live ones.
  const config = (await firestore.doc(`project/${project}/config/bling`).get()).data()!;
  await firestore.doc('project/cookstore/config/bling').set({ bearer: config.bearer, accounts: config.accounts }, { merge: true });
});

describe("Bling's limits per account", () => {
  it('two sync calls at once (two function instances) never reach Bling 4 times in a second for one account', async () => {
    const since = Date.now();
    // Two chains of requests at once: the functions emulator runs each request in a worker process
    // of its own, so two instances pace one account together.
    const sync = async (codes: string[]) => {
      const answers = [];
      for (const code of codes) answers.push(await api(`/api/bling/bigquery/produtos?project=${project}&id=${code}&bling=0`, { token }));
      return answers;
    };
    const answers = (await Promise.all([sync(CODES.slice(0, 3)), sync(CODES.slice(3))])).flat();
    expect(answers.map((a) => a.status)).toEqual(CODES.map(() => 200));
    const accepted = (await blingRequests(since)).filter((r) => r.accountId === account(0).clientId);
    expect(accepted.filter((r) => r.status === 429)).toEqual([]);
    expect(accepted.length).toBeGreaterThanOrEqual(CODES.length * 2);
    for (let i = 3; i < accepted.length; i++) expect(accepted[i]!.at - accepted[i - 3]!.at).toBeGreaterThanOrEqual(1000);
  }, 90_000);

  it("a daily-limit 429 defers the queued task to Bling's next day, not retried, with a Portuguese message", async () => {
    const accountId = account(1).clientId;
    await setUsage(accountId, 120_000);
    const since = Date.now();
    try {
      const url = `/api/bling/bigquery/produtos?project=${project}&id=${CODES[0]}&bling=1`;
      const queued = await api(`/api/console/queue/tasks?project=${project}`, { method: 'POST', token, body: JSON.stringify({ urls: [url] }) });
      expect(queued.status).toBe(200);
      const record = await waitFor(
        async () => {
          const snapshot = await firestore.collection(`project/${project}/sync-task`).get();
          // The one task queued in this store so far (its URL as the worker descriptor writes it).
          const deferred = snapshot.docs.map((d) => d.data()).find((d) => d.status === 'deferred');
          return deferred ?? undefined;
        },
        60_000,
        'the task deferred',
      );
      const resumeAt = nextBlingDay(Date.now());
      expect(record.resumeAt.toMillis()).toBe(resumeAt);
      expect(record.error).toMatch(
        /^Bling: limite diário de 120\.000 requisições da conta "Conta Marketplace" atingido; a sincronização continua em \d{2}\/\d{2}\/\d{4} às 00:00 \(horário de Brasília\)\.$/,
      );
      // Asked once, refused once: never retried.
      expect((await blingRequests(since)).filter((r) => r.accountId === accountId).map((r) => r.status)).toEqual([429]);
    } finally {
      await setUsage(accountId, 0);
      await firestore.doc(`${PACE_COLLECTION}/${encodeURIComponent(`bling|${accountId}`)}`).delete();
    }
  }, 90_000);
});

describe("an idle account's tokens", () => {
  it('are renewed by the scheduled handler, once even when two runs meet', async () => {
    const before = account('root').bearer;
    const since = Date.now();
    // Two instances of the scheduled function at once.
    const runs = await Promise.all([1, 2].map(() => refreshBlingAccounts(firestore, { apiUrl: bling(), projects: [project] })));
    expect(runs.flatMap((r) => r.failed)).toEqual([]);
    const stored = (await firestore.doc(`project/${project}/config/bling`).get()).data()!;
    expect(stored.bearer.refreshToken).not.toBe(before.refreshToken);
    expect(Date.now() - Date.parse(stored.bearer.refreshedAt)).toBeLessThan(60_000);
    expect(Date.parse(stored.bearer.refreshExpiresAt) - Date.parse(stored.bearer.refreshedAt)).toBe(30 * 86_400_000);
    expect(stored.tokenError).toBeNull();
    const exchanges = (await blingRequests(since)).filter((r) => r.path === '/oauth/token');
    expect(exchanges.filter((r) => r.status === 200)).toHaveLength(3); // root and the two accounts, once each
    expect(exchanges.filter((r) => r.status !== 200)).toEqual([]);
    // The renewed token works, and a second pass leaves the fresh accounts alone.
    expect((await api(`/api/bling/bigquery/produtos?project=${project}&id=${CODES[0]}`, { token })).status).toBe(200);
    expect((await refreshBlingAccounts(firestore, { apiUrl: bling(), projects: [project] })).renewed).toEqual([]);
  }, 60_000);
});

describe("'Conectar Bling'", () => {
  it('goes through Bling’s consent page and stores the account’s new tokens', async () => {
    const start = await api(`/api/console/sync/bling/connect?project=${project}&account=root`, { method: 'POST', token });
    expect(start.status).toBe(200);
    const consent = new URL(start.json.url);
    expect(consent.pathname).toBe('/Api/v3/oauth/authorize');
    expect(Object.fromEntries(consent.searchParams)).toEqual({ response_type: 'code', client_id: account('root').clientId, state: expect.any(String) });
    expect(start.json.url).not.toContain(String(cookstore.clientSecret));
    const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
    expect((await fetch(consent)).status).toBe(200);
    const decision = await fetch(`${consent.origin}/__bling/authorize/decision`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: account('root').clientId, state: consent.searchParams.get('state')!, decision: 'allow' }),
    });
    const callback = new URL(decision.headers.get('location')!);
    expect(callback.pathname).toBe('/api/console/sync/bling/callback');
    const back = await fetch(`${CONSOLE_URL}${callback.pathname}${callback.search}`, { redirect: 'manual', headers: { cookie } });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/\/console\/config\/bling\?bling=connected&account=root$/);
    const bearer = (await firestore.doc(`project/${project}/config/bling`).get()).get('bearer');
    expect(bearer.accessToken.length).toBeGreaterThanOrEqual(1500);
    expect(Date.parse(bearer.expiresAt) - Date.parse(bearer.refreshedAt)).toBe(21_600_000);
    // The state was single use: the same redirect again stores nothing.
    const replay = await fetch(`${CONSOLE_URL}${callback.pathname}${callback.search}`, { redirect: 'manual', headers: { cookie } });
    expect(new URL(replay.headers.get('location')!).searchParams.get('bling')).toBe('error');
    expect((await firestore.doc(`project/${project}/config/bling`).get()).get('bearer.accessToken')).toBe(bearer.accessToken);
  }, 60_000);

  it('is for admins only, and refuses a forged state', async () => {
    const staff = await idToken(seedUser('staff', ['main', 'cookstore']));
    const refused = await api(`/api/console/sync/bling/connect?project=cookstore&account=root`, { method: 'POST', token: staff });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('Somente administradores podem conectar o Bling.');
    const forged = await fetch(`${CONSOLE_URL}/api/console/sync/bling/callback?code=abc&state=${'x'.repeat(32)}`, { redirect: 'manual' });
    expect(new URL(forged.headers.get('location')!).searchParams.get('message')).toMatch(/^Conexão recusada/);
  });
});
