import { z } from 'zod';
import { ApiError } from '../lib/api-error.js';
import { getWarehouse } from '../warehouse/index.js';
import { STORE_SITES, isStoreSite, storeSiteClient } from '../sync/sites/index.js';
import { productCodeSchema } from '../sync/pipeline/product-code.js';
import { syncSiteProduct } from '../sync/pipeline/suppliers.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/** GET /api/sites/{cookstore|centergarbin|excellenceshop|cookeletroraro}/products?id&project — store site → warehouse (site_products). */
export const sitesProducts = defineWorkerEndpoint({
  path: '/api/sites/:site/products',
  query: z.object({ id: productCodeSchema }),
  async handle({ params, query, project }) {
    const site = params.site ?? '';
    if (!isStoreSite(site)) throw new ApiError(400, `Requisição inválida: site deve ser um de ${STORE_SITES.join(', ')}.`);
    return syncSiteProduct({ project, code: query.id }, { client: storeSiteClient(site), warehouse: getWarehouse() });
  },
});
