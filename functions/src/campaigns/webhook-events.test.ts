import { describe, expect, it } from 'vitest';
import { SENDGRID_WEBHOOK_PUBLIC_KEY, signWebhookBody } from '../../../sandboxes/src/sendgrid.js';
import { verifyWebhookSignature } from './webhook-events.js';

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
