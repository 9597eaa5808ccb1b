import { tramontinaTstockPaginateEndpoint } from '@console/shared';
import { getWarehouse } from '../warehouse/index.js';
import { tstockClient } from './tstock/index.js';
import { syncTstockStock } from './pipeline/tramontina.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/**
 * GET /api/tramontina/tstock/bigquery/paginate?products=[{id, companyId}]&project — TStock stock →
 * warehouse; the answer's `download` is the stock file for the download step.
 */
export const handleTramontinaTstockPaginate: Handler<typeof tramontinaTstockPaginateEndpoint> = async ({ query, project }) => {
  return syncTstockStock({ project, products: query.products }, { tstock: await tstockClient(project), warehouse: getWarehouse() });
};

export const tramontinaTstockPaginate = serveWorker(tramontinaTstockPaginateEndpoint, handleTramontinaTstockPaginate);
