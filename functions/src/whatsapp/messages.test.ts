import { describe, expect, it } from 'vitest';
import { Firestore } from 'firebase-admin/firestore';
import { outcomeOf } from './messages.js';

// References only: nothing is read or written (no emulator).
const firestore = new Firestore({ projectId: 'demo-outcome' });
const message = firestore.doc('project/main/campaign-whatsapp-message/promo_k1');

describe("a WhatsApp message's outcome record (the send's, in the stages both channels share)", () => {
  it("lives beside the e-mail ones, under the campaign's send, and says what Meta's statuses mean", () => {
    const outcome = outcomeOf(message, {
      campaignId: 'promo',
      recipientKey: 'k1',
      phone: '5531987654321',
      customerId: 'c1',
      status: 'accepted',
      messageId: 'wamid.x',
      sent: true,
      delivered: true,
      read: true,
    });
    expect(outcome?.ref.path).toBe('project/main/campaign-send/whatsapp-promo/recipient/k1');
    expect(outcome?.data).toMatchObject({
      channel: 'whatsapp',
      address: '5531987654321',
      customerId: 'c1',
      flags: { accepted: true, delivered: true, opened: true },
    });
    expect(outcome?.data).not.toHaveProperty('failureReason');
  });

  it('a failed delivery keeps the reason and code Meta gave', () => {
    const outcome = outcomeOf(message, { campaignId: 'promo', recipientKey: 'k1', failed: true, failureReason: 'Message undeliverable', failureCode: 131026 });
    expect(outcome?.data).toMatchObject({ flags: { failed: true }, failureReason: 'Message undeliverable', failureCode: 131026 });
  });

  it('a record that names no campaign recipient has none', () => {
    expect(outcomeOf(message, { phone: '1' })).toBeNull();
    expect(outcomeOf(message, { campaignId: 'a/b', recipientKey: 'k' })).toBeNull();
  });
});
