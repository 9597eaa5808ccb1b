import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, CONSOLE_URL, idToken, seedUser } from '../../../test-support/emulator.js';
import { signWebhookBody } from '../../../sandboxes/src/sendgrid.js';
import { testFirestore, waitFor } from '../../../test-support/stack.js';
import { removeCampaignProjects, seedCampaignProject } from '../../../test-support/campaigns.js';

// Ids Firestore refuses, and the errors an operator reads, through Hosting as the browser calls:
// every bad id is a 400 with the reason in Portuguese (never a 500), and no message is English.
let staffMain: string;
const cleanup: string[] = [];

beforeAll(async () => {
  staffMain = await idToken(seedUser('staff', ['main', 'cookstore']));
});
afterAll(async () => {
  await Promise.all(cleanup.map((path) => testFirestore().doc(path).delete()));
  await removeCampaignProjects();
});

/**
 * A GET with its path sent exactly as written. fetch (the WHATWG URL parser) folds '..' and
 * '%2E%2E' segments away before sending, as a browser does; any other client can send them, and
 * Hosting's proxy folds them the same way, so they never reach an endpoint as an id (ids in bodies
 * and queries are tested below).
 */
function rawGet(path: string, token: string): Promise<{ status: number; text: string }> {
  const target = new URL(CONSOLE_URL);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path, method: 'GET', headers: { authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const RESERVED = 'Requisição inválida: identificador não pode começar e terminar com "__" (reservado).';
// Campaign ids leave room for the send's channel prefix (1,400 bytes); other ids have Firestore's 1,500.
const LONG = /^Requisição inválida: identificador longo demais \(máximo de 1[45]00 bytes\)\.$/;
const CONTROL = 'Requisição inválida: identificador não pode conter caracteres de controle.';
/** A path segment as sent, and the answer it must get. */
const BAD_SEGMENTS: [string, string | RegExp][] = [
  ['__proto__', RESERVED],
  ['__x__', RESERVED],
  ['x'.repeat(1600), LONG],
  ['a%0Ab', CONTROL],
  ['%00', CONTROL],
];
const PATHS = [
  (id: string) => `/api/console/customers/segments/${id}?project=main`,
  (id: string) => `/api/console/campaign-email/${id}/send?project=main`,
  (id: string) => `/api/console/campaign-email/${id}/report?project=main`,
  (id: string) => `/api/console/campaign-whatsapp/${id}/send?project=main`,
  (id: string) => `/api/console/campaign-whatsapp/${id}/report?project=main`,
  (id: string) => `/api/file/video/${id}?project=main`,
];

describe('an id Firestore refuses', () => {
  it.each(PATHS.map((path) => ({ name: path('{id}'), path })))('in the path of $name: 400 with the reason in Portuguese', async ({ path }) => {
    for (const [segment, message] of BAD_SEGMENTS) {
      const answer = await api(path(segment), { token: staffMain });
      expect([segment, answer.status]).toEqual([segment, 400]);
      if (typeof message === 'string') expect(answer.json.error).toBe(message);
      else expect(answer.json.error).toMatch(message);
    }
    // Dot segments sent raw are folded away before the router (a 4xx for another address, never a 500).
    for (const segment of ['..', '%2E%2E', '.']) expect((await rawGet(path(segment), staffMain)).status).toBeLessThan(500);
  });

  it('as a product code: a control character is refused, not trimmed away', async () => {
    expect((await api('/api/console/products/10437899?project=main', { token: staffMain })).status).toBe(200);
    for (const code of ['10437899%0A', '%0910437899', '10437899%0D']) {
      const answer = await api(`/api/console/products/${code}?project=main`, { token: staffMain });
      expect([code, answer.status, answer.json.error]).toEqual([code, 400, 'Requisição inválida: código de produto inválido.']);
    }
  });

  it("in 'Enviar teste' and 'Ver' of an e-mail template", async () => {
    for (const [templateId, message] of [
      ['__proto__', 'identificador não pode começar e terminar com "__" (reservado)'],
      ['..', 'identificador não pode ser "." nem ".."'],
      ['../config/waba', 'identificador não pode conter "/"'],
      ['x'.repeat(1600), 'identificador longo demais (máximo de 1500 bytes)'],
      ['oferta\n', 'identificador não pode conter caracteres de controle'],
    ]) {
      const test = await api('/api/console/email-template?project=main', { token: staffMain, method: 'POST', body: JSON.stringify({ templateId }) });
      expect([test.status, test.json.error]).toEqual([400, `Requisição inválida: templateId: ${message}`]);
      const ticket = await api('/api/console/email-template/preview-ticket?project=main', {
        token: staffMain,
        method: 'POST',
        body: JSON.stringify({ id: templateId }),
      });
      expect([ticket.status, ticket.json.error]).toEqual([400, `Requisição inválida: id: ${message}`]);
      const preview = await api(`/api/console/email-template?project=main&id=${encodeURIComponent(templateId)}&ticket=x`);
      expect([preview.status, preview.json.error]).toEqual([400, `Requisição inválida: id: ${message}`]);
    }
  });

  it('in a CSV import row: the batch is refused naming the record, nothing is written', async () => {
    for (const id of ['__x__', '..', 'x'.repeat(1600)]) {
      const answer = await api('/api/console/collections/import?project=main', {
        token: staffMain,
        method: 'POST',
        body: JSON.stringify({
          collection: 'customer-segment',
          records: [
            { line: 2, id: 'ok-segment-import', data: { name: 'A' } },
            { line: 3, id, data: { name: 'B' } },
          ],
        }),
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatch(/^Requisição inválida: records\.1\.id: identificador /);
    }
    expect((await testFirestore().doc('project/main/customer-segment/ok-segment-import').get()).exists).toBe(false);
  });
});

describe("'Ver' of an e-mail template (preview ticket)", () => {
  it("is issued only for a template of the caller's project that exists", async () => {
    const onlyInCookstore = `so-cookstore-${Date.now().toString(36)}`;
    cleanup.push(`project/cookstore/email-template/${onlyInCookstore}`);
    await testFirestore().doc(`project/cookstore/email-template/${onlyInCookstore}`).set({ subject: 'Oi', body: 'Olá' });
    const ask = (project: string, id: string) =>
      api(`/api/console/email-template/preview-ticket?project=${project}`, { token: staffMain, method: 'POST', body: JSON.stringify({ id }) });

    const missing = await ask('main', 'nao-existe');
    expect([missing.status, missing.json]).toEqual([404, { error: 'Template de e-mail não encontrado.' }]);
    const otherStore = await ask('main', onlyInCookstore);
    expect([otherStore.status, otherStore.json]).toEqual([404, { error: 'Template de e-mail não encontrado.' }]);
    expect((await ask('main', '../config/waba')).status).toBe(400);
    const own = await ask('cookstore', onlyInCookstore);
    expect(own.status).toBe(200);
    expect(own.json.url).toContain(`id=${onlyInCookstore}`);
  });
});

describe('errors in Portuguese', () => {
  it("a missing campaign is 'Campanha não encontrada.'", async () => {
    for (const channel of ['campaign-email', 'campaign-whatsapp']) {
      const answer = await api(`/api/console/${channel}/nao-existe/send?project=main`, { token: staffMain });
      expect([answer.status, answer.json]).toEqual([404, { error: 'Campanha não encontrada.' }]);
    }
  });

  it('a broken template says what is wrong and where, in Portuguese', async () => {
    const id = `quebrado-${Date.now().toString(36)}`;
    cleanup.push(`project/main/email-template/${id}`);
    await testFirestore().doc(`project/main/email-template/${id}`).set({ subject: 'Ofertas', body: '<p>Olá</p>\n{{#products}}<p>{{name}}</p>' });
    const answer = await api('/api/console/email-template?project=main', { token: staffMain, method: 'POST', body: JSON.stringify({ templateId: id }) });
    expect([answer.status, answer.json]).toEqual([400, { error: 'Template inválido — corpo: seção {{#products}} não fechada: falta {{/products}}.' }]);
  });

  it('a large, valid SendGrid batch (12,000 events, 600 of a campaign) is accepted and counted', async () => {
    const { project } = await seedCampaignProject('big-batch', 2);
    await testFirestore().doc(`project/${project}/campaign-send/email-promo`).set({ channel: 'email', campaignId: 'promo', status: 'finished' });
    const stamp = Date.now().toString(36);
    const ours = Array.from({ length: 600 }, (_, i) => ({
      email: `cliente${i % 6}@exemplo.com.br`,
      event: i % 2 ? 'open' : 'delivered',
      sg_event_id: `big-${stamp}-${i}`,
      timestamp: 1_700_000_000 + i,
      console_project: project,
      console_send: 'email-promo',
      console_recipient: `${'abcdef'[i % 6]}0123456789abcdef`,
    }));
    // Short events of other mail (no console arguments): SendGrid's 768 KB batches hold thousands.
    const others = Array.from({ length: 11_400 }, (_, i) => ({ email: `x${i}@e.co`, event: 'processed', sg_event_id: `o-${stamp}-${i}` }));
    const body = JSON.stringify([...ours, ...others]);
    const now = String(Math.floor(Date.now() / 1000));
    const answer = await api('/api/sendgrid/events', {
      method: 'POST',
      body,
      headers: { 'x-twilio-email-event-webhook-signature': signWebhookBody(body, now), 'x-twilio-email-event-webhook-timestamp': now },
    });
    // About 1 MB: past what a batch document holds, so it is applied before the answer; a smaller
    // batch is acknowledged at once and applied after (campaigns/event-batches.ts). Either way:
    expect([answer.status, answer.json.received]).toEqual([200, 12_000]);
    const recipients = testFirestore().collection(`project/${project}/campaign-send/email-promo/recipient`);
    const opened = await waitFor(
      async () => (await recipients.doc('b0123456789abcdef').get()).data()?.opens === 100 || undefined,
      120_000,
      'the batch applied',
    );
    expect(opened).toBe(true);
    const recipient = (await recipients.doc('a0123456789abcdef').get()).data()!;
    expect(recipient).toMatchObject({ opens: 0, flags: { delivered: true } });
  });

  it('a body that is not a list of events is still refused in Portuguese', async () => {
    const body = JSON.stringify({ events: [] });
    const now = String(Math.floor(Date.now() / 1000));
    const answer = await api('/api/sendgrid/events', {
      method: 'POST',
      body,
      headers: { 'x-twilio-email-event-webhook-signature': signWebhookBody(body, now), 'x-twilio-email-event-webhook-timestamp': now },
    });
    expect([answer.status, answer.json]).toEqual([400, { error: 'Corpo deve ser uma lista de eventos.' }]);
  });
});
