import { frankeStoreProductEndpoint } from '@console/shared';
import { getWarehouse } from '../warehouse/index.js';
import { frankeClient } from './franke/index.js';
import { syncFrankeProduct } from './pipeline/suppliers.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/franke/store/product?id&project — Franke store → warehouse (franke_products). */
export const handleFrankeStoreProduct: Handler<typeof frankeStoreProductEndpoint> = async ({ query, project }) => {
  return syncFrankeProduct({ project, code: query.id }, { client: frankeClient(), warehouse: getWarehouse() });
};

export const frankeStoreProduct = serveWorker(frankeStoreProductEndpoint, handleFrankeStoreProduct);
