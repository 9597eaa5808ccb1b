// SendGrid's Event Webhook under a provider-sized load: signed batches of 500 events are verified,
// stored and answered at once (well within SendGrid's 30 s), then applied by the Firestore trigger,
// each event once; a retry of the same batch changes nothing.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { signWebhookBody } from '../../../sandboxes/src/sendgrid.js';
import { testFirestore, waitFor } from '../../../test-support/stack.js';
import { removeCampaignProjects, seedCampaignProject } from '../../../test-support/campaigns.js';

afterAll(async () => {
  await removeCampaignProjects();
});

const KINDS = ['processed', 'delivered', 'open', 'click', 'open'] as const;

/** A batch posted as SendGrid posts it: signed over the raw body with a fresh timestamp. */
function post(events: unknown[]) {
  const body = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000));
  // SendGrid gives up on a POST after 30 s.
  return api('/api/sendgrid/events', {
    method: 'POST',
    body,
    headers: { 'x-twilio-email-event-webhook-signature': signWebhookBody(body, timestamp), 'x-twilio-email-event-webhook-timestamp': timestamp },
    signal: AbortSignal.timeout(30_000),
  });
}

describe("SendGrid's documented event examples", () => {
  it('every example (padded base64 ids) is counted in the campaign report, the repeated id once, the opt-outs recorded', async () => {
    const { project } = await seedCampaignProject('sg-docs', 2);
    const send = 'email-promo';
    const db = testFirestore();
    await db.doc(`project/${project}/campaign-send/${send}`).set({ channel: 'email', campaignId: 'promo', status: 'finished', sent: 1, total: 1 });
    // sandboxes/fixtures/sendgrid/SOURCE.md: the reference's example of each event, as written; SendGrid adds the message's custom args.
    const examples = JSON.parse(
      readFileSync(new URL('../../../sandboxes/fixtures/sendgrid/event-webhook-docs-examples.json', import.meta.url), 'utf8'),
    ) as object[];
    const events = examples.map((e) => ({ ...e, console_project: project, console_send: send, console_recipient: '0a1b2c3d' }));
    const answer = await post(events);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ok: true, received: 12, queued: true });

    const admin = await idToken(seedUser('admin'));
    const report = await waitFor(
      async () => {
        const { json } = await api(`/api/console/campaign-email/promo/report?project=${project}`, { token: admin });
        return json.data?.click === 1 ? json : undefined;
      },
      60_000,
      'the documented events in the report',
    );
    expect(report.data).toMatchObject({ processed_emails: ['example@test.com'], delivered: 1, open: 1, click: 1, bounce: 1, dropped: 1 });
    // 12 examples, 11 ids: 'blocked' is a bounce with the bounce's id.
    expect((await db.collection(`project/${project}/campaign-send/${send}/event`).count().get()).data().count).toBe(11);
    expect((await db.doc(`project/${project}/campaign-email-preference/example@test.com`).get()).get('unsubscribed')).toBe(true);
  });
});

describe('Event Webhook batches', () => {
  it('8 signed batches of 500 are acknowledged, applied once each, and a retried batch changes nothing', async () => {
    const { project } = await seedCampaignProject('sg-batches', 2);
    const send = 'email-promo';
    await testFirestore().doc(`project/${project}/campaign-send/${send}`).set({ channel: 'email', campaignId: 'promo', status: 'finished' });
    const run = Date.now().toString(36);
    // 100 recipients, 40 events each, spread over the batches.
    const recipients = Array.from({ length: 100 }, (_, i) => (0x10000000 + i).toString(16));
    const batches = Array.from({ length: 8 }, (_, b) =>
      Array.from({ length: 500 }, (_, i) => {
        const n = b * 500 + i;
        return {
          email: `r${n % 100}@exemplo.com.br`,
          event: KINDS[Math.floor(n / 100) % KINDS.length],
          sg_event_id: `${run}-${b}-${i}`,
          timestamp: 1790000000 + n,
          console_project: project,
          console_send: send,
          console_recipient: recipients[n % 100],
        };
      }),
    );
    const answers = await Promise.all(batches.map(post));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.map((a) => a.json)).toEqual(Array(8).fill(expect.objectContaining({ ok: true, received: 500, queued: true })));

    const events = testFirestore().collection(`project/${project}/campaign-send/${send}/event`);
    await waitFor(async () => (await events.count().get()).data().count === 4000 || undefined, 300_000, '4000 events applied');
    const before = (await testFirestore().collection(`project/${project}/campaign-send/${send}/recipient`).get()).docs.map((d) => [
      d.id,
      d.get('opens'),
      d.get('clicks'),
    ]);
    expect(before).toHaveLength(100);

    // SendGrid retries a batch it thinks was not received: recognised, nothing changes.
    const retry = await post(batches[3]!);
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ duplicate: true, queued: false });
    await new Promise((r) => setTimeout(r, 3000));
    expect((await events.count().get()).data().count).toBe(4000);
    const after = (await testFirestore().collection(`project/${project}/campaign-send/${send}/recipient`).get()).docs.map((d) => [
      d.id,
      d.get('opens'),
      d.get('clicks'),
    ]);
    expect(after).toEqual(before);
    // Every recipient got 16 opens and 8 clicks (40 events: 8 of each kind in the cycle).
    expect(after.every(([, opens, clicks]) => opens === 16 && clicks === 8)).toBe(true);
  });
});
