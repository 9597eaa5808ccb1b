import { z } from 'zod';
import { getWarehouse } from '../warehouse/index.js';
import { frankeClient } from '../sync/franke/index.js';
import { productCodeSchema } from '../sync/pipeline/product-code.js';
import { syncFrankeProduct } from '../sync/pipeline/suppliers.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/** GET /api/franke/store/product?id&project — Franke store → warehouse (franke_products). */
export const frankeStoreProduct = defineWorkerEndpoint({
  path: '/api/franke/store/product',
  query: z.object({ id: productCodeSchema }),
  async handle({ query, project }) {
    return syncFrankeProduct({ project, code: query.id }, { client: frankeClient(), warehouse: getWarehouse() });
  },
});
