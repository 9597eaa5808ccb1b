import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPriceChange, guardrailMessage, guardrailSummary, readPriceGuardrails, type PriceGuardrails } from './price-guardrails.js';

/** Centavos as reais the way they are stored (89.9, not 8990). */
const reais = (centavos: number) => centavos / 100;
const centavos = fc.integer({ min: 1, max: 100_000_000 });
const percent = fc.integer({ min: 0, max: 500 });

describe('price guardrails', () => {
  it("says the example of the issue in the operator's words", () => {
    const trips = checkPriceChange({ from: 105, to: 89.9, cost: 102 }, { minMarginPercent: 10, maxChangePercent: null });
    expect(trips.map(guardrailMessage)).toEqual(['R$ 89,90 fica 12% abaixo do custo de R$ 102,00']);
    const margin = checkPriceChange({ from: null, to: 105, cost: 102 }, { minMarginPercent: 10, maxChangePercent: null });
    expect(guardrailSummary(margin)).toBe('R$ 105,00 tem margem de 2,9% sobre o custo de R$ 102,00, abaixo do mínimo de 10%');
    const step = checkPriceChange({ from: 100, to: 150, cost: null }, { minMarginPercent: null, maxChangePercent: 20 });
    expect(guardrailSummary(step)).toBe('R$ 100,00 para R$ 150,00 é um aumento de 50% de uma vez, acima do máximo de 20%');
  });

  it('checks nothing without guardrails, without a new price, or the margin without a cost', () => {
    expect(checkPriceChange({ from: 100, to: 1, cost: 50 }, null)).toEqual([]);
    expect(checkPriceChange({ from: 100, to: null, cost: 50 }, { minMarginPercent: 10, maxChangePercent: 5 })).toEqual([]);
    expect(checkPriceChange({ from: null, to: 1, cost: null }, { minMarginPercent: 10, maxChangePercent: 5 })).toEqual([]);
  });

  it('reads the store settings, ignoring what is not a non-negative number', () => {
    expect(readPriceGuardrails({ priceGuardrails: { minMarginPercent: 15, maxChangePercent: '20' } })).toEqual({
      minMarginPercent: 15,
      maxChangePercent: null,
    });
    expect(readPriceGuardrails({ priceGuardrails: { minMarginPercent: -1 } })).toBeNull();
    expect(readPriceGuardrails({})).toBeNull();
    expect(readPriceGuardrails(undefined)).toBeNull();
  });

  it('trips the margin exactly when price < cost × (1 + margin), counted in centavos', () => {
    fc.assert(
      fc.property(centavos, centavos, percent, (priceC, costC, minMargin) => {
        const trips = checkPriceChange({ from: null, to: reais(priceC), cost: reais(costC) }, { minMarginPercent: minMargin, maxChangePercent: null });
        // Exact rational comparison in BigInt: priceC / costC < (100 + m) / 100.
        const below = BigInt(priceC) * 100n < BigInt(costC) * BigInt(100 + minMargin);
        expect(trips.length === 1).toBe(below);
        if (below) expect(trips[0]!.kind).toBe(priceC < costC ? 'belowCost' : 'marginBelowMinimum');
      }),
    );
  });

  it('lets a price exactly on the minimum margin through', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), percent, (costReais, minMargin) => {
        // cost in whole reais: cost × (100 + m) / 100 is a whole number of centavos.
        const price = reais(costReais * (100 + minMargin));
        expect(checkPriceChange({ from: null, to: price, cost: costReais }, { minMarginPercent: minMargin, maxChangePercent: null })).toEqual([]);
        const oneCentavoLess = reais(costReais * (100 + minMargin) - 1);
        expect(checkPriceChange({ from: null, to: oneCentavoLess, cost: costReais }, { minMarginPercent: minMargin, maxChangePercent: null })).toHaveLength(1);
      }),
    );
  });

  it('trips the step exactly when |new − old| > old × max, either way', () => {
    fc.assert(
      fc.property(centavos, centavos, percent, (fromC, toC, maxChange) => {
        const guardrails: PriceGuardrails = { minMarginPercent: null, maxChangePercent: maxChange };
        const trips = checkPriceChange({ from: reais(fromC), to: reais(toC), cost: null }, guardrails);
        const tooFar = BigInt(Math.abs(toC - fromC)) * 100n > BigInt(fromC) * BigInt(maxChange);
        expect(trips.length === 1).toBe(tooFar);
        if (tooFar) expect(Math.sign((trips[0] as { changePercent: number }).changePercent)).toBe(Math.sign(toC - fromC));
      }),
    );
  });

  it('never trips on a price that does not change and keeps its margin', () => {
    fc.assert(
      fc.property(centavos, percent, percent, (costC, minMargin, maxChange) => {
        const price = reais(Math.ceil((costC * (100 + minMargin)) / 100));
        const guardrails = { minMarginPercent: minMargin, maxChangePercent: maxChange };
        expect(checkPriceChange({ from: price, to: price, cost: reais(costC) }, guardrails)).toEqual([]);
      }),
    );
  });
});
