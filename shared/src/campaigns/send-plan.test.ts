import { describe, expect, it } from 'vitest';
import { emailAddressing, planSend, preferencesByEmail, type SegmentMember } from './send-plan.js';

const hash = (t: string) => `h${[...t].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7).toString(16)}`;
const member = (email: string | null, customerId: string | null = null): SegmentMember => ({ customerId, email, phoneNumber: null, firstName: null });

describe('planSend', () => {
  it('keeps one recipient per address, leaves out unsubscribed, competitors and unreachable members with their reason', () => {
    const prefs = preferencesByEmail([
      { id: 'x', data: { email: 'Saiu@Loja.com', unsubscribed: true } },
      { id: 'rival@outra.com', data: { competitor: true } },
    ]);
    const plan = planSend(
      [
        member('b@loja.com', 'c1'),
        member('B@LOJA.com'),
        member('a@loja.com'),
        member('saiu@loja.com'),
        member('rival@outra.com'),
        member(null, 'c9'),
        member('sem arroba'),
      ],
      prefs,
      emailAddressing,
      { sendKey: 's', hash },
    );
    expect(plan.total).toBe(2);
    expect(plan.batches[0]!.recipients.map((r) => [r.address, r.customerId])).toEqual([
      ['a@loja.com', null],
      ['b@loja.com', 'c1'],
    ]);
    expect(plan.leftOut.map((l) => l.reason)).toEqual(['unsubscribed', 'competitor', 'no-address', 'no-address']);
  });

  it('cuts batches of the channel size with keys that are the same every time and differ between sends', () => {
    const members = Array.from({ length: 2501 }, (_, i) => member(`c${i}@loja.com`));
    const one = planSend(members, new Map(), emailAddressing, { sendKey: 's1', hash });
    const again = planSend([...members].reverse(), new Map(), emailAddressing, { sendKey: 's1', hash });
    const other = planSend(members, new Map(), emailAddressing, { sendKey: 's2', hash });
    expect(one.batches.map((b) => b.recipients.length)).toEqual([1000, 1000, 501]);
    expect(again.batches.map((b) => [b.key, b.recipients.map((r) => r.key)])).toEqual(one.batches.map((b) => [b.key, b.recipients.map((r) => r.key)]));
    expect(other.batches[0]!.key).not.toBe(one.batches[0]!.key);
    expect(new Set(one.batches.flatMap((b) => b.recipients.map((r) => r.address))).size).toBe(2501);
  });
});
