import { isPlainObject } from '../values/plain-object.js';
import { checkPriceChange, guardrailSummary, toCentavos, type GuardedPriceField, type GuardrailTrip, type PriceGuardrails } from './price-guardrails.js';
import { purchasePrice } from './pricing.js';

/**
 * What a pricing rule (document 3, 'pricing-rule' options) does to a product's selling prices,
 * for its preview (issue 29 point 3). The spec names the options but not their arithmetic; the
 * decisions, written down in README.md ('Pricing rules: their effect on a price'):
 *
 * - a markup is a multiplier of the cost, as document 3 §9 writes a sales rule's markup (1.7);
 * - `minMarkup` is a floor: a cash price below cost × minMarkup is raised to it (rounded up to the
 *   centavo), a price above it is left alone, and a rule never lowers a price;
 * - `minInstallmentsMarkup` is the same floor for the installments price, whose absence means the
 *   cash price (the form's 'Vazio: usa o preço à vista');
 * - imported products (`Options.isImportedProduct`) take the imported markups, the ordinary ones
 *   when those are not set;
 * - the cost is the ERP's purchase price, else the manufacturer's (`purchasePrice`);
 *   `disablePriceNetErp` takes the manufacturer's `PriceNet` only; no cost, no change;
 * - `priceManual` on the rule, or `Options.isManualPricing` on the product: prices are the
 *   operator's, the rule changes none; a product with no price is not on sale and gets none;
 * - the flash markups and the free shipping / financing thresholds set no selling price the
 *   guardrails hold, so the preview leaves them out.
 */
export interface PricingRuleOptions {
  disablePriceNetErp?: boolean | null;
  minMarkup?: number | null;
  minInstallmentsMarkup?: number | null;
  minImportedMarkup?: number | null;
  minInstallmentsImportedMarkup?: number | null;
  priceManual?: boolean | null;
}

export interface PricingRulePriceChange {
  field: GuardedPriceField;
  from: number | null;
  to: number;
  cost: number;
  /** The store's guardrails this change would trip: held, not applied, until confirmed. */
  trips: GuardrailTrip[];
  /** The trips in the operator's words ('R$ 89,90 fica 12% abaixo do custo de R$ 102,00'), '' when none. */
  message: string;
}

export type PricingRuleEffect = { kind: 'manual' } | { kind: 'noCost' } | { kind: 'unchanged' } | { kind: 'changes'; changes: PricingRulePriceChange[] };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const markupOf = (value: unknown): number | null => (isNumber(value) && value > 0 ? value : null);

/** cost × markup rounded up to the centavo, in whole centavos (markup in basis points: 1.9 → 19000). */
export function markupFloorCentavos(cost: number, markup: number): number {
  const costC = toCentavos(cost);
  const markupBp = Math.round(markup * 10_000);
  return Math.floor((costC * markupBp + 9_999) / 10_000);
}

function ruleCost(product: Record<string, unknown>, options: PricingRuleOptions): number | null {
  if (options.disablePriceNetErp === true) return isNumber(product.PriceNet) && product.PriceNet > 0 ? product.PriceNet : null;
  return purchasePrice(product);
}

/** The effect of a rule's options on one product (as the panel reads it), checked against the store's guardrails. */
export function pricingRuleEffect(product: Record<string, unknown>, options: PricingRuleOptions, guardrails: PriceGuardrails | null): PricingRuleEffect {
  const flags = isPlainObject(product.Options) ? product.Options : {};
  if (options.priceManual === true || flags.isManualPricing === true) return { kind: 'manual' };
  const cost = ruleCost(product, options);
  if (cost === null) return { kind: 'noCost' };
  const imported = flags.isImportedProduct === true;
  const cashMarkup = markupOf(imported ? (options.minImportedMarkup ?? options.minMarkup) : options.minMarkup);
  const installmentsMarkup = markupOf(imported ? (options.minInstallmentsImportedMarkup ?? options.minInstallmentsMarkup) : options.minInstallmentsMarkup);

  const changes: PricingRulePriceChange[] = [];
  const change = (field: GuardedPriceField, from: number | null, toC: number) => {
    const to = toC / 100;
    const trips = checkPriceChange({ from, to, cost }, guardrails);
    changes.push({ field, from, to, cost, trips, message: guardrailSummary(trips) });
  };

  const price = isNumber(product.Price) ? product.Price : null;
  let cashC = price === null ? null : toCentavos(price);
  if (cashMarkup !== null) {
    const floorC = markupFloorCentavos(cost, cashMarkup);
    if (cashC !== null && cashC < floorC) {
      change('Price', price, floorC);
      cashC = floorC;
    }
  }
  if (installmentsMarkup !== null) {
    const stored = isNumber(product.PriceInstallments) ? product.PriceInstallments : null;
    const floorC = markupFloorCentavos(cost, installmentsMarkup);
    const effectiveC = stored !== null ? toCentavos(stored) : cashC;
    if (effectiveC !== null && effectiveC < floorC) change('PriceInstallments', effectiveC / 100, floorC);
  }
  return changes.length > 0 ? { kind: 'changes', changes } : { kind: 'unchanged' };
}
