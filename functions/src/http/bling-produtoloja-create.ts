import { z } from 'zod';
import { blingClient } from '../sync/bling/index.js';
import { requireProductCode } from '../sync/pipeline/product-code.js';
import { publishToMarketplace } from '../sync/pipeline/bling.js';
import { MARKETPLACES, resolveLoja } from '../sync/pipeline/marketplace.js';
import { blingAccountParam, lojaParam, marketplaceStoreIds, productLoader } from './worker-deps.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/**
 * GET /api/bling/produtoloja/create/{code}?loja&store&project — marketplace push to the loja of
 * `store` (shopee, amazon, magalu, madeiramadeira); without `store`, the update-store variant.
 */
export const blingProdutolojaCreate = defineWorkerEndpoint({
  path: '/api/bling/produtoloja/create/:code',
  query: z.object({ loja: lojaParam.optional(), store: z.enum(MARKETPLACES).optional(), bling: blingAccountParam }),
  async handle({ params, query, project }) {
    const loja = resolveLoja(marketplaceStoreIds(), query.store, query.loja);
    return publishToMarketplace(
      { code: requireProductCode(params.code), loja, store: query.store ?? null },
      { bling: blingClient(project, query.bling), loadProduct: productLoader(project) },
    );
  },
});
