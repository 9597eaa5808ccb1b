import { blingProdutolojaCreateEndpoint } from '@console/shared';
import { blingClient } from './bling/index.js';
import { publishToMarketplace } from './pipeline/bling.js';
import { resolveLoja } from './pipeline/marketplace.js';
import { marketplaceStoreIds, productLoader } from './worker-deps.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/**
 * GET /api/bling/produtoloja/create/{code}?loja&store&project — marketplace push to the loja of
 * `store` (shopee, amazon, magalu, madeiramadeira); without `store`, the update-store variant.
 */
export const handleBlingProdutolojaCreate: Handler<typeof blingProdutolojaCreateEndpoint> = async ({ params, query, project }) => {
  const loja = resolveLoja(marketplaceStoreIds(), query.store, query.loja);
  return publishToMarketplace(
    { code: params.code, loja, store: query.store ?? null },
    { bling: blingClient(project, query.bling), loadProduct: productLoader(project) },
  );
};

export const blingProdutolojaCreate = serveWorker(blingProdutolojaCreateEndpoint, handleBlingProdutolojaCreate);
