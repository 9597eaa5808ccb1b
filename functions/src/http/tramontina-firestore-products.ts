import { firestore } from '../lib/admin.js';
import { getWarehouse } from '../warehouse/index.js';
import { requireProductCode } from '../sync/pipeline/product-code.js';
import { syncProductToFirestore } from '../sync/pipeline/firestore-products.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/** GET /api/tramontina/firestore/products/{code}?project — warehouse rows of the code → product-data (and product). */
export const tramontinaFirestoreProducts = defineWorkerEndpoint({
  path: '/api/tramontina/firestore/products/:code',
  async handle({ params, project }) {
    return syncProductToFirestore({ project, code: requireProductCode(params.code) }, { warehouse: getWarehouse(), firestore });
  },
});
