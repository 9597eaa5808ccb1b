import { consoleCampaignWhatsappReportEndpoint, type WhatsappCampaignReport } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { readCampaignReport } from './campaign-report.js';

/**
 * GET /api/console/campaign-whatsapp/{id}/report?project — the campaigns' one report
 * (campaign-report.ts; the spec shows only the e-mail one): sent, delivered, read, failed with
 * the reasons, opted out, left out. Delivered and read are the outcome records' stages, set by
 * the status webhook (each status once), under the names the WhatsApp screen shows.
 */
export const handleConsoleCampaignWhatsappReport: Handler<typeof consoleCampaignWhatsappReportEndpoint> = async ({
  params,
  project,
}): Promise<WhatsappCampaignReport> => {
  const campaignId = params.id;
  if (campaignId.includes('/')) throw new ApiError(400, 'Campanha inválida.');
  const { report } = await readCampaignReport(firestore, project, 'whatsapp', campaignId);
  return { ...report, delivered: report.stages.delivered, read: report.stages.opened };
};

export const consoleCampaignWhatsappReport = serve(consoleCampaignWhatsappReportEndpoint, handleConsoleCampaignWhatsappReport);
