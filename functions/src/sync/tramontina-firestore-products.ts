import { tramontinaFirestoreProductsEndpoint } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { getWarehouse } from '../warehouse/index.js';
import { syncProductToFirestore } from './pipeline/firestore-products.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/tramontina/firestore/products/{code}?project[&preview] — warehouse rows of the code → product-data (and product). */
export const handleTramontinaFirestoreProducts: Handler<typeof tramontinaFirestoreProductsEndpoint> = async ({ params, query, project }) => {
  return syncProductToFirestore({ project, code: params.code, preview: query.preview }, { warehouse: getWarehouse(), firestore });
};

export const tramontinaFirestoreProducts = serveWorker(tramontinaFirestoreProductsEndpoint, handleTramontinaFirestoreProducts);
