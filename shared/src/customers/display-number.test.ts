import { describe, expect, it } from 'vitest';
import { customerDisplayNumber, fnv1a32 } from './display-number.js';

describe('fnv1a32', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
});

describe('customerDisplayNumber', () => {
  it('is the id hash modulo 100000, plus 1, pinned for seeded ids so customers are never renumbered', () => {
    expect(customerDisplayNumber('CBIsO8JDeK4mVQ7K9TAJ')).toBe(77168);
    expect(customerDisplayNumber('anon-358a1847b2b5')).toBe(73173);
    expect(customerDisplayNumber('a')).toBe(2221);
  });

  it('always lies between 1 and 100000', () => {
    for (let i = 0; i < 500; i++) {
      const n = customerDisplayNumber(`customer-${i}`);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(100_000);
    }
  });

  it('gives the same id the same number every time', () => {
    expect(customerDisplayNumber('IshXJEoenZK3yUyFdhr4')).toBe(customerDisplayNumber('IshXJEoenZK3yUyFdhr4'));
  });
});
