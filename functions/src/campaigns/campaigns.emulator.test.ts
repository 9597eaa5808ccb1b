import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEventFlag, campaignReport, type RecipientFlags } from '@console/shared';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { signWebhookBody } from '../../../sandboxes/src/sendgrid.js';
import { sandboxUrls, testFirestore, waitFor } from '../../../test-support/stack.js';
import { recipientAddress, removeCampaignProjects, seedCampaignProject } from '../../../test-support/campaigns.js';

// Segments, campaigns, the Event Webhook, unsubscribe, templates and gifts through Hosting, with the
// functions emulator, Cloud Tasks emulator and the stack's SendGrid sandbox (its journal and events
// are the witness).
const sendgrid = () => sandboxUrls().sendgrid!;
const giftProject = `gifts-${Date.now().toString(36)}`;
let admin: string;
let staffMain: string;
let staffCdlbox: string;

async function sandbox(path: string, init?: RequestInit) {
  const res = await fetch(`${sendgrid()}${path}`, init);
  return res.json() as Promise<Record<string, unknown>>;
}
const journalOf = async (project: string) =>
  (await sandbox(`/__sendgrid/journal?arg=console_project&value=${project}`)).messages as {
    to: string;
    subject: string;
    headers: Record<string, string>;
    html: string;
  }[];

beforeAll(async () => {
  [admin, staffMain, staffCdlbox] = await Promise.all([
    idToken(seedUser('admin')),
    idToken(seedUser('staff', ['main', 'cookstore'])),
    idToken(seedUser('staff', ['cdlbox'])),
  ]);
  await sandbox('/__sendgrid/faults', { method: 'DELETE' });
});
afterAll(async () => {
  await sandbox('/__sendgrid/faults', { method: 'DELETE' });
  await removeCampaignProjects();
  await testFirestore().recursiveDelete(testFirestore().collection('project').doc(giftProject));
});

describe('Testar segmento', () => {
  it('answers the members with their phones, the count, and who is left out and why', async () => {
    const { status, json } = await api('/api/console/customers/segments/clientes-vip?project=main', { token: staffMain });
    expect(status).toBe(200);
    expect(json.count).toBe(5);
    expect(json.data).toHaveLength(5);
    expect(json.data[0]).toEqual({ email: expect.stringContaining('@'), phoneNumber: expect.stringMatching(/^\+55/), customerId: expect.any(String) });
    expect(json.leftOut).toEqual([{ email: expect.any(String), customerId: expect.any(String), reason: 'unsubscribed' }]);
  });

  it('evaluates rules with the condition core (the same customers as its preview)', async () => {
    const segment = (await testFirestore().doc('project/main/customer-segment/vip-sul').get()).data()!;
    const condition = segment.rules[0].rulesIn[0];
    // The same rules without a parent: every customer the condition matches.
    await testFirestore()
      .doc('project/main/customer-segment/sul-sem-pai')
      .set({ ...segment, name: 'Sul (sem pai)', parent: null });
    const preview = await api('/api/console/conditions/preview?project=main', {
      token: staffMain,
      method: 'POST',
      body: JSON.stringify({ context: 'customer', map: condition.map, sampleSize: 50 }),
    });
    expect(preview.status).toBe(200);
    const { json } = await api('/api/console/customers/segments/sul-sem-pai?project=main', { token: staffMain });
    await testFirestore().doc('project/main/customer-segment/sul-sem-pai').delete();
    expect(json.count + json.leftOut.length).toBe(preview.json.matched);
    expect(json.count).toBeGreaterThan(0);
  });

  it('a rule with LIKE on a value with - (acessorios-churrasco) answers 200 with the same members as the equality', async () => {
    const rule = (type: string, value: string) => ({
      rulesIn: [
        {
          map: {
            type,
            params: [
              { type: 'field', value: 'product.category' },
              { type: 'string', value },
            ],
          },
          sql: '',
        },
      ],
      rulesInOnly: [],
      rulesNotIn: [],
    });
    const segments = testFirestore().collection('project/main/customer-segment');
    // 'acessorios-%' names one category of the seeded catalogue: the same customers as the equality.
    await segments.doc('test-like-slug').set({ name: 'Teste LIKE', rules: [rule('LIKE', 'acessorios-%')] });
    await segments.doc('test-equal-slug').set({ name: 'Teste =', rules: [rule('=', 'acessorios-churrasco')] });
    try {
      const like = await api('/api/console/customers/segments/test-like-slug?project=main', { token: staffMain });
      const equal = await api('/api/console/customers/segments/test-equal-slug?project=main', { token: staffMain });
      expect(like.status).toBe(200);
      expect(equal.status).toBe(200);
      expect(equal.json.count + equal.json.leftOut.length).toBeGreaterThan(0);
      expect(like.json.count).toBe(equal.json.count);
      expect(new Set(like.json.data.map((m: { email: string }) => m.email))).toEqual(new Set(equal.json.data.map((m: { email: string }) => m.email)));
    } finally {
      await Promise.all([segments.doc('test-like-slug').delete(), segments.doc('test-equal-slug').delete()]);
    }
  });

  it("a segment with a parent selects within its parent's members ('VIP — região Sul' lists VIPs only)", async () => {
    const members = async (id: string) => {
      const { json } = await api(`/api/console/customers/segments/${id}?project=main`, { token: staffMain });
      return ([...json.data, ...json.leftOut] as { email: string | null }[]).map((m) => (m.email ?? '').toLowerCase()).sort();
    };
    const vips = new Set(await members('clientes-vip'));
    const sul = await members('vip-sul');
    // A south customer who is not a VIP: in the rule's own matches, not among vip-sul's members.
    const segment = (await testFirestore().doc('project/main/customer-segment/vip-sul').get()).data()!;
    await testFirestore()
      .doc('project/main/customer-segment/sul-sem-pai-2')
      .set({ ...segment, parent: null });
    const allSouth = await members('sul-sem-pai-2');
    await testFirestore().doc('project/main/customer-segment/sul-sem-pai-2').delete();
    expect(allSouth.some((e) => !vips.has(e))).toBe(true);
    expect(sul.every((e) => vips.has(e))).toBe(true);
    expect(sul).toEqual(allSouth.filter((e) => vips.has(e)));
  });

  it('refuses another store and names an unknown segment', async () => {
    expect((await api('/api/console/customers/segments/clientes-vip?project=main', { token: staffCdlbox })).status).toBe(403);
    const missing = await api('/api/console/customers/segments/nao-existe?project=main', { token: staffMain });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Segmento de clientes não encontrado.');
  });
});

describe('campaign send through the task queue', () => {
  let project: string;
  let expected: string[];
  beforeAll(async () => {
    ({ project, expected } = await seedCampaignProject('http-send', 40));
    // Addresses whose events are a bounce, a drop and a spam report.
    const segment = testFirestore().doc(`project/${project}/customer-segment/todos`);
    const extra = ['bounce.cliente@exemplo.com.br', 'dropped.cliente@exemplo.com.br', 'spam.cliente@exemplo.com.br'];
    const emails = ((await segment.get()).data()!.emails as string[]).concat(extra);
    await segment.update({ emails });
    expected = [...expected, ...extra];
  });

  it('ten parallel clicks on Enviar start one send that reaches everyone exactly once', async () => {
    const clicks = await Promise.all(Array.from({ length: 10 }, () => api(`/api/console/campaign-email/promo/send?project=${project}`, { token: admin })));
    // On a loaded machine the emulator's Hosting proxy may give up (504) on a click whose function
    // worker is still starting; the click still runs. What counts: one send, one queued task.
    expect(clicks.every((c) => c.status === 200 || c.status === 504)).toBe(true);
    expect(clicks.some((c) => c.status === 200)).toBe(true);
    expect(clicks.filter((c) => c.json?.started).length).toBeLessThanOrEqual(1);
    const state = await waitFor(
      async () => {
        const doc = (await testFirestore().doc(`project/${project}/campaign-send/email-promo`).get()).data();
        return doc?.status === 'finished' ? doc : undefined;
      },
      120_000,
      'the send to finish',
    );
    expect(state.sent).toBe(expected.length);
    expect(state.kicks).toBe(1);
    const journal = await journalOf(project);
    expect(journal.map((m) => m.to).sort()).toEqual([...expected].sort());
    // Unsubscribed and competitor addresses were never sent.
    expect(journal.some((m) => m.to === 'saiu@exemplo.com.br' || m.to === 'rival@concorrente.com.br')).toBe(false);
    // A click after the end starts nothing.
    const again = await api(`/api/console/campaign-email/promo/send?project=${project}`, { token: admin });
    expect(again.json).toMatchObject({ started: false, state: { status: 'finished' } });
  }, 180_000);

  it('the report equals the journal and the events (each counted once, whatever their order)', async () => {
    await waitFor(async () => (await sandbox('/__sendgrid/webhooks')).pending === 0, 60_000, 'webhook deliveries');
    const { events } = await sandbox(`/__sendgrid/events?arg=console_project&value=${project}`);
    const flags = new Map<string, RecipientFlags>();
    for (const e of events as { email: string; event: string }[]) flags.set(e.email, applyEventFlag(flags.get(e.email) ?? {}, e.event));
    const expectedReport = campaignReport([...flags].map(([email, f]) => ({ email, flags: f })));
    const report = await waitFor(
      async () => {
        const { json } = await api(`/api/console/campaign-email/promo/report?project=${project}`, { token: admin });
        return JSON.stringify(json.data) === JSON.stringify(expectedReport) ? json : undefined;
      },
      60_000,
      'the report to match the events',
    );
    expect(report.sent).toBe(expected.length);
    expect(report.data.bounced_emails).toEqual(['bounce.cliente@exemplo.com.br']);
    expect(report.data.dropped_emails).toEqual(['dropped.cliente@exemplo.com.br']);
    expect(report.data.delivered).toBe(expected.length - 2);
    // Each open counted once although the sandbox posted duplicates.
    const opens = (events as { event: string }[]).filter((e) => e.event === 'open').length;
    const recipients = await testFirestore().collection(`project/${project}/campaign-send/email-promo/recipient`).get();
    expect(recipients.docs.reduce((n, d) => n + Number(d.data().opens ?? 0), 0)).toBe(opens);
    // The spam report marked the address unsubscribed.
    const pref = await testFirestore().collection(`project/${project}/campaign-email-preference`).where('email', '==', 'spam.cliente@exemplo.com.br').get();
    expect(pref.docs[0]?.data()).toMatchObject({ unsubscribed: true });
  }, 150_000);

  it('the one-click unsubscribe link records the opt-out once, and a forged link writes nothing', async () => {
    const message = (await journalOf(project)).find((m) => m.to === recipientAddress(3))!;
    const url = new URL(message.headers['List-Unsubscribe']!.slice(1, -1));
    const oneClick = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect((await oneClick()).status).toBe(200);
    const prefs = testFirestore().collection(`project/${project}/campaign-email-preference`);
    const first = (await prefs.where('email', '==', recipientAddress(3)).get()).docs[0]!.data();
    expect(first).toMatchObject({ unsubscribed: true });
    expect((await oneClick()).status).toBe(200);
    const second = (await prefs.where('email', '==', recipientAddress(3)).get()).docs.map((d) => d.data());
    expect(second).toHaveLength(1);
    expect(second[0]!.unsubscribedAt.isEqual(first.unsubscribedAt)).toBe(true);
    // The page behind the link (GET) changes nothing by itself.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Another address in the same link: refused, nothing written.
    const forged = new URL(url);
    forged.searchParams.set('e', Buffer.from(recipientAddress(4)).toString('base64url'));
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);
    expect((await prefs.where('email', '==', recipientAddress(4)).get()).empty).toBe(true);
  });
});

describe('Event Webhook signature', () => {
  const post = (body: string, headers: Record<string, string>) => api('/api/sendgrid/events', { method: 'POST', body, headers });
  it('refuses a bad signature, a stale timestamp and a missing signature, writing nothing; counts a good event once', async () => {
    const { project } = await seedCampaignProject('webhook', 2);
    await testFirestore().doc(`project/${project}/campaign-send/email-promo`).set({ channel: 'email', campaignId: 'promo', status: 'finished' });
    const event = {
      email: 'x@exemplo.com.br',
      event: 'open',
      sg_event_id: `evt${Date.now()}`,
      timestamp: 1,
      console_project: project,
      console_send: 'email-promo',
      console_recipient: 'abcdef0123456789',
    };
    const body = JSON.stringify([event]);
    const now = String(Math.floor(Date.now() / 1000));
    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    const eventDoc = testFirestore().doc(`project/${project}/campaign-send/email-promo/event/${event.sg_event_id}`);
    const bad = await post(body, {
      'x-twilio-email-event-webhook-signature': signWebhookBody(body.replace('open', 'click'), now),
      'x-twilio-email-event-webhook-timestamp': now,
    });
    expect(bad.status).toBe(403);
    expect(
      (await post(body, { 'x-twilio-email-event-webhook-signature': signWebhookBody(body, stale), 'x-twilio-email-event-webhook-timestamp': stale })).status,
    ).toBe(403);
    expect((await post(body, {})).status).toBe(403);
    expect((await eventDoc.get()).exists).toBe(false);
    const good = { 'x-twilio-email-event-webhook-signature': signWebhookBody(body, now), 'x-twilio-email-event-webhook-timestamp': now };
    // Stored and answered at once, applied by the trigger; the same batch again is recognised.
    expect((await post(body, good)).json).toMatchObject({ received: 1, queued: true });
    expect((await post(body, good)).json).toMatchObject({ duplicate: true, queued: false });
    const recipientDoc = testFirestore().doc(`project/${project}/campaign-send/email-promo/recipient/abcdef0123456789`);
    const recipient = await waitFor(async () => (await recipientDoc.get()).data(), 60_000, 'the event applied');
    expect(recipient).toMatchObject({ opens: 1, flags: { opened: true } });
  });
});

describe('e-mail templates', () => {
  it("'Enviar teste' sends the rendered template to the operator, without an unsubscribe link or header", async () => {
    const { status, json } = await api('/api/console/email-template?project=main', {
      token: admin,
      method: 'POST',
      body: JSON.stringify({ templateId: 'black-friday' }),
    });
    expect(status).toBe(200);
    expect(json.subject).toMatch(/^\[Teste\] Black Friday/);
    const mine = (await journalOf('main')).filter((m) => m.to === json.to);
    expect(mine.at(-1)!.subject).toBe(json.subject);
    expect(mine.at(-1)!.html).not.toContain('Descadastre-se');
    expect(mine.at(-1)!.html).not.toContain('unsubscribe');
    expect(Object.keys(mine.at(-1)!.headers ?? {}).map((h) => h.toLowerCase())).not.toContain('list-unsubscribe');
  });

  it("the task's 'Enviar teste' uses the same call, with the task's title and body", async () => {
    const task = (await testFirestore().collection('project/main/task').limit(1).get()).docs[0]!;
    const { status, json } = await api('/api/console/email-template?project=main', {
      token: admin,
      method: 'POST',
      body: JSON.stringify({ templateId: task.id, source: 'task' }),
    });
    expect(status).toBe(200);
    expect(json.subject).toBe(`[Teste] ${task.data().title}`);
    expect((await journalOf('main')).filter((m) => m.subject === json.subject).length).toBeGreaterThan(0);
  });

  it("'Ver' opens the rendered e-mail with a ticket, under a strict CSP; without one it is refused", async () => {
    const { json } = await api('/api/console/email-template/preview-ticket?project=main', {
      token: staffMain,
      method: 'POST',
      body: JSON.stringify({ id: 'black-friday' }),
    });
    const page = await api(json.url);
    expect(page.status).toBe(200);
    expect(page.json.raw).toContain('Olá, Maria!');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect((await api('/api/console/email-template?id=black-friday&project=main')).status).toBe(401);
    const tampered = json.url.replace('black-friday', 'carrinho-abandonado');
    expect((await api(tampered)).status).toBe(401);
  });
});

describe('gift campaign', () => {
  it('reports bad lines and writes nothing, then applies the rules idempotently', async () => {
    const db = testFirestore();
    const project = giftProject;
    const products = ['G1', 'G2', 'P1', 'P2', 'P3'];
    await Promise.all(products.map((sku) => db.doc(`project/${project}/product/${sku}`).set({ ProductSiteName: sku })));
    await db.doc(`project/${project}/product/P3`).update({ gifts: [{ sku: 'G1', quantity: 9 }] }); // an old gift, to be cleared
    const campaign = db.doc(`project/${project}/product-gift/natal`);
    await campaign.set({ name: 'Natal', rules: [{ products: ['P1', 'P2'], gifts: ['G1,1', 'G2;2'] }] });
    const call = () => api(`/api/console/products/gift/generate?project=${project}`, { token: admin, method: 'POST', body: '{}' });
    const bad = await call();
    expect(bad.json).toMatchObject({ ok: false, errors: ["Natal, regra 1, Brindes, linha 2: formato esperado 'SKU,quantidade' (G2;2)"] });
    expect((await db.doc(`project/${project}/product/P3`).get()).data()!.gifts).toEqual([{ sku: 'G1', quantity: 9 }]);
    await campaign.update({ rules: [{ products: ['P1', 'P2'], gifts: ['G1,1', 'G2,2'] }] });
    for (let run = 0; run < 2; run += 1) {
      const ok = await call();
      expect(ok.json).toMatchObject({ ok: true, productsWithGifts: 2 });
      const docs = await Promise.all(products.map((sku) => db.doc(`project/${project}/product/${sku}`).get()));
      expect(Object.fromEntries(docs.filter((d) => d.data()!.gifts).map((d) => [d.id, d.data()!.gifts]))).toEqual({
        P1: [
          { sku: 'G1', quantity: 1 },
          { sku: 'G2', quantity: 2 },
        ],
        P2: [
          { sku: 'G1', quantity: 1 },
          { sku: 'G2', quantity: 2 },
        ],
      });
    }
  });
});
