import { blingProdutolojaDeleteEndpoint } from '@console/shared';
import { blingClient } from './bling/index.js';
import { removeFromMarketplace } from './pipeline/bling.js';
import { requireKnownLoja } from './pipeline/marketplace.js';
import { marketplaceStoreIds, productLoader } from './worker-deps.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/bling/produtoloja/delete/{code}?loja&project — marketplace removal from one configured loja. */
export const handleBlingProdutolojaDelete: Handler<typeof blingProdutolojaDeleteEndpoint> = async ({ params, query, project }) => {
  const loja = requireKnownLoja(marketplaceStoreIds(), query.loja);
  return removeFromMarketplace({ code: params.code, loja }, { bling: blingClient(project, query.bling), loadProduct: productLoader(project) });
};

export const blingProdutolojaDelete = serveWorker(blingProdutolojaDeleteEndpoint, handleBlingProdutolojaDelete);
