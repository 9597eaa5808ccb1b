import { consoleProductsPricingRulePreviewEndpoint } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { previewPricingRule } from './pricing-rule-preview.js';

/**
 * POST /api/console/products/pricing-rule-preview?project {map, options, sampleSize} — the prices a
 * pricing rule would change, as its form holds it (before it is saved), and which of those changes
 * the store's guardrails would hold, with the numbers. Reads only. 400 when the conditions do not
 * type-check.
 */
export const handleConsoleProductsPricingRulePreview: Handler<typeof consoleProductsPricingRulePreviewEndpoint> = ({ body, project }) =>
  previewPricingRule(firestore, project, { map: body.map, options: body.options }, body.sampleSize);

export const consoleProductsPricingRulePreview = serve(consoleProductsPricingRulePreviewEndpoint, handleConsoleProductsPricingRulePreview);
