import { consoleCampaignEmailReportEndpoint, campaignReport } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { readCampaignReport } from './campaign-report.js';

/**
 * GET /api/console/campaign-email/{id}/report?project — 'Relatório': the campaigns' one report
 * (campaign-report.ts: the send's counts, recipients per delivery stage, failures by reason) with
 * the spec's data {delivered, bounce, dropped, open, open_rate, click, click_rate, *_emails} from
 * the same outcome records (set by the Event Webhook, each event counted once).
 */
export const handleConsoleCampaignEmailReport: Handler<typeof consoleCampaignEmailReportEndpoint> = async ({ params, project }) => {
  const campaignId = params.id;
  if (campaignId.includes('/')) throw new ApiError(400, 'Campanha inválida.');
  const { report, records } = await readCampaignReport(firestore, project, 'email', campaignId);
  return { ...report, data: campaignReport(records.map((r) => ({ email: r.address, flags: r.flags }))) };
};

export const consoleCampaignEmailReport = serve(consoleCampaignEmailReportEndpoint, handleConsoleCampaignEmailReport);
