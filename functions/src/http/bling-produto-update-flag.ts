import { z } from 'zod';
import { blingClient } from '../sync/bling/index.js';
import { requireProductCode } from '../sync/pipeline/product-code.js';
import { updateBlingFlag } from '../sync/pipeline/bling.js';
import { blingAccountParam, productLoader } from './worker-deps.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/** GET /api/bling/produto/update-flag/{code}?project[&bling] — the produto's situacao set from the product's Status. */
export const blingProdutoUpdateFlag = defineWorkerEndpoint({
  path: '/api/bling/produto/update-flag/:code',
  query: z.object({ bling: blingAccountParam }),
  async handle({ params, query, project }) {
    return updateBlingFlag({ code: requireProductCode(params.code) }, { bling: blingClient(project, query.bling), loadProduct: productLoader(project) });
  },
});
