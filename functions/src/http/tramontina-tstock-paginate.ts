import { z } from 'zod';
import { getWarehouse } from '../warehouse/index.js';
import { tstockClient } from '../sync/tstock/index.js';
import { productCodeSchema } from '../sync/pipeline/product-code.js';
import { syncTstockStock } from '../sync/pipeline/tramontina.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

const productsSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'products deve ser JSON [{id, companyId}]' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.object({ id: productCodeSchema, companyId: z.coerce.number().int().positive() }))
      .min(1, 'informe ao menos um produto')
      .max(500, 'no máximo 500 produtos'),
  );

/**
 * GET /api/tramontina/tstock/bigquery/paginate?products=[{id, companyId}]&project — TStock stock →
 * warehouse; the answer's `download` is the stock file for the download step.
 */
export const tramontinaTstockPaginate = defineWorkerEndpoint({
  path: '/api/tramontina/tstock/bigquery/paginate',
  query: z.object({ products: productsSchema }),
  async handle({ query, project }) {
    return syncTstockStock({ project, products: query.products }, { tstock: await tstockClient(project), warehouse: getWarehouse() });
  },
});
