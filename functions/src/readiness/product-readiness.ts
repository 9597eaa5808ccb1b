import { isDeepStrictEqual } from 'node:util';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import {
  READINESS_FIELD,
  evaluateReadiness,
  productFacts,
  productView,
  readinessOverrides,
  readinessRules,
  type ProductFacts,
  type ProductReadiness,
  type ReadinessRules,
} from '@console/shared';
import { getWarehouse } from '../warehouse/index.js';
import { factsMirrorRow, factsVersion, mirrorFacts } from './facts-mirror.js';
import { isKnownNcm } from './ncm-table.js';

/** A store's readiness settings (the 'Prontidão por canal' settings screen). */
export const READINESS_CONFIG_ID = 'readiness';

/** The store's rules: its config/readiness over the defaults. */
export async function storeReadinessRules(firestore: Firestore, projectId: string): Promise<ReadinessRules> {
  const config = await firestore.doc(`project/${projectId}/config/${READINESS_CONFIG_ID}`).get();
  return readinessRules(readinessOverrides(config.data()));
}

/** What the rules look at in the product as the panel reads it (catalogue + synced data and overrides), or null. */
export function factsOf(product: DocumentSnapshot, productData: DocumentSnapshot): ProductFacts | null {
  const view = productView(product.data() ?? null, productData.data() ?? null, product.id);
  return view ? productFacts(view) : null;
}

/** The product's readiness from its facts, or null. */
export function readinessOfFacts(facts: ProductFacts | null, rules: ReadinessRules): ProductReadiness | null {
  return facts ? evaluateReadiness(facts, rules, isKnownNcm) : null;
}

export type RefreshOutcome = 'written' | 'unchanged' | 'absent';

/**
 * Recomputes product/{code}.readiness and writes it only when it changed (its own write comes
 * back through the product trigger as 'unchanged', so there is no loop). The write is conditional
 * on the product as read: a product changed meanwhile brings its own trigger, which recomputes.
 */
export async function refreshProductReadiness(firestore: Firestore, projectId: string, code: string, rules?: ReadinessRules): Promise<RefreshOutcome> {
  const project = firestore.collection('project').doc(projectId);
  const [product, productData, storeRules] = await Promise.all([
    project.collection('product').doc(code).get(),
    project.collection('product-data').doc(code).get(),
    rules ?? storeReadinessRules(firestore, projectId),
  ]);
  // Stored with the catalogue product, which lists and filters read; synced data alone is not listed.
  const facts = product.exists ? factsOf(product, productData) : null;
  try {
    return await writeReadiness(product, readinessOfFacts(facts, storeRules));
  } finally {
    // Then the warehouse's copy of the facts, which background runs evaluate (facts-mirror.ts); a
    // gone product leaves a tombstone. After the readiness write, so a slow warehouse never delays it.
    await mirrorFacts(getWarehouse(), projectId, [
      factsMirrorRow(projectId, code, facts, product.exists ? factsVersion(product, productData) : Date.now() * 1000),
    ]);
  }
}

/** Writes the product's readiness when it changed, conditional on the product as read. */
async function writeReadiness(product: DocumentSnapshot, readiness: ProductReadiness | null): Promise<RefreshOutcome> {
  if (!product.exists) return 'absent';
  if (isDeepStrictEqual(product.get(READINESS_FIELD), readiness)) return 'unchanged';
  try {
    await product.ref.update({ [READINESS_FIELD]: readiness }, { lastUpdateTime: product.updateTime! });
  } catch (error) {
    // 9 = FAILED_PRECONDITION (changed after it was read: that change's trigger recomputes), 5 = NOT_FOUND (deleted).
    const code = (error as { code?: number }).code;
    if (code === 9) return 'unchanged';
    if (code === 5) return 'absent';
    throw error;
  }
  return 'written';
}
