import { describe, expect, it } from 'vitest';
import { SENDGRID_EVENT_STAGE, storedDeliveryFlags, WHATSAPP_STATUS_STAGES, withStages, type DeliveryFlags } from './outcome.js';

describe('the delivery stages both channels share', () => {
  it("each channel's provider statuses in the shared words", () => {
    expect(SENDGRID_EVENT_STAGE).toMatchObject({
      processed: 'accepted',
      delivered: 'delivered',
      open: 'opened',
      click: 'clicked',
      bounce: 'bounced',
      dropped: 'dropped',
    });
    // Every status Meta posts has a meaning here; read implies delivered and accepted.
    expect(Object.keys(WHATSAPP_STATUS_STAGES).sort()).toEqual(['accepted', 'delivered', 'failed', 'read', 'sent']);
    for (const stages of Object.values(WHATSAPP_STATUS_STAGES)) expect(stages.length).toBeGreaterThan(0);
    expect(WHATSAPP_STATUS_STAGES.read).toEqual(['accepted', 'delivered', 'opened']);
  });

  it('flags only move forward, in any order of arrival', () => {
    const orders: (keyof typeof WHATSAPP_STATUS_STAGES)[][] = [
      ['sent', 'delivered', 'read'],
      ['read', 'sent', 'delivered'],
      ['delivered', 'read', 'read', 'sent'],
    ];
    const results = orders.map((order) => order.reduce<DeliveryFlags>((flags, s) => withStages(flags, WHATSAPP_STATUS_STAGES[s]), {}));
    for (const r of results) expect(r).toEqual({ accepted: true, delivered: true, opened: true });
    const flags = { accepted: true };
    expect(withStages(flags, ['accepted'])).toBe(flags);
  });

  it("reads an e-mail record's former 'processed' as accepted, and ignores what is not a stage", () => {
    expect(storedDeliveryFlags({ processed: true, delivered: true, opened: false, other: true })).toEqual({ accepted: true, delivered: true });
    expect(storedDeliveryFlags(null)).toEqual({});
  });
});
