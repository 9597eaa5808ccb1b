import { z } from 'zod';
import { blingClient } from '../sync/bling/index.js';
import { requireProductCode } from '../sync/pipeline/product-code.js';
import { removeFromMarketplace } from '../sync/pipeline/bling.js';
import { requireKnownLoja } from '../sync/pipeline/marketplace.js';
import { blingAccountParam, lojaParam, marketplaceStoreIds, productLoader } from './worker-deps.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/** GET /api/bling/produtoloja/delete/{code}?loja&project — marketplace removal from one configured loja. */
export const blingProdutolojaDelete = defineWorkerEndpoint({
  path: '/api/bling/produtoloja/delete/:code',
  query: z.object({ loja: lojaParam, bling: blingAccountParam }),
  async handle({ params, query, project }) {
    const loja = requireKnownLoja(marketplaceStoreIds(), query.loja);
    return removeFromMarketplace({ code: requireProductCode(params.code), loja }, { bling: blingClient(project, query.bling), loadProduct: productLoader(project) });
  },
});
