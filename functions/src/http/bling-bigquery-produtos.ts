import { z } from 'zod';
import { getWarehouse } from '../warehouse/index.js';
import { blingClient } from '../sync/bling/index.js';
import { productCodeSchema } from '../sync/pipeline/product-code.js';
import { syncBlingProduct } from '../sync/pipeline/bling.js';
import { blingAccountParam } from './worker-deps.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/** GET /api/bling/bigquery/produtos?project&id[&bling] — ERP (Bling) → warehouse (bling_products). */
export const blingBigqueryProdutos = defineWorkerEndpoint({
  path: '/api/bling/bigquery/produtos',
  query: z.object({ id: productCodeSchema, bling: blingAccountParam }),
  async handle({ query, project }) {
    return syncBlingProduct({ project, code: query.id }, { bling: blingClient(project, query.bling), warehouse: getWarehouse() });
  },
});
