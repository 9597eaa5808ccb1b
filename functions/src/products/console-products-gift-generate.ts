import { FieldPath, FieldValue } from 'firebase-admin/firestore';
import { consoleProductsGiftGenerateEndpoint, giftErrorText, planGifts, PROJECT_COLLECTION } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';

/** Gifts are stored on the product: product/{sku}.gifts = [{sku, quantity}] (and giftsUpdatedAt). */
export const GIFTS_FIELD = 'gifts';

/**
 * POST /api/console/products/gift/generate?project {} — 'Limpar todos os brindes e processar regras':
 * every product's gifts are cleared and the rules of every gift campaign (product-gift) applied, in
 * one transaction after the whole plan was checked: with a bad line nothing is written and the
 * lines are listed. Running it twice gives the same products and gifts.
 */
export const handleConsoleProductsGiftGenerate: Handler<typeof consoleProductsGiftGenerateEndpoint> = async ({ project }) => {
  const base = `${PROJECT_COLLECTION}/${project}`;
  const [campaigns, products] = await Promise.all([firestore.collection(`${base}/product-gift`).get(), firestore.collection(`${base}/product`).select().get()]);
  const plan = planGifts(
    campaigns.docs.map((d) => ({ id: d.id, data: d.data() })),
    new Set(products.docs.map((d) => d.id)),
  );
  if (plan.errors.length) return { ok: false, productsWithGifts: 0, cleared: 0, errors: plan.errors.map(giftErrorText) };

  const cleared = await firestore.runTransaction(async (tx) => {
    const withGifts = await tx.get(firestore.collection(`${base}/product`).where(GIFTS_FIELD, '!=', null).select(GIFTS_FIELD));
    let clearedCount = 0;
    for (const doc of withGifts.docs) {
      if (plan.byProduct.has(doc.id)) continue;
      clearedCount += 1;
      tx.update(doc.ref, { [GIFTS_FIELD]: FieldValue.delete(), giftsUpdatedAt: FieldValue.serverTimestamp() });
    }
    const current = new Map(withGifts.docs.map((d) => [d.id, JSON.stringify(d.get(GIFTS_FIELD))]));
    for (const [sku, gifts] of plan.byProduct) {
      if (current.get(sku) === JSON.stringify(gifts)) continue; // unchanged: idempotent, no write
      tx.update(firestore.doc(`${base}/product/${sku}`), new FieldPath(GIFTS_FIELD), gifts, 'giftsUpdatedAt', FieldValue.serverTimestamp());
    }
    return clearedCount;
  });
  return { ok: true, productsWithGifts: plan.byProduct.size, cleared, errors: [] };
};

export const consoleProductsGiftGenerate = serve(consoleProductsGiftGenerateEndpoint, handleConsoleProductsGiftGenerate);
