import { z } from 'zod';
import { getWarehouse } from '../warehouse/index.js';
import { tstockClient } from '../sync/tstock/index.js';
import { requireProductCode } from '../sync/pipeline/product-code.js';
import { downloadTstockFile } from '../sync/pipeline/tramontina.js';
import { defineWorkerEndpoint } from './worker-endpoint.js';

/**
 * GET /api/tramontina/tstockfiles/bigquery/download/{code}?downloadUrl&project — the stock file
 * (the paginate answer's `download`, on TStock's host only) → warehouse.
 */
export const tramontinaTstockfilesDownload = defineWorkerEndpoint({
  path: '/api/tramontina/tstockfiles/bigquery/download/:code',
  query: z.object({ downloadUrl: z.url('downloadUrl inválida') }),
  async handle({ params, query, project }) {
    return downloadTstockFile(
      { project, code: requireProductCode(params.code), downloadUrl: query.downloadUrl },
      { tstock: await tstockClient(project), warehouse: getWarehouse() },
    );
  },
});
