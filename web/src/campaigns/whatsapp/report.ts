import { consoleCampaignWhatsappReportEndpoint, type WhatsappCampaignReport } from '@console/shared';
import { callApi } from '../../lib/api';

export async function fetchWhatsappReport(projectId: string, campaignId: string): Promise<WhatsappCampaignReport> {
  return callApi(consoleCampaignWhatsappReportEndpoint, { params: { id: campaignId }, project: projectId });
}
