import { consoleCustomersSegmentsEndpoint, type SegmentReport } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { ensureMirror } from '../customer-warehouse/freshness.js';
import { mirrorAsOf } from '../customer-warehouse/mirror.js';
import { reportFromRun } from '../customer-warehouse/segment-report.js';
import { SegmentError } from '../customer-warehouse/segment-members.js';
import { getWarehouse } from '../warehouse/index.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import { campaignChannels } from './channel-registry.js';
import { startMemberRun } from '../customer-warehouse/segment-members.js';

/**
 * GET /api/console/customers/segments/{segment}?project&page&pageSize — 'Testar segmento': the
 * members an e-mail campaign would reach now, one page of them (data [{email, phoneNumber}], the
 * spec's shape, plus customerId), their count, and who is left out and why (unsubscribed,
 * competitor, no e-mail) counted by reason — the same plan the send job makes (first occurrence of
 * an address wins; opt-outs from campaign-email-preference). The segment is evaluated in the
 * warehouse (customer-warehouse/README.md) and read a page at a time; never the whole list.
 */

/** How long 'Testar segmento' waits for the warehouse's copy to catch up (then answers, saying so). */
const REPORT_MAX_LAG_MS = 3000;

export async function segmentReport(
  project: string,
  segmentId: string,
  { page = 1, pageSize = 50 }: { page?: number; pageSize?: number } = {},
  warehouse: Warehouse = getWarehouse(),
): Promise<SegmentReport> {
  const [mirror, preferences] = await Promise.all([
    ensureMirror(firestore, warehouse, project, REPORT_MAX_LAG_MS, { copyWhenBehind: false }),
    campaignChannels(firestore).email!.loadPreferences(project),
  ]);
  let run;
  try {
    run = await startMemberRun(warehouse, firestore, project, segmentId);
  } catch (error) {
    if (error instanceof SegmentError) throw new ApiError(error.message.includes('não encontrado') ? 404 : 400, error.message);
    throw error;
  }
  try {
    const report = await reportFromRun(run, preferences, { page, pageSize });
    return { ...report, warehouseAsOf: await mirrorAsOf(warehouse, project), warehouseCaughtUp: mirror.agree };
  } finally {
    await run.close();
  }
}

export const handleConsoleCustomersSegments: Handler<typeof consoleCustomersSegmentsEndpoint> = async ({ params, query, project }) => {
  // The contract has refused ids Firestore cannot store (documentIdSchema).
  return segmentReport(project, params.segment, query);
};

export const consoleCustomersSegments = serve(consoleCustomersSegmentsEndpoint, handleConsoleCustomersSegments);
