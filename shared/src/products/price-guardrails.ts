import { isPlainObject } from '../values/plain-object.js';
import { purchasePrice } from './pricing.js';

/**
 * Price guardrails (issue 29 point 3): per store, in config/store, a minimum margin over cost and
 * a maximum change in one step. Every path that changes a selling price checks a change with
 * `checkPriceChange`; a change that trips one is held (collection `price-hold`) until an operator
 * confirms it with a reason.
 *
 * Money is compared in whole centavos (values are stored as reais with 2 decimals, as the panel
 * and the sync write them) and percentages in basis points, so a price exactly on the limit passes
 * whatever binary fraction 89.9 is stored as.
 */
export interface PriceGuardrails {
  /** The price must be at least cost × (1 + minMarginPercent / 100); null: not checked. */
  minMarginPercent: number | null;
  /** |new − old| / old at most maxChangePercent / 100 in one change; null: not checked. */
  maxChangePercent: number | null;
}

/** Where a store keeps them: config/store.priceGuardrails. */
export const PRICE_GUARDRAILS_CONFIG = { document: 'store', field: 'priceGuardrails' } as const;

/**
 * The selling prices guarded (document 1 §3): the cash price and the installments price. The
 * 'de' price (PriceCompare) and the manufacturer's minimums are reference prices, not what a
 * customer pays, so they are not held.
 */
export const GUARDED_PRICE_FIELDS = ['Price', 'PriceInstallments'] as const;
export type GuardedPriceField = (typeof GUARDED_PRICE_FIELDS)[number];

export function isGuardedPriceField(field: string): field is GuardedPriceField {
  return (GUARDED_PRICE_FIELDS as readonly string[]).includes(field);
}

/** The paths that change a price, as the held change and the changelog name them. */
export const PRICE_CHANGE_SOURCES = ['manual', 'csv', 'ai', 'sync', 'stale-override', 'pricing-rule'] as const;
export type PriceChangeSource = (typeof PRICE_CHANGE_SOURCES)[number];

export type GuardrailTrip =
  | { kind: 'belowCost'; price: number; cost: number; percentBelow: number }
  | { kind: 'marginBelowMinimum'; price: number; cost: number; marginPercent: number; minMarginPercent: number }
  | { kind: 'stepTooLarge'; from: number; to: number; changePercent: number; maxChangePercent: number };

export interface PriceChange {
  /** The price stored now (null: none, the first price is not a step). */
  from: number | null;
  /** The new price (null: the price is cleared, nothing to check). */
  to: number | null;
  /** The unit purchase price (`purchasePrice`), null when unknown: the margin is not checked. */
  cost: number | null;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Reais → whole centavos. */
export function toCentavos(reais: number): number {
  return Math.round(reais * 100);
}

const toBasisPoints = (percent: number) => Math.round(percent * 100);

/** The trips of one price change, empty when it is inside the store's guardrails. */
export function checkPriceChange({ from, to, cost }: PriceChange, guardrails: PriceGuardrails | null): GuardrailTrip[] {
  if (!guardrails || !isNumber(to)) return [];
  const trips: GuardrailTrip[] = [];
  const toC = toCentavos(to);
  const { minMarginPercent, maxChangePercent } = guardrails;
  if (isNumber(minMarginPercent) && isNumber(cost) && cost > 0) {
    const costC = toCentavos(cost);
    const minBp = toBasisPoints(minMarginPercent);
    // toC / costC ≥ 1 + minBp / 10000, in integers.
    if (toC * 10_000 < costC * (10_000 + minBp)) {
      const marginPercent = ((toC - costC) / costC) * 100;
      trips.push(
        toC < costC
          ? { kind: 'belowCost', price: to, cost, percentBelow: -marginPercent }
          : { kind: 'marginBelowMinimum', price: to, cost, marginPercent, minMarginPercent },
      );
    }
  }
  if (isNumber(maxChangePercent) && isNumber(from) && from > 0) {
    const fromC = toCentavos(from);
    const maxBp = toBasisPoints(maxChangePercent);
    if (Math.abs(toC - fromC) * 10_000 > fromC * maxBp) {
      trips.push({ kind: 'stepTooLarge', from, to, changePercent: ((toC - fromC) / fromC) * 100, maxChangePercent });
    }
  }
  return trips;
}

/** config/store.priceGuardrails as stored (numbers or absent), null when neither limit is set. */
export function readPriceGuardrails(storeConfig: unknown): PriceGuardrails | null {
  const stored = isPlainObject(storeConfig) ? storeConfig[PRICE_GUARDRAILS_CONFIG.field] : undefined;
  if (!isPlainObject(stored)) return null;
  const limit = (value: unknown) => (isNumber(value) && value >= 0 ? value : null);
  const guardrails = { minMarginPercent: limit(stored.minMarginPercent), maxChangePercent: limit(stored.maxChangePercent) };
  return guardrails.minMarginPercent === null && guardrails.maxChangePercent === null ? null : guardrails;
}

/** The cost a price of `product` is checked against (ERP's purchase price, else the manufacturer's). */
export function guardrailCost(product: Record<string, unknown> | null | undefined): number | null {
  return product ? purchasePrice(product) : null;
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** "R$ 89,90" with an ordinary space (Intl puts a no-break space, which messages and tests do not need). */
export function formatReais(value: number): string {
  return money.format(value).replace(/\s/g, ' ');
}

/** 11.86 → "12%"; below 10, one decimal ("2,9%", "0,4%"), so a small gap never reads as 0% or 3%. */
export function formatPercentPoints(percent: number): string {
  const magnitude = Math.abs(percent);
  const digits = magnitude < 10 ? 1 : 0;
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(magnitude)}%`;
}

/** The trip in the operator's words, with the numbers ('R$ 89,90 fica 12% abaixo do custo de R$ 102,00'). */
export function guardrailMessage(trip: GuardrailTrip): string {
  switch (trip.kind) {
    case 'belowCost':
      return `${formatReais(trip.price)} fica ${formatPercentPoints(trip.percentBelow)} abaixo do custo de ${formatReais(trip.cost)}`;
    case 'marginBelowMinimum':
      return `${formatReais(trip.price)} tem margem de ${formatPercentPoints(trip.marginPercent)} sobre o custo de ${formatReais(trip.cost)}, abaixo do mínimo de ${formatPercentPoints(trip.minMarginPercent)}`;
    case 'stepTooLarge':
      return `${formatReais(trip.from)} para ${formatReais(trip.to)} é ${trip.changePercent < 0 ? 'uma queda' : 'um aumento'} de ${formatPercentPoints(trip.changePercent)} de uma vez, acima do máximo de ${formatPercentPoints(trip.maxChangePercent)}`;
  }
}

/** Every trip of a change, one sentence. */
export function guardrailSummary(trips: readonly GuardrailTrip[]): string {
  return trips.map(guardrailMessage).join('; ');
}
