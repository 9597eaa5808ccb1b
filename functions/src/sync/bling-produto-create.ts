import { blingProdutoCreateEndpoint } from '@console/shared';
import { blingClient } from './bling/index.js';
import { createBlingProduct } from './pipeline/bling.js';
import { productLoader } from './worker-deps.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/bling/produto/create/{code}?project&bling={account} — the product created (or updated) in the ERP. */
export const handleBlingProdutoCreate: Handler<typeof blingProdutoCreateEndpoint> = async ({ params, query, project }) => {
  return createBlingProduct({ code: params.code }, { bling: blingClient(project, query.bling), loadProduct: productLoader(project) });
};

export const blingProdutoCreate = serveWorker(blingProdutoCreateEndpoint, handleBlingProdutoCreate);
