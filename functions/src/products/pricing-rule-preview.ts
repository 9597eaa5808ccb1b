import type { Firestore } from 'firebase-admin/firestore';
import {
  PROJECT_COLLECTION,
  checkCondition,
  compileCondition,
  pricingRuleEffect,
  productConditionRow,
  productView,
  readPriceGuardrails,
  type ConditionNode,
  type PricingRuleOptions,
  type PricingRulePreviewResponse,
  type PricingRulePreviewRow,
} from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { storeConfigRef } from './price-holds.js';
import { PRODUCT_COLLECTION, PRODUCT_DATA_COLLECTION } from './product-view.js';

type Doc = Record<string, unknown>;

/**
 * What a pricing rule would do to a store's selling prices (issue 29 point 3), written nowhere:
 * every product as the panel reads it (catalogue + synced data), the rule's conditions evaluated on
 * it, its effect on the prices (`pricingRuleEffect`, the decisions in shared/src/products/README.md)
 * and each change checked against the store's guardrails. Held changes come first in the rows.
 */
export async function previewPricingRule(
  firestore: Firestore,
  project: string,
  rule: { map?: ConditionNode | null; options: PricingRuleOptions },
  sampleSize: number,
): Promise<PricingRulePreviewResponse> {
  let test: ((row: ReturnType<typeof productConditionRow>) => boolean | null) | null = null;
  if (rule.map) {
    const [issue] = checkCondition(rule.map, 'product', { knownFieldsOnly: true });
    if (issue) throw new ApiError(400, issue.message);
    test = compileCondition(rule.map);
  }
  const base = firestore.collection(PROJECT_COLLECTION).doc(project);
  const [config, products, data] = await Promise.all([
    storeConfigRef(firestore, project).get(),
    base.collection(PRODUCT_COLLECTION).get(),
    base.collection(PRODUCT_DATA_COLLECTION).get(),
  ]);
  const guardrails = readPriceGuardrails(config.data());
  const synced = new Map(data.docs.map((d) => [d.id, d.data() as Doc]));

  const answer: PricingRulePreviewResponse = { matched: 0, total: products.size, changed: 0, held: 0, manual: 0, noCost: 0, rows: [] };
  const held: PricingRulePreviewRow[] = [];
  const applied: PricingRulePreviewRow[] = [];
  for (const doc of products.docs) {
    const view = productView(doc.data() as Doc, synced.get(doc.id) ?? null, doc.id)!;
    if (test && test(productConditionRow(view)) !== true) continue;
    answer.matched++;
    const effect = pricingRuleEffect(view, rule.options, guardrails);
    if (effect.kind === 'manual') answer.manual++;
    if (effect.kind === 'noCost') answer.noCost++;
    if (effect.kind !== 'changes') continue;
    answer.changed++;
    if (effect.changes.some((c) => c.trips.length > 0)) answer.held++;
    const name = typeof view.ProductSiteName === 'string' ? view.ProductSiteName : null;
    for (const change of effect.changes) {
      const row = {
        code: doc.id,
        name,
        field: change.field,
        from: change.from,
        to: change.to,
        cost: change.cost,
        held: change.trips.length > 0,
        message: change.message,
      };
      (row.held ? held : applied).push(row);
    }
  }
  answer.rows = [...held, ...applied].slice(0, sampleSize);
  return answer;
}
