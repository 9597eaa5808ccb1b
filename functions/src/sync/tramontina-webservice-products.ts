import { tramontinaWebserviceProductsEndpoint } from '@console/shared';
import { getWarehouse } from '../warehouse/index.js';
import { tramontinaWebserviceClient } from './tramontina/index.js';
import { syncTramontinaProduct } from './pipeline/tramontina.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/** GET /api/tramontina/webservice/products/{company}/{code}?project — manufacturer web service → warehouse. */
export const handleTramontinaWebserviceProducts: Handler<typeof tramontinaWebserviceProductsEndpoint> = async ({ params, project }) => {
  return syncTramontinaProduct(
    { project, company: params.company, code: params.code },
    { webservice: await tramontinaWebserviceClient(project), warehouse: getWarehouse() },
  );
};

export const tramontinaWebserviceProducts = serveWorker(tramontinaWebserviceProductsEndpoint, handleTramontinaWebserviceProducts);
