import { z } from 'zod';
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
