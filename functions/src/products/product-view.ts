import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { PRODUCT_TEXT_COLLECTION, PROJECT_COLLECTION, productView } from '@console/shared';
import { toJsonData } from '../lib/firestore-json.js';

export const PRODUCT_COLLECTION = 'product';
export const PRODUCT_DATA_COLLECTION = 'product-data';

export function productRefs(firestore: Firestore, project: string, code: string) {
  const base = firestore.collection(PROJECT_COLLECTION).doc(project);
  return {
    product: base.collection(PRODUCT_COLLECTION).doc(code),
    productData: base.collection(PRODUCT_DATA_COLLECTION).doc(code),
    /** The AI-written texts (functions/src/ai/product-texts.ts). */
    productText: base.collection(PRODUCT_TEXT_COLLECTION).doc(code),
  };
}

/**
 * The product as the panel reads it (document 1 §3): the catalogue document with the synced
 * product-data merged over it, by the shared rule (productView) the panel also applies.
 */
export async function readProductView(firestore: Firestore, project: string, code: string, alongside: DocumentReference[] = []) {
  const refs = productRefs(firestore, project, code);
  // `alongside`: documents read in the same round trip, answered in order (`others`).
  const [product, productData, ...others] = await firestore.getAll(refs.product, refs.productData, ...alongside);
  const merged = productView(product?.data() ?? null, productData?.data() ?? null, code);
  if (!merged) return null;
  return {
    data: toJsonData(merged) as Record<string, unknown>,
    sources: { product: product?.exists === true, productData: productData?.exists === true },
    /** product-data/{code} as stored (its `_overrides` included). */
    productData: productData?.data() ?? null,
    others,
  };
}
