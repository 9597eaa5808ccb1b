import { consoleProductEndpoint } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import { readProductView } from './product-view.js';

/**
 * GET /api/console/products/{id}?project — the product the panel shows: the catalogue document
 * with its product-data merged over it (ProductImage and ProductSiteName always present).
 */
export const handleConsoleProduct: Handler<typeof consoleProductEndpoint> = async ({ params, project }) => {
  const view = await readProductView(firestore, project, params.id);
  if (!view) throw new ApiError(404, 'Produto não encontrado.');
  return view;
};

export const consoleProduct = serve(consoleProductEndpoint, handleConsoleProduct);
