import { defineEndpoint } from '../lib/endpoint.js';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import { requireProductCode } from '../sync/pipeline/product-code.js';
import { readProductView } from '../sync/pipeline/product-view.js';

/**
 * GET /api/console/products/{id}?project — the product the panel shows: the catalogue document
 * with its product-data merged over it (ProductImage and ProductSiteName always present).
 */
export const consoleProduct = defineEndpoint({
  method: 'GET',
  path: '/api/console/products/:id',
  access: 'project',
  async handle({ params, project }) {
    const view = await readProductView(firestore, project!, requireProductCode(params.id));
    if (!view) throw new ApiError(404, 'Produto não encontrado.');
    return view;
  },
});
