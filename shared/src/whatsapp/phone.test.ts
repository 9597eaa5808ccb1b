import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { internationalPhoneKey, phoneKeyVariants, samePhone, sameWhatsappUser, whatsappPhoneKey } from './phone.js';

const ddd = fc.integer({ min: 11, max: 99 }).filter((n) => n % 10 !== 0);
const mobile8 = fc.stringMatching(/^[6-9]\d{7}$/);

describe('a WhatsApp sender matched with and without the ninth digit', () => {
  it('a wa_id without the ninth digit is the customer written with it', () => {
    expect(samePhone('+55 11 98765-4321', '551187654321')).toBe(true);
    expect(phoneKeyVariants('551187654321')).toEqual(expect.arrayContaining(['+5511987654321', '5511987654321', '551187654321', '+55 (11) 98765-4321']));
  });
  it('for any Brazilian mobile: with and without the ninth digit are one user, and every variant has the same key', () => {
    fc.assert(
      fc.property(ddd, mobile8, (area, local) => {
        const withNine = `55${area}9${local}`;
        const without = `55${area}${local}`;
        expect(samePhone(withNine, without)).toBe(true);
        expect(samePhone(`+${withNine}`, without)).toBe(true);
        expect(whatsappPhoneKey(without)).toBe(withNine);
        for (const variant of phoneKeyVariants(without)) expect(whatsappPhoneKey(variant)).toBe(withNine);
        expect(phoneKeyVariants(without)).toContain(`+${withNine}`);
        expect(phoneKeyVariants(without).length).toBeLessThanOrEqual(30);
      }),
    );
  });
  it('two different mobiles are never the same user', () => {
    fc.assert(
      fc.property(ddd, mobile8, mobile8, (area, a, b) => {
        fc.pre(a !== b);
        expect(samePhone(`55${area}9${a}`, `55${area}${b}`)).toBe(false);
      }),
    );
  });
});

describe('a number WhatsApp gives (from, wa_id, recipient_id) is international, whatever its country', () => {
  it("Meta's example sender 16505551234 (US) keeps its key; it is not the Brazilian 55 16 50555-1234", () => {
    expect(internationalPhoneKey('16505551234')).toBe('16505551234');
    expect(sameWhatsappUser('16505551234', '+1 650-555-1234')).toBe(true);
    expect(sameWhatsappUser('16505551234', '5516505551234')).toBe(false);
    expect(phoneKeyVariants('16505551234')).toEqual(['16505551234', '+16505551234']);
  });
  it('short and long foreign numbers are numbers (E.164: 8 to 15 digits)', () => {
    expect(internationalPhoneKey('298123456')).toBe('298123456');
    expect(internationalPhoneKey('447700900123')).toBe('447700900123');
    expect(internationalPhoneKey('1234567')).toBeNull();
    expect(internationalPhoneKey('1234567890123456')).toBeNull();
  });
  it('only a Brazilian number gets its ninth digit back', () => {
    expect(internationalPhoneKey('551187654321')).toBe('5511987654321');
    expect(sameWhatsappUser('5511987654321', '551187654321')).toBe(true);
    // 55 + 10 digits is a Brazilian landline-shaped number, but 3281234567 (10 digits, Belgium-shaped) is not touched.
    expect(internationalPhoneKey('3281234567')).toBe('3281234567');
  });
  it('for any Brazilian mobile a key read again as international is itself', () => {
    fc.assert(
      fc.property(ddd, mobile8, (area, local) => {
        const key = whatsappPhoneKey(`55${area}${local}`)!;
        expect(internationalPhoneKey(key)).toBe(key);
        for (const variant of phoneKeyVariants(key)) expect(whatsappPhoneKey(variant)).toBe(key);
      }),
    );
  });
});
