import { z } from 'zod';
import { conditionNodeSchema } from '../conditions/types.js';
import { GUARDED_PRICE_FIELDS } from '../products/price-guardrails.js';
import { defineEndpoint } from './contract.js';
import { documentIdSchema } from './document-id.js';
import { productCodeSchema } from './workers.js';

/**
 * Price guardrails, held price changes and stale overrides (issue 29 points 3 and 4). The panel's
 * price overrides and the assistant's accepted prices go through the server, which checks the
 * store's guardrails (config/store.priceGuardrails) and either applies the change or holds it in
 * `project/{p}/price-hold/{id}` (status 'held') until an operator confirms it with a reason.
 */
export const PRICE_HOLD_COLLECTION = 'price-hold';
/** Overrides whose upstream value moved after they were made, one document per product and field. */
export const STALE_OVERRIDE_COLLECTION = 'stale-override';

const reasonSchema = z.string().trim().min(1, 'Informe o motivo.').max(1000);

/** Where the price lives: product-data (the panel's reasoned override) or the catalogue document. */
export const PRICE_TARGETS = ['product-data', 'product'] as const;
export type PriceTarget = (typeof PRICE_TARGETS)[number];

export const priceChangeRequestSchema = z.object({
  code: productCodeSchema,
  field: z.enum(GUARDED_PRICE_FIELDS),
  value: z.number().nonnegative().max(100_000_000).nullable(),
  about: reasonSchema,
  source: z.enum(['manual', 'ai']),
  target: z.enum(PRICE_TARGETS),
});
export type PriceChangeRequest = z.infer<typeof priceChangeRequestSchema>;

export const priceChangeResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied') }),
  z.object({ status: z.literal('held'), holdId: z.string(), message: z.string() }),
]);
export type PriceChangeResponse = z.infer<typeof priceChangeResponseSchema>;

/** POST — one price change, checked against the store's guardrails: applied, or held with why. */
export const consoleProductsPriceChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/price-change',
  access: 'project',
  body: priceChangeRequestSchema,
  answer: priceChangeResponseSchema,
});

/**
 * POST — applies a held change after the operator confirmed it, the reason kept in the changelog.
 * Applied once: a retry (or a second click) answers `alreadyApplied` and writes nothing.
 */
export const consoleProductsPriceHoldConfirmEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/price-holds/:id/confirm',
  access: 'project',
  params: z.object({ id: documentIdSchema }),
  body: z.object({ reason: reasonSchema }),
  answer: z.object({ status: z.literal('applied'), alreadyApplied: z.boolean() }),
});

/** POST — the held change is dropped (the price stays), the reason kept on the hold. */
export const consoleProductsPriceHoldDiscardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/price-holds/:id/discard',
  access: 'project',
  params: z.object({ id: documentIdSchema }),
  body: z.object({ reason: reasonSchema }),
  answer: z.object({ status: z.literal('discarded'), alreadyResolved: z.boolean() }),
});

/**
 * POST — an operator's answer to a stale override: 'keep' ('Manter minha alteração') keeps the
 * override and takes the upstream value as seen; 'upstream' ('Usar o valor do ERP') removes the
 * override and puts upstream's value in (a guarded price may be held instead). Both are logged.
 */
export const consoleProductsStaleOverrideResolveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/stale-overrides/resolve',
  access: 'project',
  body: z.object({ code: productCodeSchema, field: z.string().min(1).max(200), decision: z.enum(['keep', 'upstream']) }),
  answer: z.discriminatedUnion('status', [
    z.object({ status: z.enum(['kept', 'applied']) }),
    z.object({ status: z.literal('held'), holdId: z.string(), message: z.string() }),
  ]),
});

/** A pricing rule's options as the preview reads them (the price-setting ones; see pricing-rule-effect.ts). */
const markupSchema = z.number().positive().max(1000).nullable().optional();
export const pricingRulePreviewRequestSchema = z.object({
  /** The rule's conditions as its form holds them (saved or not); null or absent: every product. */
  map: conditionNodeSchema.nullable().optional(),
  options: z
    .object({
      disablePriceNetErp: z.boolean().nullable().optional(),
      minMarkup: markupSchema,
      minInstallmentsMarkup: markupSchema,
      minImportedMarkup: markupSchema,
      minInstallmentsImportedMarkup: markupSchema,
      priceManual: z.boolean().nullable().optional(),
    })
    .default({}),
  sampleSize: z.number().int().min(0).max(200).default(50),
});

export const pricingRulePreviewRowSchema = z.object({
  code: z.string(),
  name: z.string().nullable(),
  field: z.enum(GUARDED_PRICE_FIELDS),
  from: z.number().nullable(),
  to: z.number(),
  cost: z.number(),
  /** The store's guardrails would hold this change: `message` says why, in numbers. */
  held: z.boolean(),
  message: z.string(),
});
export type PricingRulePreviewRow = z.infer<typeof pricingRulePreviewRowSchema>;

export const pricingRulePreviewResponseSchema = z.object({
  /** Products the rule's conditions match, of `total`. */
  matched: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Matched products whose prices the rule would change, and of those, the ones the guardrails would hold. */
  changed: z.number().int().nonnegative(),
  held: z.number().int().nonnegative(),
  /** Matched products left alone: manual prices, and no cost to apply a markup to. */
  manual: z.number().int().nonnegative(),
  noCost: z.number().int().nonnegative(),
  /** The changes, held ones first, at most `sampleSize`. */
  rows: z.array(pricingRulePreviewRowSchema),
});
export type PricingRulePreviewResponse = z.infer<typeof pricingRulePreviewResponseSchema>;

/**
 * POST — what a pricing rule would do to the store's selling prices, before it is saved (issue 29
 * point 3): the products its conditions match, the prices it would change and which of those
 * changes the store's guardrails would hold, with the numbers. Writes nothing.
 */
export const consoleProductsPricingRulePreviewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/pricing-rule-preview',
  access: 'project',
  body: pricingRulePreviewRequestSchema,
  answer: pricingRulePreviewResponseSchema,
});
