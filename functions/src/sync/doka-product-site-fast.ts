import { dokaProductSiteFastEndpoint } from '@console/shared';
import { getWarehouse } from '../warehouse/index.js';
import { dokaClient } from './doka/index.js';
import { syncDokaProduct } from './pipeline/suppliers.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/doka/product-site-fast?code&project — Doka site → warehouse (doka_products). */
export const handleDokaProductSiteFast: Handler<typeof dokaProductSiteFastEndpoint> = async ({ query, project }) => {
  return syncDokaProduct({ project, code: query.code }, { client: dokaClient(), warehouse: getWarehouse() });
};

export const dokaProductSiteFast = serveWorker(dokaProductSiteFastEndpoint, handleDokaProductSiteFast);
