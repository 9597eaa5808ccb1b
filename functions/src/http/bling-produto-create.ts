import { z } from 'zod';
import { blingClient } from '../sync/bling/index.js';
import { requireProductCode } from '../sync/pipeline/product-code.js';
import { createBlingProduct } from '../sync/pipeline/bling.js';
import { blingAccountParam, productLoader } from './worker-deps.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/** GET /api/bling/produto/create/{code}?project&bling={account} — the product created (or updated) in the ERP. */
export const blingProdutoCreate = defineWorkerEndpoint({
  path: '/api/bling/produto/create/:code',
  query: z.object({ bling: blingAccountParam }),
  async handle({ params, query, project }) {
    return createBlingProduct({ code: requireProductCode(params.code) }, { bling: blingClient(project, query.bling), loadProduct: productLoader(project) });
  },
});
