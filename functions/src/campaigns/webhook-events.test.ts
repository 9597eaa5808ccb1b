import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SENDGRID_WEBHOOK_PUBLIC_KEY, signWebhookBody } from '../../../sandboxes/src/sendgrid.js';
import { eventDocId, readCampaignEvent, verifyWebhookSignature, webhookBodySchema } from './webhook-events.js';

describe('verifyWebhookSignature', () => {
  const body = JSON.stringify([{ email: 'a@b.com', event: 'delivered', sg_event_id: 'abc' }]);
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ts = String(now / 1000);

  it('accepts a body signed the way SendGrid signs it', () => {
    expect(verifyWebhookSignature(SENDGRID_WEBHOOK_PUBLIC_KEY, Buffer.from(body), signWebhookBody(body, ts), ts, now)).toEqual({ ok: true });
  });
  it('refuses a changed body, another timestamp, a stale one, a missing signature and a missing key', () => {
    const signature = signWebhookBody(body, ts);
    expect(verifyWebhookSignature(SENDGRID_WEBHOOK_PUBLIC_KEY, Buffer.from(body.replace('delivered', 'open')), signature, ts, now).ok).toBe(false);
    expect(verifyWebhookSignature(SENDGRID_WEBHOOK_PUBLIC_KEY, Buffer.from(body), signature, String(now / 1000 + 1), now).ok).toBe(false);
    const old = String(now / 1000 - 3600);
    expect(verifyWebhookSignature(SENDGRID_WEBHOOK_PUBLIC_KEY, Buffer.from(body), signWebhookBody(body, old), old, now)).toEqual({
      ok: false,
      reason: 'carimbo de tempo vencido',
    });
    expect(verifyWebhookSignature(SENDGRID_WEBHOOK_PUBLIC_KEY, Buffer.from(body), undefined, ts, now).ok).toBe(false);
    expect(verifyWebhookSignature('', Buffer.from(body), signature, ts, now).ok).toBe(false);
    expect(verifyWebhookSignature(SENDGRID_WEBHOOK_PUBLIC_KEY, Buffer.from(body), 'bm90IGEgc2lnbmF0dXJl', ts, now).ok).toBe(false);
  });
});

describe("SendGrid's own event examples", () => {
  // The Event Webhook reference's example of every event (sandboxes/fixtures/sendgrid/SOURCE.md), with our custom args.
  const examples = JSON.parse(
    readFileSync(new URL('../../../sandboxes/fixtures/sendgrid/event-webhook-docs-examples.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>[];
  const ours = { console_project: 'main', console_send: 'email-promo', console_recipient: '0a1b2c3d' };

  it('reads every documented event, padded base64 ids included', () => {
    const read = examples.map((e) => readCampaignEvent({ ...e, ...ours }));
    expect(read.map((r) => (r.ok ? r.event.event : r.reason))).toEqual(examples.map((e) => e.event));
    expect(examples.every((e) => String(e.sg_event_id).endsWith('=='))).toBe(true);
  });

  it('says why an event cannot be used instead of dropping it', () => {
    expect(readCampaignEvent(examples[2])).toEqual({ ok: false, reason: 'not-a-campaign-email' });
    expect(readCampaignEvent({ ...examples[2], ...ours, event: 'machine_opened' })).toEqual({ ok: false, reason: 'unknown-event' });
    expect(readCampaignEvent({ ...examples[2], ...ours, event: 'constructor' })).toEqual({ ok: false, reason: 'unknown-event' });
    expect(readCampaignEvent({ ...ours, event: 'delivered' })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('gives every id form a document id of its own, plain ids unchanged', () => {
    const ids = ['rbtnWrG1DVDGGGFHFyun0A==', 'rbtnWrG1DVDGGGFHFyun0A', 'a+b/c==', 'a-b_c==', 'ZGVsaXZlcmVkLTAtMjQ5OTY3', 'x'.repeat(300)];
    const docIds = ids.map(eventDocId);
    expect(new Set(docIds).size).toBe(ids.length);
    expect(docIds.every((id) => !id.includes('/') && id !== '.' && id !== '..' && Buffer.byteLength(id) <= 1500)).toBe(true);
    expect(eventDocId('rbtnWrG1DVDGGGFHFyun0A')).toBe('rbtnWrG1DVDGGGFHFyun0A');
  });
});

describe("the official @sendgrid/eventwebhook package's signed test payload", () => {
  const fixture = JSON.parse(
    readFileSync(new URL('../../../sandboxes/fixtures/sendgrid/eventwebhook-signed-test-payload.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const at = Number(fixture.timestamp) * 1000;

  it('verifies with its key, and with no other key, body or timestamp', () => {
    const body = Buffer.from(fixture.payload!);
    expect(verifyWebhookSignature(fixture.publicKey!, body, fixture.signature, fixture.timestamp, at)).toEqual({ ok: true });
    expect(verifyWebhookSignature(fixture.otherPublicKey!, body, fixture.signature, fixture.timestamp, at).ok).toBe(false);
    expect(verifyWebhookSignature(fixture.publicKey!, Buffer.from('payload'), fixture.signature, fixture.timestamp, at).ok).toBe(false);
    expect(verifyWebhookSignature(fixture.publicKey!, body, fixture.signature, String(Number(fixture.timestamp) + 1), at).ok).toBe(false);
  });

  it('is a single object, which the parser refuses: SendGrid posts a list of events', () => {
    expect(webhookBodySchema.safeParse(JSON.parse(fixture.payload!)).success).toBe(false);
    expect(readCampaignEvent(JSON.parse(fixture.payload!))).toEqual({ ok: false, reason: 'malformed' });
  });
});
