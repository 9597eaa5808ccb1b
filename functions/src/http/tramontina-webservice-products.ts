import { z } from 'zod';
import { ApiError } from '../lib/api-error.js';
import { getWarehouse } from '../warehouse/index.js';
import { tramontinaWebserviceClient } from '../sync/tramontina/index.js';
import { requireProductCode } from '../sync/pipeline/product-code.js';
import { syncTramontinaProduct } from '../sync/pipeline/tramontina.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

const companySchema = z.coerce.number().int().positive().max(999);

/** GET /api/tramontina/webservice/products/{company}/{code}?project — manufacturer web service → warehouse. */
export const tramontinaWebserviceProducts = defineWorkerEndpoint({
  path: '/api/tramontina/webservice/products/:company/:code',
  async handle({ params, project }) {
    const company = companySchema.safeParse(params.company);
    if (!company.success) throw new ApiError(400, 'Requisição inválida: empresa inválida.');
    const code = requireProductCode(params.code);
    return syncTramontinaProduct({ project, company: company.data, code }, { webservice: await tramontinaWebserviceClient(project), warehouse: getWarehouse() });
  },
});
