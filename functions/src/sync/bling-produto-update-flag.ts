import { blingProdutoUpdateFlagEndpoint } from '@console/shared';
import { blingClient } from './bling/index.js';
import { updateBlingFlag } from './pipeline/bling.js';
import { productLoader } from './worker-deps.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/bling/produto/update-flag/{code}?project[&bling] — the produto's situacao set from the product's Status. */
export const handleBlingProdutoUpdateFlag: Handler<typeof blingProdutoUpdateFlagEndpoint> = async ({ params, query, project }) => {
  return updateBlingFlag({ code: params.code }, { bling: blingClient(project, query.bling), loadProduct: productLoader(project) });
};

export const blingProdutoUpdateFlag = serveWorker(blingProdutoUpdateFlagEndpoint, handleBlingProdutoUpdateFlag);
