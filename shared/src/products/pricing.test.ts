import { describe, expect, it } from 'vitest';
import { installmentsPrice, margin, packagePriceRows, perPackagePrice, purchasePrice } from './pricing.js';

describe('product prices (document 1 §3, §9)', () => {
  it('uses Price for a blank PriceInstallments and keeps a given one', () => {
    expect(installmentsPrice({ Price: 119.9, PriceInstallments: null })).toBe(119.9);
    expect(installmentsPrice({ Price: 119.9 })).toBe(119.9);
    expect(installmentsPrice({ Price: 119.9, PriceInstallments: '' })).toBe(119.9);
    expect(installmentsPrice({ Price: 213.9, PriceInstallments: 235.9 })).toBe(235.9);
    expect(installmentsPrice({})).toBeNull();
  });

  it('buys at the ERP price when there is one, else at the manufacturer price', () => {
    expect(purchasePrice({ PriceNetErp: 108.45, PriceNet: 104.87 })).toBe(108.45);
    expect(purchasePrice({ PriceNetErp: null, PriceNet: 104.87 })).toBe(104.87);
    expect(purchasePrice({ PriceNetErp: 0, PriceNet: 104.87 })).toBe(104.87);
    expect(purchasePrice({})).toBeNull();
  });

  it('divides the sale price by the purchase price, rounded to 2 decimals', () => {
    expect(margin(213.9, 108.45)).toBe(1.97);
    expect(margin(119.9, 53.4)).toBe(2.25);
    expect(margin(1.005, 1)).toBe(1.01);
    expect(margin(null, 10)).toBeNull();
    expect(margin(10, null)).toBeNull();
  });

  it('prices one unit of each package as PriceNet / qty, smallest package first', () => {
    expect(perPackagePrice({ PriceNet: 60, qty: 6 })).toBe(10);
    expect(perPackagePrice({ PriceNet: 60, qty: 0 })).toBeNull();
    expect(perPackagePrice({ PriceNet: 60 })).toBeNull();
    expect(packagePriceRows({ '12': { PriceNet: 96, qty: 12 }, '6': { PriceNet: 60, qty: 6 }, bad: null })).toEqual([
      { key: '6', qty: 6, priceNet: 60, unitPrice: 10 },
      { key: '12', qty: 12, priceNet: 96, unitPrice: 8 },
    ]);
    expect(packagePriceRows(undefined)).toEqual([]);
  });
});
