import { tramontinaTstockfilesDownloadEndpoint } from '@console/shared';
import { getWarehouse } from '../warehouse/index.js';
import { tstockClient } from './tstock/index.js';
import { downloadTstockFile } from './pipeline/tramontina.js';
import type { Handler } from '../lib/endpoint.js';
import { serveWorker } from './worker-endpoint.js';

/**
 * GET /api/tramontina/tstockfiles/bigquery/download/{code}?downloadUrl&project — the stock file
 * (the paginate answer's `download`, on TStock's host only) → warehouse.
 */
export const handleTramontinaTstockfilesDownload: Handler<typeof tramontinaTstockfilesDownloadEndpoint> = async ({ params, query, project }) => {
  return downloadTstockFile({ project, code: params.code, downloadUrl: query.downloadUrl }, { tstock: await tstockClient(project), warehouse: getWarehouse() });
};

export const tramontinaTstockfilesDownload = serveWorker(tramontinaTstockfilesDownloadEndpoint, handleTramontinaTstockfilesDownload);
