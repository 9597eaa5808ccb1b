import { whatsappCampaignReportSchema, type WhatsappCampaignReport } from '@console/shared';
import { callApi } from '../../lib/api';

export async function fetchWhatsappReport(projectId: string, campaignId: string): Promise<WhatsappCampaignReport> {
  const answer = await callApi(`/api/console/campaign-whatsapp/${encodeURIComponent(campaignId)}/report`, { query: { project: projectId } });
  return whatsappCampaignReportSchema.parse(answer);
}
