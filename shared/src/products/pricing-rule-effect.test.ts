import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markupFloorCentavos, pricingRuleEffect, type PricingRuleOptions } from './pricing-rule-effect.js';

// The seeded Magalu rule's numbers (emulator-data/seed: minMarkup 1.9, installments 2, imported 1.8 / 1.95).
const magalu: PricingRuleOptions = { minMarkup: 1.9, minInstallmentsMarkup: 2, minImportedMarkup: 1.8, minInstallmentsImportedMarkup: 1.95 };

describe('a pricing rule’s effect on a price (decisions in README.md)', () => {
  it('raises a cash price below cost × minMarkup to it, and the installments price to its own floor', () => {
    // Cost 73,61 (ERP): 73,61 × 1,9 = 139,859 → 139,86; × 2 = 147,22.
    const effect = pricingRuleEffect({ Price: 137.9, PriceNetErp: 73.61, PriceNet: 60 }, magalu, null);
    expect(effect).toEqual({
      kind: 'changes',
      changes: [
        { field: 'Price', from: 137.9, to: 139.86, cost: 73.61, trips: [], message: '' },
        // No installments price stored: it was the cash price after the rule.
        { field: 'PriceInstallments', from: 139.86, to: 147.22, cost: 73.61, trips: [], message: '' },
      ],
    });
  });

  it('never lowers a price, and leaves prices above the floors alone', () => {
    expect(pricingRuleEffect({ Price: 500, PriceInstallments: 520, PriceNetErp: 73.61 }, magalu, null)).toEqual({ kind: 'unchanged' });
  });

  it('takes the imported markups for an imported product, the manufacturer’s cost with disablePriceNetErp', () => {
    const imported = pricingRuleEffect({ Price: 100, PriceInstallments: 200, PriceNetErp: 100, Options: { isImportedProduct: true } }, magalu, null);
    expect(imported.kind === 'changes' && imported.changes.map((c) => [c.field, c.to])).toEqual([['Price', 180]]);
    const manufacturer = pricingRuleEffect(
      { Price: 100, PriceInstallments: 300, PriceNetErp: 100, PriceNet: 50 },
      { ...magalu, disablePriceNetErp: true },
      null,
    );
    expect(manufacturer).toEqual({ kind: 'unchanged' });
  });

  it('changes nothing for manual prices, without a cost or without a price', () => {
    expect(pricingRuleEffect({ Price: 1, PriceNetErp: 100 }, { ...magalu, priceManual: true }, null)).toEqual({ kind: 'manual' });
    expect(pricingRuleEffect({ Price: 1, PriceNetErp: 100, Options: { isManualPricing: true } }, magalu, null)).toEqual({ kind: 'manual' });
    expect(pricingRuleEffect({ Price: 1 }, magalu, null)).toEqual({ kind: 'noCost' });
    expect(pricingRuleEffect({ PriceNetErp: 100 }, magalu, null)).toEqual({ kind: 'unchanged' });
  });

  it('says which change the store’s guardrails would hold, with the numbers', () => {
    const effect = pricingRuleEffect({ Price: 100, PriceInstallments: 400, PriceNetErp: 100 }, magalu, { minMarginPercent: null, maxChangePercent: 50 });
    expect(effect).toMatchObject({
      kind: 'changes',
      changes: [{ field: 'Price', from: 100, to: 190, message: 'R$ 100,00 para R$ 190,00 é um aumento de 90% de uma vez, acima do máximo de 50%' }],
    });
  });

  it('property: the new price is the least centavo at or above cost × markup, never below the old one, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        (costC, markupBp, priceC) => {
          const cost = costC / 100;
          const markup = markupBp / 10_000;
          const floorC = markupFloorCentavos(cost, markup);
          // Exact: floorC is the least integer with floorC × 10000 ≥ costC × markupBp.
          const exact = BigInt(costC) * BigInt(markupBp);
          expect(BigInt(floorC) * 10_000n >= exact).toBe(true);
          expect(BigInt(floorC - 1) * 10_000n < exact).toBe(true);

          const effect = pricingRuleEffect({ Price: priceC / 100, PriceNetErp: cost }, { minMarkup: markup }, null);
          if (priceC >= floorC) {
            expect(effect).toEqual({ kind: 'unchanged' });
            return;
          }
          if (effect.kind !== 'changes') throw new Error(`expected a change, got ${effect.kind}`);
          const [change] = effect.changes;
          expect(Math.round(change!.to * 100)).toBe(floorC);
          expect(change!.to).toBeGreaterThan(priceC / 100);
          expect(pricingRuleEffect({ Price: change!.to, PriceNetErp: cost }, { minMarkup: markup }, null)).toEqual({ kind: 'unchanged' });
        },
      ),
    );
  });
});
