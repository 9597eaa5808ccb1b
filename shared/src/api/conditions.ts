import { z } from 'zod';
import { defineEndpoint } from './contract.js';
import { conditionContextSchema, conditionNodeSchema } from '../conditions/types.js';

/**
 * POST /api/console/conditions/preview?project {context, map, sampleSize?} — what a condition
 * matches in the project: `product` over its products, `customer` over its customers (with their
 * events and shipping quotes; a customer matches when any of its rows does). Answers the count,
 * the total and a sample. A tree that does not type-check answers 400 with the first issue.
 */
export const conditionPreviewRequestSchema = z.object({
  context: conditionContextSchema.refine((c) => c !== 'layout', 'Prévia de banners é calculada no navegador.'),
  map: conditionNodeSchema,
  sampleSize: z.number().int().min(0).max(50).default(10),
});

export const conditionPreviewSampleSchema = z.object({
  id: z.string(),
  /** Product code, or the customer's e-mail. */
  code: z.string().nullable(),
  /** Product name, or the customer's full name. */
  name: z.string().nullable(),
  /** Products: the cash price (BRL). */
  price: z.number().nullable().optional(),
});
export type ConditionPreviewSample = z.infer<typeof conditionPreviewSampleSchema>;

export const conditionPreviewResponseSchema = z.object({
  matched: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  sample: z.array(conditionPreviewSampleSchema),
  /** Milliseconds spent evaluating (not reading). */
  evaluationMs: z.number().nonnegative(),
});
export type ConditionPreviewResponse = z.infer<typeof conditionPreviewResponseSchema>;

export const consoleConditionsPreviewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/conditions/preview',
  access: 'project',
  body: conditionPreviewRequestSchema,
  answer: conditionPreviewResponseSchema,
});
