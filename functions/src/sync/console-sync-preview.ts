import { Timestamp } from 'firebase-admin/firestore';
import { consoleSyncPreviewEndpoint, readPriceGuardrails, type SyncPreviewProduct } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { toJsonData } from '../lib/firestore-json.js';
import { productRefs } from '../products/product-view.js';
import { storeConfigRef } from '../products/price-holds.js';
import { getWarehouse } from '../warehouse/index.js';
import { planProductSync, readSyncedFields } from './pipeline/firestore-products.js';

type Doc = Record<string, unknown>;

/**
 * POST /api/console/sync/preview?project {codes} — the bulk sync's 'Pré-visualizar' (issue 29
 * point 5): for each code, the warehouse → Firestore step's plan from the warehouse and the
 * documents as they are now (the same `planProductSync` the step runs), with its version; nothing
 * is written. A code the warehouse has no data for answers its error beside the others.
 */
export const handleConsoleSyncPreview: Handler<typeof consoleSyncPreviewEndpoint> = async ({ body, project }) => {
  const warehouse = getWarehouse();
  const config = await storeConfigRef(firestore, project).get();
  const guardrails = readPriceGuardrails(config.data());
  const stamp = Timestamp.now();
  const products = await Promise.all(
    [...new Set(body.codes)].map(async (code): Promise<SyncPreviewProduct> => {
      try {
        const { synced, sources } = await readSyncedFields(warehouse, project, code);
        const refs = productRefs(firestore, project, code);
        const [product, productData] = await firestore.getAll(refs.product, refs.productData);
        const plan = planProductSync(
          { code, synced, sources },
          { existingData: (productData!.data() ?? {}) as Doc, catalogue: (product!.data() ?? null) as Doc | null, guardrails, stamp },
        );
        return {
          code,
          status: 'ok',
          version: plan.version,
          changes: plan.fieldChanges.map((c) => ({ field: c.field, from: toJsonData(c.from), to: toJsonData(c.to) })),
          overridesKept: plan.overridesKept.map((o) => ({ field: o.field, value: toJsonData(o.value), incoming: toJsonData(o.incoming) })),
          held: plan.heldPrices.map((h) => ({ field: h.field, from: h.check.from, to: h.to, message: h.message })),
          product: plan.productState,
        };
      } catch (error) {
        if (error instanceof ApiError) return { code, status: 'error', message: error.message };
        throw error;
      }
    }),
  );
  return { products };
};

export const consoleSyncPreview = serve(consoleSyncPreviewEndpoint, handleConsoleSyncPreview);
