import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneKeyVariants, samePhone, whatsappPhoneKey } from './phone.js';

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
