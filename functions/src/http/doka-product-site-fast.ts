import { z } from 'zod';
import { getWarehouse } from '../warehouse/index.js';
import { dokaClient } from '../sync/doka/index.js';
import { productCodeSchema } from '../sync/pipeline/product-code.js';
import { syncDokaProduct } from '../sync/pipeline/suppliers.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/** GET /api/doka/product-site-fast?code&project — Doka site → warehouse (doka_products). */
export const dokaProductSiteFast = defineWorkerEndpoint({
  path: '/api/doka/product-site-fast',
  query: z.object({ code: productCodeSchema }),
  async handle({ query, project }) {
    return syncDokaProduct({ project, code: query.code }, { client: dokaClient(), warehouse: getWarehouse() });
  },
});
