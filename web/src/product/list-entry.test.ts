import { describe, expect, it } from 'vitest';
import { productListDetail } from './list-entry';

const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe("the product list's second line", () => {
  it('shows the price and whether the product is on sale', () => {
    expect(plain(productListDetail({ Price: 1234.9, Options: { canSell: true } }))).toBe('R$ 1.234,90 · À venda');
    expect(plain(productListDetail({ Price: 99.9, Options: { canSell: false } }))).toBe('R$ 99,90 · Fora de venda');
  });

  it("adds an event's date, which tells one session of a workshop from the next", () => {
    const detail = productListDetail({ Price: 189.9, Options: { canSell: true, isEvent: true, eventDate: new Date('2026-12-05T13:00:00Z') } });
    expect(plain(detail)).toMatch(/^R\$ 189,90 · 05\/12\/2026,? \d\d:\d\d · À venda$/);
  });

  it('says free instead of a zero price, and nothing for a record without any of it', () => {
    expect(productListDetail({ Price: 0, Options: { isFree: true, canSell: true } })).toBe('Gratuito · À venda');
    expect(productListDetail({ ProductSiteName: 'Sem preço' })).toBeNull();
  });
});
