import { blingBigqueryProdutosEndpoint } from '@console/shared';
import { getWarehouse } from '../warehouse/index.js';
import { blingClient } from './bling/index.js';
import { syncBlingProduct } from './pipeline/bling.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/bling/bigquery/produtos?project&id[&bling] — ERP (Bling) → warehouse (bling_products). */
export const handleBlingBigqueryProdutos: Handler<typeof blingBigqueryProdutosEndpoint> = async ({ query, project }) => {
  return syncBlingProduct({ project, code: query.id }, { bling: blingClient(project, query.bling), warehouse: getWarehouse() });
};

export const blingBigqueryProdutos = serveWorker(blingBigqueryProdutosEndpoint, handleBlingBigqueryProdutos);
