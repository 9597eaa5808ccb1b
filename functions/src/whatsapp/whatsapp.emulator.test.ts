// WhatsApp through the whole stack with real HTTP to the Graph API sandbox: 'Carregar templates'
// twice, the test message and its errors, the status webhook (signature, Meta's handshake, statuses
// once and forward only, the ninth digit), and who may call what.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { loadWhatsappTemplatesResponseSchema, parseStoredTemplate, whatsappTestMessageResponseSchema } from '@console/shared';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { sandboxUrls, setSandboxFaults, testFirestore, waitFor } from '../../../test-support/stack.js';
import { createWhatsappClient } from './client.js';

const PROJECT = 'main';
const APP_SECRET = `sandbox-waba-app-secret-${PROJECT}`;
let staffMain: string;
let staffCdlbox: string;
let whatsapp: string;

async function sandbox(path: string, init: RequestInit = {}) {
  const res = await fetch(`${whatsapp}${path}`, { headers: { 'content-type': 'application/json' }, ...init });
  return res.json() as Promise<Record<string, unknown>>;
}
const sandboxSettings = (settings: Record<string, unknown> | null) =>
  sandbox('/__whatsapp/settings', settings ? { method: 'POST', body: JSON.stringify(settings) } : { method: 'DELETE' });
const sandboxMessages = async () => (await sandbox('/__whatsapp/messages')).messages as { to: string; template: string; opaque: string | null }[];

beforeAll(async () => {
  staffMain = await idToken(seedUser('staff', ['main', 'cookstore']));
  staffCdlbox = await idToken(seedUser('staff', ['cdlbox']));
  whatsapp = new URL(sandboxUrls().whatsapp!).origin;
});
beforeEach(async () => {
  await sandboxSettings(null);
  await sandbox('/__whatsapp/messages', { method: 'DELETE' });
  await setSandboxFaults(whatsapp);
  await fetch(`${whatsapp}/__sandbox/requests`, { method: 'DELETE' });
});
afterAll(async () => {
  await sandboxSettings(null);
});

describe("'Carregar templates'", () => {
  const load = (token = staffMain, project = PROJECT) => api(`/api/console/whatsapp-template/load-from-api?project=${project}`, { method: 'POST', token });

  it('stores the approved templates of every page, and a second run updates without duplicating', async () => {
    const before = await testFirestore().collection(`project/${PROJECT}/whatsapp-template`).get();
    const first = await load();
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const one = loadWhatsappTemplatesResponseSchema.parse(first.json);
    // 5 approved of 7 (one pending, one rejected), listed 3 per page by the sandbox.
    expect(one.approved).toBe(5);
    expect(one.skipped).toBe(2);
    expect(one.ids.sort()).toEqual(['boas_vindas', 'boas_vindas--en_US', 'carrinho_abandonado', 'oferta_churrasco', 'pedido_enviado']);
    const pages = (await (await fetch(`${whatsapp}/__sandbox/requests?path=/v21.0/100000000000001/message_templates`)).json()) as { count: number };
    expect(pages.count).toBe(3);

    const doc = (await testFirestore().doc(`project/${PROJECT}/whatsapp-template/carrinho_abandonado`).get()).data()!;
    expect(doc.id).toBe('carrinho_abandonado');
    expect(doc.wabaId).toBe('100000000000001');
    const template = parseStoredTemplate(doc.template)!;
    expect(template.components.map((c) => c.type)).toEqual(['HEADER', 'BODY', 'BUTTONS']);
    expect(template.status).toBe('APPROVED');
    const churrasco = parseStoredTemplate((await testFirestore().doc(`project/${PROJECT}/whatsapp-template/oferta_churrasco`).get()).get('template'))!;
    expect(churrasco.components.map((c) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);

    const second = loadWhatsappTemplatesResponseSchema.parse((await load()).json);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
    const after = await testFirestore().collection(`project/${PROJECT}/whatsapp-template`).get();
    const names = after.docs.map((d) => d.id);
    expect(new Set(names).size).toBe(names.length);
    expect(after.size).toBe(new Set([...before.docs.map((d) => d.id), ...one.ids]).size);
  });

  it('says why when the Graph API fails, and writes nothing', async () => {
    await setSandboxFaults(whatsapp, { path: '/v21.0/100000000000001/message_templates', status: 500 });
    const answer = await load();
    expect(answer.status).toBe(502);
    // After the vendor layer's retries (client.ts TEMPLATE_READ_RETRY), in Portuguese.
    expect(answer.json.error).toBe('WhatsApp: a Meta está indisponível no momento; tente de novo em instantes (HTTP 500, código 2).');
  });

  it('refuses a user of another project', async () => {
    expect((await load(staffCdlbox)).status).toBe(403);
  });
});

describe('the test message', () => {
  const send = (body: unknown, token = staffMain, project = PROJECT) =>
    api(`/whatsapp/message?project=${project}`, { method: 'POST', token, body: JSON.stringify(body) });

  it("sends the template to the project's test number, not to the `to` given", async () => {
    const answer = await send({ to: '5511900000000', type: 'template', template: { name: 'boas_vindas', language: { code: 'pt_BR' }, components: [] } });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = whatsappTestMessageResponseSchema.parse(answer.json);
    expect(body.messageId).toMatch(/^wamid\./);
    expect(body.to).toBe('+55 11 *****-0001');
    const messages = await sandboxMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: '5511999990001', template: 'boas_vindas', opaque: 'v1|main|test' });
  });

  it("answers 'Nenhum template fornecido.' without a template", async () => {
    for (const body of [
      { to: '1', type: 'template' },
      { type: 'template', template: { name: ' ', language: { code: 'pt_BR' }, components: [] } },
    ]) {
      const answer = await send(body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: 'Nenhum template fornecido.' });
    }
    expect(await sandboxMessages()).toHaveLength(0);
  });

  it("shows the provider's error: wrong parameter count, a second message too soon", async () => {
    const wrong = await send({ type: 'template', template: { name: 'oferta_churrasco', language: { code: 'pt_BR' }, components: [] } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('WhatsApp: número de parâmetros não confere com o template (132000).');
    const ok = await send({ type: 'template', template: { name: 'boas_vindas', language: { code: 'pt_BR' }, components: [] } });
    expect(ok.status).toBe(200);
    const again = await send({ type: 'template', template: { name: 'boas_vindas', language: { code: 'pt_BR' }, components: [] } });
    expect(again.status).toBe(429);
    expect(again.json.error).toMatch(/131056/);
  });

  it('refuses without a token and for another project', async () => {
    const body = { type: 'template', template: { name: 'boas_vindas', language: { code: 'pt_BR' }, components: [] } };
    expect((await api(`/whatsapp/message?project=${PROJECT}`, { method: 'POST', body: JSON.stringify(body) })).status).toBe(401);
    expect((await send(body, staffCdlbox)).status).toBe(403);
  });
});

describe('the status webhook', () => {
  const url = (project = PROJECT) => `/api/whatsapp/webhook?project=${project}`;
  const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const post = (payload: unknown, signature?: string | null) => {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers['x-hub-signature-256'] = signature ?? sign(body);
    return api(url(), { method: 'POST', headers, body });
  };
  const statuses = (list: Record<string, unknown>[]) => ({
    object: 'whatsapp_business_account',
    entry: [
      { id: '100000000000001', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '1' }, statuses: list } }] },
    ],
  });
  const campaign = `webhook-test-${Date.now().toString(36)}`;
  let seq = 0;
  async function message(phone: string) {
    const key = `r${++seq}`;
    const id = `wamid.test-${campaign}-${key}`;
    const ref = testFirestore().doc(`project/${PROJECT}/campaign-whatsapp-message/${campaign}_${key}`);
    await ref.set({ campaignId: campaign, recipientKey: key, phone, status: 'accepted', messageId: id, createdAt: FieldValue.serverTimestamp() });
    return { ref, id, opaque: `v1|${PROJECT}|${campaign}|${key}` };
  }

  it("answers Meta's handshake with hub.challenge, only with the project's verify token", async () => {
    const ok = await fetch(`${process.env.CONSOLE_URL}${url()}&hub.mode=subscribe&hub.verify_token=sandbox-waba-verify-main&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await api(`${url()}&hub.mode=subscribe&hub.verify_token=sandbox-waba-verify-cookstore&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    expect(JSON.stringify(wrong.json)).not.toContain('1158201444');
  });

  it('refuses a body without or with a wrong signature, and changes nothing', async () => {
    const m = await message('+5511987650011');
    const payload = statuses([{ id: m.id, status: 'read', recipient_id: '5511987650011', timestamp: '1790000000', biz_opaque_callback_data: m.opaque }]);
    expect((await post(payload, null)).status).toBe(401);
    expect((await post(payload, sign(JSON.stringify(payload), 'sandbox-waba-app-secret-cookstore'))).status).toBe(401);
    expect((await post(payload, 'sha256=' + '0'.repeat(64))).status).toBe(401);
    expect((await m.ref.get()).get('read')).toBeUndefined();
  });

  it('counts each status once and moves forward only, whatever the order and repeats', async () => {
    const m = await message('+5511987650012');
    const s = (status: string, t: number) => ({ id: m.id, status, recipient_id: '5511987650012', timestamp: String(t), biz_opaque_callback_data: m.opaque });
    expect((await post(statuses([s('delivered', 1790000002), s('read', 1790000003)]))).status).toBe(200);
    expect((await post(statuses([s('sent', 1790000001), s('delivered', 1790000002), s('read', 1790000003)]))).json).toMatchObject({
      ok: true,
      applied: 0,
      stale: 3,
    });
    const data = (await m.ref.get()).data()!;
    expect(data).toMatchObject({ deliveryStatus: 'read', sent: true, delivered: true, read: true });
    expect(data.readAt.toMillis()).toBe(1790000003_000);
    // A failure after delivery does not move it back.
    await post(statuses([{ ...s('failed', 1790000004), errors: [{ code: 131026, title: 'Message undeliverable' }] }]));
    expect((await m.ref.get()).get('deliveryStatus')).toBe('read');
  });

  it('matches a wa_id without the ninth digit to the same customer, and ignores another number', async () => {
    const m = await message('+5531987654321');
    const answer = await post(
      statuses([{ id: m.id, status: 'delivered', recipient_id: '553187654321', timestamp: '1790000010', biz_opaque_callback_data: m.opaque }]),
    );
    expect(answer.json).toMatchObject({ applied: 1 });
    const other = await message('+5531987654322');
    const refused = await post(
      statuses([{ id: other.id, status: 'delivered', recipient_id: '553187650000', timestamp: '1790000010', biz_opaque_callback_data: other.opaque }]),
    );
    expect(refused.json).toMatchObject({ applied: 0, ignored: 1 });
  });

  it("receives the sandbox's own signed, shuffled, duplicated statuses", async () => {
    await sandboxSettings({ stepMs: 50, duplicateRate: 1, readEvery: 1 });
    const m = await message('+5511987650013');
    // The record expects the sandbox's message id: written once the send (our client) answers.
    const waba = (await testFirestore().doc(`project/${PROJECT}/config/waba`).get()).data()!;
    const sent = await createWhatsappClient({ baseUrl: `${whatsapp}/v21.0`, token: String(waba.wabaToken) }).sendTemplate(String(waba.wabaPhoneNumberId), {
      to: '+5511987650013',
      name: 'boas_vindas',
      language: 'pt_BR',
      components: [],
      opaque: m.opaque,
    });
    await m.ref.update({ messageId: sent.messageId });
    const data = await waitFor(
      async () => {
        const d = (await m.ref.get()).data()!;
        return d.read === true ? d : undefined;
      },
      20_000,
      'read status',
    );
    expect(data).toMatchObject({ sent: true, delivered: true, read: true, deliveryStatus: 'read' });
    const deliveries = (await sandbox('/__whatsapp/webhooks')).deliveries as { status: number | null }[];
    expect(deliveries.filter((d) => d.status !== null).every((d) => d.status === 200)).toBe(true);
  });
});

describe('replies and template changes by webhook', () => {
  const sign = (body: string) => `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
  const post = (field: string, value: Record<string, unknown>) => {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '100000000000001', changes: [{ field, value }] }] });
    return api(`/api/whatsapp/webhook?project=${PROJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
      body,
    });
  };
  const run = Date.now().toString(36);

  it("stores a quick-reply answer from a number without the ninth digit in the customer's conversation, as an event, on the campaign recipient, once", async () => {
    const db = testFirestore();
    const local = String(Date.now() % 100_000_000)
      .padStart(8, '7')
      .replace(/^./, '8');
    const customerId = `reply-${run}`;
    await db.doc(`project/${PROJECT}/customer/${customerId}`).set({
      email: `${customerId}@teste.demo`,
      firstName: 'Joana',
      phoneNumber: `+5541 9${local.slice(0, 4)}-${local.slice(4)}`.replace('+5541 ', '+55 41 '),
    });
    const campaignMessage = db.doc(`project/${PROJECT}/campaign-whatsapp-message/reply-${run}_k1`);
    const sentId = `wamid.sent-${run}`;
    await campaignMessage.set({ campaignId: `reply-${run}`, recipientKey: 'k1', phone: `55419${local}`, customerId, status: 'accepted', messageId: sentId });
    const inbound = {
      messaging_product: 'whatsapp',
      metadata: { phone_number_id: '1' },
      contacts: [{ profile: { name: 'Joana' }, wa_id: `5541${local}` }],
      messages: [
        {
          from: `5541${local}`,
          id: `wamid.in-${run}`,
          timestamp: '1790000100',
          type: 'button',
          context: { from: '1', id: sentId },
          button: { text: 'Quero ver', payload: 'QUERO_VER' },
        },
      ],
    };
    const first = await post('messages', inbound);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({ messages: 1 });
    // Meta redelivers: nothing changes.
    expect((await post('messages', inbound)).json).toMatchObject({ messages: 0 });

    const conversations = await db.collection(`project/${PROJECT}/conversation`).where('customerId', '==', customerId).get();
    expect(conversations.size).toBe(1);
    const stored = await conversations.docs[0]!.ref.collection('message').get();
    expect(stored.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ direction: 'inbound', kind: 'button', text: 'Quero ver', payload: 'QUERO_VER', campaignId: `reply-${run}`, customerId }),
    ]);
    expect((await db.doc(`project/${PROJECT}/customer-event/wa-wamid.in-${run}`).get()).data()).toMatchObject({
      action: 'whatsapp_reply',
      customerId,
      projectId: PROJECT,
    });
    expect((await campaignMessage.get()).data()).toMatchObject({ replied: true, reply: { text: 'Quero ver', payload: 'QUERO_VER' } });
  });

  /** A fixture of sandboxes/fixtures/whatsapp/ (SOURCE.md), posted byte for byte and signed as Meta signs it. */
  const replay = (fixture: string) => {
    const body = readFileSync(new URL(`../../../sandboxes/fixtures/whatsapp/${fixture}`, import.meta.url), 'utf8');
    return api(`/api/whatsapp/webhook?project=${PROJECT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
      body,
    });
  };

  it("stores Meta's own example message from a US number (16505551234) under that number, in its customer's conversation", async () => {
    const db = testFirestore();
    const customerId = `us-${run}`;
    await db.doc(`project/${PROJECT}/customer/${customerId}`).set({ email: `${customerId}@teste.demo`, firstName: 'Sheena', phoneNumber: '+16505551234' });
    const answer = await replay('inbound-text-message.json');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({ messages: 1, ignored: 0 });
    const conversations = await db.collection(`project/${PROJECT}/conversation`).where('phone', '==', '16505551234').get();
    expect(conversations.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ customerId, phone: '16505551234', lastMessageText: 'Does it come in another color?' }),
    ]);
    const stored = await conversations.docs[0]!.ref.collection('message').get();
    expect(stored.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        direction: 'inbound',
        phone: '16505551234',
        profileName: 'Sheena Nelson',
        customerId,
        text: 'Does it come in another color?',
        messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
      }),
    ]);
    // Redelivered: stored once.
    expect((await replay('inbound-text-message.json')).json).toMatchObject({ messages: 0 });
  });

  it("counts Meta's own status example (delivered to 16505551234) on the campaign message it names, and ignores it without our opaque data", async () => {
    const fixture = readFileSync(new URL('../../../sandboxes/fixtures/whatsapp/status-delivered.json', import.meta.url), 'utf8');
    // As Meta posts it: a status of a message the console did not send (no biz_opaque_callback_data) changes nothing.
    expect((await replay('status-delivered.json')).json).toMatchObject({ applied: 0, ignored: 1 });
    // A message we sent carries our opaque data, and Meta echoes it on every status.
    const db = testFirestore();
    const record = db.doc(`project/${PROJECT}/campaign-whatsapp-message/us-${run}_k1`);
    await record.set({
      campaignId: `us-${run}`,
      recipientKey: 'k1',
      phone: '16505551234',
      status: 'accepted',
      messageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA',
    });
    const payload = JSON.parse(fixture) as { entry: { changes: { value: { statuses: Record<string, unknown>[] } }[] }[] };
    payload.entry[0]!.changes[0]!.value.statuses[0]!.biz_opaque_callback_data = `v1|${PROJECT}|us-${run}|k1`;
    const answer = await post('messages', payload.entry[0]!.changes[0]!.value);
    expect(answer.json).toMatchObject({ applied: 1, ignored: 0 });
    expect((await record.get()).data()).toMatchObject({ delivered: true });
  });

  it("applies Meta's own template status example (language written en-US) to the template stored as en_US", async () => {
    const ref = testFirestore().doc(`project/${PROJECT}/whatsapp-template/order_confirmation--en_US`);
    await ref.set({
      id: 'order_confirmation--en_US',
      wabaId: 'example',
      template: JSON.stringify({
        id: '1689556908129832',
        name: 'order_confirmation',
        language: 'en_US',
        status: 'PAUSED',
        category: 'UTILITY',
        components: [],
      }),
      upstreamStatus: 'PAUSED',
      selectable: false,
    });
    const answer = await replay('template-status-approved.json');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ templates: 1, ignored: 0 });
    expect((await ref.get()).data()).toMatchObject({ upstreamStatus: 'APPROVED', selectable: true });
    expect(parseStoredTemplate((await ref.get()).get('template'))!.status).toBe('APPROVED');
  });

  it('a template paused or deleted at Meta is marked (not selectable, the send refuses it); approved again, it is offered again', async () => {
    const ref = testFirestore().doc(`project/${PROJECT}/whatsapp-template/pedido_enviado`);
    await api(`/api/console/whatsapp-template/load-from-api?project=${PROJECT}`, { method: 'POST', token: staffMain });
    const change = (event: string) =>
      post('message_template_status_update', {
        event,
        message_template_id: 1,
        message_template_name: 'pedido_enviado',
        message_template_language: 'pt_BR',
        reason: 'NONE',
      });
    expect((await change('PAUSED')).json).toMatchObject({ templates: 1 });
    expect((await ref.get()).data()).toMatchObject({ upstreamStatus: 'PAUSED', selectable: false });
    expect(parseStoredTemplate((await ref.get()).get('template'))!.status).toBe('PAUSED');
    await change('APPROVED');
    expect((await ref.get()).data()).toMatchObject({ upstreamStatus: 'APPROVED', selectable: true });

    // Deleted at Meta: gone from the list, so 'Carregar templates' marks it.
    await sandbox('/__whatsapp/settings', { method: 'POST', body: JSON.stringify({ webhookUrl: null }) });
    await sandbox('/__whatsapp/templates', { method: 'POST', body: JSON.stringify({ project: PROJECT, name: 'pedido_enviado', status: 'DELETED' }) });
    const loaded = await api(`/api/console/whatsapp-template/load-from-api?project=${PROJECT}`, { method: 'POST', token: staffMain });
    // At least this one: a template another test stored for the project and Meta does not list is marked too.
    expect(loaded.json.removed).toBeGreaterThanOrEqual(1);
    expect((await ref.get()).data()).toMatchObject({ upstreamStatus: 'DELETED', selectable: false });
    await sandbox('/__whatsapp/templates', { method: 'DELETE' });
    await api(`/api/console/whatsapp-template/load-from-api?project=${PROJECT}`, { method: 'POST', token: staffMain });
    expect((await ref.get()).data()).toMatchObject({ upstreamStatus: 'APPROVED', selectable: true });
  });

  it("'Enviar' refuses, in Portuguese and before sending anything, a campaign over the messaging tier", async () => {
    const db = testFirestore();
    const waba = db.doc(`project/${PROJECT}/config/waba`);
    const emails = [0, 1, 2].map((i) => `tier-${run}-${i}@teste.demo`);
    await Promise.all(
      emails.map((email, i) =>
        db
          .doc(`project/${PROJECT}/customer/tier-${run}-${i}`)
          .set({ email, firstName: 'T', phoneNumber: `+55 11 9700${i}-${run.slice(-4).replace(/\D/g, '1').padStart(4, '1')}` }),
      ),
    );
    await db.doc(`project/${PROJECT}/customer-segment/tier-${run}`).set({ name: 'Tier', emails, rules: [], parent: null });
    await db.doc(`project/${PROJECT}/campaign-whatsapp/tier-${run}`).set({ name: 'Tier', whatsappTemplateId: 'boas_vindas', customerSegmentId: `tier-${run}` });
    await waba.set({ wabaMessagingTier: 2 }, { merge: true });
    try {
      const answer = await api(`/api/console/campaign-whatsapp/tier-${run}/send?project=${PROJECT}`, { token: staffMain });
      expect(answer.status).toBe(409);
      expect(answer.json.error).toMatch(/acima do limite do seu nível de mensagens na Meta \(2 por 24 h\)/);
      expect((await db.doc(`project/${PROJECT}/campaign-send/whatsapp-tier-${run}`).get()).exists).toBe(false);
      expect((await sandboxMessages()).filter((m) => m.opaque?.includes(`tier-${run}`))).toHaveLength(0);
    } finally {
      await waba.update({ wabaMessagingTier: FieldValue.delete() });
    }
  });
});

describe('the Google Console connection', () => {
  let admin: string;
  let google: string;
  beforeAll(async () => {
    admin = await idToken(seedUser('admin'));
    google = new URL(sandboxUrls()['google-oauth']!).origin;
  });
  const start = (token: string, project = PROJECT) => api(`/api/console/auth/google?project=${project}`, { method: 'POST', token });
  /** Consent given on the sandbox's page: Google's redirect back to our callback. */
  async function consent(consentUrl: string): Promise<URL> {
    const page = await fetch(consentUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const form = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(
        m[1]!,
        m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
      );
    form.set('decision', 'allow');
    const approved = await fetch(`${google}/o/oauth2/v2/auth/approve`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.status).toBe(302);
    return new URL(approved.headers.get('location')!);
  }
  const callback = (redirect: URL, cookie?: string) =>
    fetch(`${process.env.CONSOLE_URL}${redirect.pathname}${redirect.search}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const stored = async () => (await testFirestore().doc(`project/${PROJECT}/config/consoleauthgoogle`).get()).get('tokens');

  it('is for admins only', async () => {
    const answer = await start(staffMain);
    expect(answer.status).toBe(403);
    expect(answer.json.error).toBe('Somente administradores podem conectar o Google.');
  });

  it('connects: consent on Google, the callback stores the tokens with the account, the state works once', async () => {
    await testFirestore().doc(`project/${PROJECT}/config/consoleauthgoogle`).set({ tokens: null }, { merge: true });
    const started = await start(admin);
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const consentUrl = new URL(started.json.url);
    expect(consentUrl.origin).toBe(google);
    expect(consentUrl.searchParams.get('access_type')).toBe('offline');
    expect(consentUrl.searchParams.get('redirect_uri')).toMatch(/\/api\/console\/auth\/google\/callback$/);
    const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^__session=/);

    const redirect = await consent(consentUrl.toString());
    const done = await callback(redirect, cookie);
    expect(done.status).toBe(302);
    expect(new URL(done.headers.get('location')!).pathname + new URL(done.headers.get('location')!).search).toBe(
      '/console/config/consoleauthgoogle?google=connected',
    );
    const tokens = await stored();
    expect(tokens).toMatchObject({ email: 'marketing.loja@gmail.com', token_type: 'Bearer' });
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\/0/);

    // The same state again (a replayed redirect): refused, nothing changes.
    const replay = await callback(redirect, cookie);
    expect(new URL(replay.headers.get('location')!).searchParams.get('google')).toBe('error');
    expect((await stored()).access_token).toBe(tokens.access_token);
  });

  it('refuses a forged state, and a state from another browser', async () => {
    await testFirestore().doc(`project/${PROJECT}/config/consoleauthgoogle`).set({ tokens: null }, { merge: true });
    const forged = await callback(new URL(`http://x/api/console/auth/google/callback?code=4/0Aforged&state=${'A'.repeat(32)}`), '__session=whatever');
    expect(forged.status).toBe(302);
    expect(new URL(forged.headers.get('location')!).searchParams.get('message')).toMatch(/^Conexão recusada/);

    const started = await start(admin);
    const redirect = await consent(started.json.url);
    const otherBrowser = await callback(redirect);
    expect(new URL(otherBrowser.headers.get('location')!).searchParams.get('google')).toBe('error');
    expect(await stored()).toBeNull();
  });
});
