import { sitesProductsEndpoint } from '@console/shared';
import { getWarehouse } from '../warehouse/index.js';
import { storeSiteClient } from './sites/index.js';
import { syncSiteProduct } from './pipeline/suppliers.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/sites/{cookstore|centergarbin|excellenceshop|cookeletroraro}/products?id&project — store site → warehouse (site_products). */
export const handleSitesProducts: Handler<typeof sitesProductsEndpoint> = async ({ params, query, project }) => {
  return syncSiteProduct({ project, code: query.id }, { client: storeSiteClient(params.site), warehouse: getWarehouse() });
};

export const sitesProducts = serveWorker(sitesProductsEndpoint, handleSitesProducts);
