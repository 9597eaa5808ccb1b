// WhatsApp campaigns on the campaign send job, through the stack with real HTTP to the Graph API
// sandbox: 'Enviar' clicked many times, each member with a phone exactly once (the ninth digit
// too), the template's {{n}} and quick-reply parameters filled, opt-outs recorded as unsubscribes,
// what must not be retried not retried, the report with statuses from the signed webhooks; then a
// redelivered task and a worker dying after Meta accepted, in-process against the same emulators.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { campaignSendResponseSchema, whatsappCampaignReportSchema, whatsappPhoneKey, type WhatsappCampaignReport } from '@console/shared';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { deliverTask, sandboxUrls, testFirestore, waitFor } from '../../../test-support/stack.js';
import { runSendJob, sendDocPath, sendId } from '../campaigns/send-job.js';
import { preparingSend } from '../campaigns/start-send.js';
import { loadSegmentMembers } from '../campaigns/segment-members.js';
import { createWhatsappChannel } from '../campaigns/whatsapp-channel.js';
import { createWhatsappClient } from './client.js';

const PROJECT = 'main';
const run = Date.now().toString(36);
/** Numbers of this run (opt-outs and pair-rate limits outlive a run in the sandbox and the store). */
const tail = String(Date.now() % 10_000).padStart(4, '0');
const phone = (n: number, ddd = '11') => `55${ddd}9810${n}${tail}`;
let staff: string;
let whatsapp: string;

interface SandboxMessage {
  to: string;
  template: string;
  components: { type: string; sub_type?: string; index?: string; parameters: { text?: string; payload?: string }[] }[];
  opaque: string | null;
}
async function sandbox<Answer = Record<string, unknown>>(path: string, init: RequestInit = {}) {
  return (await fetch(`${whatsapp}${path}`, { headers: { 'content-type': 'application/json' }, ...init })).json() as Promise<Answer>;
}
const messagesTo = async (campaign: string) =>
  ((await sandbox('/__whatsapp/messages')).messages as SandboxMessage[]).filter((m) => m.opaque?.startsWith(`v1|${PROJECT}|${campaign}|`));

/** Customers and a segment of their e-mails in main; answers the segment id. */
async function segmentOf(name: string, customers: { first: string; phone: string | null }[]): Promise<{ segment: string; emails: string[] }> {
  const db = testFirestore();
  const batch = db.batch();
  const emails = customers.map((c, i) => `${name}.${i}.${run}@teste.demo`);
  customers.forEach((c, i) => {
    batch.set(db.doc(`project/${PROJECT}/customer/${name}-${run}-${i}`), {
      email: emails[i],
      firstName: c.first,
      lastName: 'Teste',
      ...(c.phone ? { phoneNumber: c.phone } : {}),
    });
  });
  const segment = `${name}-${run}`;
  batch.set(db.doc(`project/${PROJECT}/customer-segment/${segment}`), { name: segment, emails, rules: [], parent: null });
  await batch.commit();
  return { segment, emails };
}

async function campaign(id: string, segment: string, params = '{"1": "{{firstName}}", "2": "CHURRAS15", "button.1": "NAO_{{firstName}}"}') {
  await testFirestore().doc(`project/${PROJECT}/campaign-whatsapp/${id}`).set({
    name: id,
    whatsappTemplateId: 'oferta_churrasco',
    whatsappTemplateParams: params,
    customerSegmentId: segment,
    createdAt: FieldValue.serverTimestamp(),
  });
}

const click = (id: string) => api(`/api/console/campaign-whatsapp/${id}/send?project=${PROJECT}`, { token: staff });
const report = async (id: string): Promise<WhatsappCampaignReport> => {
  const answer = await api(`/api/console/campaign-whatsapp/${id}/report?project=${PROJECT}`, { token: staff });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return whatsappCampaignReportSchema.parse(answer.json);
};
const sendState = async (id: string) =>
  (
    await testFirestore()
      .doc(sendDocPath(PROJECT, sendId('whatsapp', id)))
      .get()
  ).data();
const finished = (id: string) =>
  waitFor(async () => ((await sendState(id))?.status === 'finished' ? sendState(id) : undefined), 90_000, `send of ${id} finished`);

beforeAll(async () => {
  staff = await idToken(seedUser('staff', ['main', 'cookstore']));
  whatsapp = new URL(sandboxUrls().whatsapp!).origin;
  await sandbox('/__whatsapp/messages', { method: 'DELETE' });
  // The seed's copy of the template; the campaign sends the sandbox's approved one.
  const loaded = await api(`/api/console/whatsapp-template/load-from-api?project=${PROJECT}`, { method: 'POST', token: staff });
  expect(loaded.status).toBe(200);
  // The functions emulator starts one worker per concurrent request: have three warm for the clicks,
  // of the function the clicks reach (apiCampaigns; /api/health is apiPlatform's since the API was
  // split), through a route of it that touches no data.
  await Promise.all([1, 2, 3].map(() => api('/api/console/campaign-whatsapp/warm-up', { token: staff }).catch(() => null)));
}, 300_000);
beforeEach(async () => {
  await sandbox('/__whatsapp/settings', { method: 'DELETE' });
  await sandbox('/__whatsapp/settings', { method: 'POST', body: JSON.stringify({ stepMs: 100, readEvery: 2, duplicateRate: 0.5 }) });
});
afterAll(async () => {
  await sandbox('/__whatsapp/settings', { method: 'DELETE' });
});

describe("campaign-whatsapp 'Enviar'", () => {
  it('sends each member with a phone exactly once under many clicks, fills the parameters, records opt-outs, and reports', async () => {
    const { segment } = await segmentOf('zap', [
      { first: 'Ana', phone: `+${phone(1)}` },
      { first: 'Bruno', phone: `+${phone(2, '31')}` },
      // The same person as Bruno, written without the ninth digit: one message.
      { first: 'Bruno', phone: phone(2, '31').replace(/^5531 ?9/, '5531') },
      { first: 'Carla', phone: `+${phone(3)}` }, // opted out at Meta: 131050
      { first: 'Davi', phone: `+${phone(4)}` }, // marketing limit: 131049, not retried
      { first: 'Eva', phone: null }, // no phone: left out
      { first: 'Fábio', phone: `+${phone(6)}` }, // delivery fails afterwards
    ]);
    await sandbox('/__whatsapp/settings', {
      method: 'POST',
      body: JSON.stringify({ readEvery: 1, optedOut: [phone(3)], marketingLimited: [phone(4)], undeliverable: [phone(6)] }),
    });
    const id = `zap-${run}`;
    await campaign(id, segment);
    const errorsBefore = await sandbox<Record<string, number>>('/__whatsapp/errors');

    const answers = await Promise.all(Array.from({ length: 3 }, () => click(id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => campaignSendResponseSchema.parse(a.json).started)).toHaveLength(1);
    const state = await finished(id);
    expect(state).toMatchObject({ total: 5, sent: 3, failed: 1, optedOut: 1, leftOut: { 'no-address': 1 } });
    // Clicked again after the end: nothing more.
    expect(campaignSendResponseSchema.parse((await click(id)).json).started).toBe(false);

    const sent = await messagesTo(id);
    expect(sent.map((m) => whatsappPhoneKey(m.to)).sort()).toEqual([phone(1), phone(6), phone(2, '31')]);
    const ana = sent.find((m) => m.to === phone(1))!;
    expect(ana.template).toBe('oferta_churrasco');
    expect(ana.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana' },
          { type: 'text', text: 'CHURRAS15' },
        ],
      },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'Quero ver' }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'NAO_Ana' }] },
    ]);
    // 131049 was tried once, never again; 131050 likewise.
    const errors = await sandbox<Record<string, number>>('/__whatsapp/errors');
    expect(errors['131049'] - (errorsBefore['131049'] ?? 0)).toBe(1);
    expect(errors['131050'] - (errorsBefore['131050'] ?? 0)).toBe(1);

    const preference = (
      await testFirestore()
        .doc(`project/${PROJECT}/campaign-whatsapp-preference/${phone(3)}`)
        .get()
    ).data();
    expect(preference).toMatchObject({ unsubscribed: true, reason: '131050' });

    // Statuses come back through the signed webhook, shuffled and repeated: each counted once.
    let last: WhatsappCampaignReport | null = null;
    const final = await waitFor(
      async () => {
        const r = (last = await report(id));
        return r.delivered === 2 && r.read === 2 && r.failed === 2 ? r : undefined;
      },
      30_000,
      'statuses in the report',
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(last)}`);
    });
    expect(final).toMatchObject({ status: 'finished', total: 5, sent: 3, delivered: 2, optedOut: 1, unconfirmed: 0, leftOut: { 'no-address': 1 } });
    expect(final.reasons.map((r) => r.reason).sort()).toEqual([
      'Entrega: Message undeliverable (131026)',
      'WhatsApp: limite de mensagens de marketing por usuário atingido (Meta) (131049).',
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await report(id)).delivered).toBe(2);
  }, 180_000);

  it('leaves out who opted out before, with or without the ninth digit', async () => {
    await testFirestore().doc(`project/${PROJECT}/campaign-whatsapp-preference/5531987770001`).set({ phone: '5531987770001', unsubscribed: true });
    const { segment } = await segmentOf('optout', [
      { first: 'Gil', phone: '553187770001' },
      { first: 'Hana', phone: '+55 11 98777-0002' },
    ]);
    const id = `optout-${run}`;
    await campaign(id, segment);
    await click(id);
    expect(await finished(id)).toMatchObject({ total: 1, sent: 1, leftOut: { unsubscribed: 1 } });
    expect((await messagesTo(id)).map((m) => m.to)).toEqual(['5511987770002']);
  });

  it('refuses a campaign whose parameters do not fill the template, before any message', async () => {
    const { segment } = await segmentOf('params', [{ first: 'Iara', phone: '+55 11 98666-0001' }]);
    const id = `params-${run}`;
    await campaign(id, segment, '{"1": "{{firstName}}"}');
    await click(id);
    const state = await finished(id);
    expect(state!.lastError).toBe('O template oferta_churrasco espera 2 parâmetro(s) em BODY; falta o {{2}}.');
    expect(await messagesTo(id)).toHaveLength(0);
  });

  it('does nothing more when the finished send task is delivered again', async () => {
    const { segment } = await segmentOf('redeliver', [
      { first: 'João', phone: '+55 11 98555-0001' },
      { first: 'Kátia', phone: '+55 11 98555-0002' },
    ]);
    const id = `redeliver-${run}`;
    await campaign(id, segment);
    await click(id);
    await finished(id);
    expect(await deliverTask('campaignSendTask', { project: PROJECT, sendId: sendId('whatsapp', id), kick: 1 }, 'again')).toBeLessThan(300);
    expect(await deliverTask('campaignSendTask', { project: PROJECT, sendId: sendId('whatsapp', id), kick: 2 }, 'again-2')).toBeLessThan(300);
    expect(await messagesTo(id)).toHaveLength(2);
  });
});

describe('a worker dying after Meta accepted', () => {
  const channel = () => createWhatsappChannel({ firestore: testFirestore(), baseUrl: () => `${sandboxUrls().whatsapp}/v21.0`, messagesPerSecond: () => 80 });
  const deps = (extra: Partial<Parameters<typeof runSendJob>[2]> = {}) => ({
    firestore: testFirestore(),
    channel: channel(),
    loadMembers: (p: string, c: Record<string, unknown>) => loadSegmentMembers(testFirestore(), p, c.customerSegmentId),
    sleep: async () => undefined,
    ...extra,
  });

  it('resumes without sending anyone twice', async () => {
    const { segment } = await segmentOf('crash', [
      { first: 'Lia', phone: '+55 11 98444-0001' },
      { first: 'Max', phone: '+55 11 98444-0002' },
      { first: 'Nina', phone: '+55 11 98444-0003' },
    ]);
    const id = `crash-${run}`;
    await campaign(id, segment);
    const db = testFirestore();
    const sid = sendId('whatsapp', id);
    await db.doc(sendDocPath(PROJECT, sid)).set(preparingSend('whatsapp', id));

    // The worker dies right after Meta accepted the batch, before anything is recorded.
    await expect(
      runSendJob(
        PROJECT,
        sid,
        deps({
          afterProviderCall: () => {
            throw new Error('worker killed');
          },
        }),
      ),
    ).rejects.toThrow('worker killed');
    expect(await messagesTo(id)).toHaveLength(3);
    expect((await sendState(id))!.status).toBe('sending');

    // The redelivered task settles the batch from the message records and sends nobody again.
    expect(await runSendJob(PROJECT, sid, deps())).toBe('finished');
    expect(await sendState(id)).toMatchObject({ status: 'finished', total: 3, sent: 3 });
    expect(await messagesTo(id)).toHaveLength(3);
  });

  it('reconciles a message Meta accepted but the send never recorded through the status webhook, sending nobody twice', async () => {
    // Statuses a second and a half after the send: the job waits for them instead of resending.
    await sandbox('/__whatsapp/settings', { method: 'POST', body: JSON.stringify({ stepMs: 1500 }) });
    const { segment } = await segmentOf('claim', [{ first: 'Olga', phone: '+55 11 98333-0001' }]);
    const id = `claim-${run}`;
    await campaign(id, segment);
    const db = testFirestore();
    const sid = sendId('whatsapp', id);
    await db.doc(sendDocPath(PROJECT, sid)).set(preparingSend('whatsapp', id));
    // Accepted by Meta, but the acceptance never recorded: no message record at all.
    let key = '';
    await expect(
      runSendJob(
        PROJECT,
        sid,
        deps({
          afterProviderCall: async (batch) => {
            key = batch.recipients[0]!.key;
            await db.doc(`project/${PROJECT}/campaign-whatsapp-message/${id}_${key}`).delete();
            throw new Error('worker killed');
          },
        }),
      ),
    ).rejects.toThrow('worker killed');
    expect(await runSendJob(PROJECT, sid, deps({ sleep: (ms: number) => new Promise((r) => setTimeout(r, Math.min(ms, 200))) }))).toBe('finished');
    expect(await messagesTo(id)).toHaveLength(1);
    expect(await sendState(id)).toMatchObject({ status: 'finished', sent: 1, unknown: 0 });
    // The status webhook named the record and created it with Meta's message id.
    const record = (await db.doc(`project/${PROJECT}/campaign-whatsapp-message/${id}_${key}`).get()).data()!;
    expect(record.recoveredFromWebhook).toBe(true);
    expect(record.messageId).toMatch(/^wamid\./);
  });
});

describe('WhatsApp provider faults (the sandbox journal as the witness)', () => {
  const faultChannel = () =>
    createWhatsappChannel({
      firestore: testFirestore(),
      baseUrl: () => `${sandboxUrls().whatsapp}/v21.0`,
      messagesPerSecond: () => 80,
      client: (waba) => createWhatsappClient({ baseUrl: `${sandboxUrls().whatsapp}/v21.0`, token: waba.token, timeoutMs: 1500 }),
      retry: { retries: 4, minTimeoutMs: 50, maxTimeoutMs: 400 },
      // Meta's 'sent' status comes within a step (100 ms here): after 3 s without one, it was not taken.
      statusWindowMs: 3000,
    });
  const faultDeps = () => ({
    firestore: testFirestore(),
    channel: faultChannel(),
    loadMembers: (p: string, c: Record<string, unknown>) => loadSegmentMembers(testFirestore(), p, c.customerSegmentId),
    sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 200))),
  });
  const setFault = (fault: string) => fetch(`${whatsapp}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ faults: [fault] }) });
  afterEach(async () => {
    await fetch(`${whatsapp}/__sandbox/faults`, { method: 'DELETE' });
  });

  /** A campaign of `n` numbers of its own, sent by the job until finished (a redelivery after a failed run). */
  let series = 0;
  async function sendWithFault(name: string, n: number, fault: string) {
    // Numbers of this test only (Meta's pair rate would refuse a second message to one user soon after).
    series += 1;
    const numbers = Array.from({ length: n }, (_, i) => ({ first: `Cliente ${i}`, phone: `+55 11 9${series}${String(i).padStart(3, '0')}${tail}` }));
    const { segment } = await segmentOf(name, numbers);
    const id = `${name}-${run}`;
    await campaign(id, segment);
    const sid = sendId('whatsapp', id);
    await testFirestore().doc(sendDocPath(PROJECT, sid)).set(preparingSend('whatsapp', id));
    await setFault(fault);
    let result = '';
    for (let i = 0; i < 5 && result !== 'finished'; i += 1) result = await runSendJob(PROJECT, sid, faultDeps()).catch((e: Error) => e.message);
    expect(result).toBe('finished');
    const journal = await messagesTo(id);
    const perNumber = new Map<string, number>();
    for (const m of journal) perNumber.set(m.to, (perNumber.get(m.to) ?? 0) + 1);
    // Each recipient exactly one message; the counts equal the journal; nothing unconfirmed counted as sent.
    expect([...perNumber.values()].filter((c) => c !== 1)).toEqual([]);
    expect(perNumber.size).toBe(n);
    expect(await sendState(id)).toMatchObject({ status: 'finished', total: n, sent: n, failed: 0, unknown: 0 });
    const r = await report(id);
    expect(r.sent).toBe(journal.length);
    return id;
  }

  const messages = 'path=/v21.0/*/messages;method=POST';
  it('503 with a Graph error body: retried, each once', () => sendWithFault('f503', 6, `${messages};status=503;times=3`));
  it('503 without a body (a proxy): retried, each once — not left unknown', () => sendWithFault('f503bare', 6, `${messages};status=503;bare;times=3`));
  it('connection reset before the body: retried, each once', () => sendWithFault('freset', 6, `${messages};reset-before;times=3`));
  it('connection reset after the body: reconciled (no status came), then sent once', () => sendWithFault('fresetafter', 6, `${messages};reset-after;times=2`));
  it('hang: reconciled after the status window, then sent once', () => sendWithFault('fhang', 6, `${messages};hang;times=2`));
  it('accept-then-drop: the status webhook proves it was taken; never resent', () => sendWithFault('fdrop', 6, `${messages};drop;times=3`));

  it('429 with Retry-After holds every in-flight call to the number until then', async () => {
    await fetch(`${whatsapp}/__sandbox/requests`, { method: 'DELETE' });
    await sendWithFault('f429', 40, `${messages};429=2;times=1`);
    const log = (
      (await (await fetch(`${whatsapp}/__sandbox/requests?path=/v21.0/`)).json()) as { requests: { method: string; time: string; fault?: string }[] }
    ).requests.filter((r) => r.method === 'POST');
    const refused = log.find((r) => r.fault?.includes('429'))!;
    const at = Date.parse(refused.time);
    // Calls already on the wire when the 429 left may land just after it; none starts until Retry-After passed.
    expect(log.filter((r) => Date.parse(r.time) > at + 250 && Date.parse(r.time) < at + 1950)).toEqual([]);
    expect(log.filter((r) => Date.parse(r.time) >= at + 1950).length).toBeGreaterThan(0);
  });
});
