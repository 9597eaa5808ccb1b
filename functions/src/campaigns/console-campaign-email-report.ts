import { consoleCampaignEmailReportEndpoint, campaignReport, PROJECT_COLLECTION, type RecipientFlags } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { RECIPIENT_COLLECTION, SEND_COLLECTION, sendId } from './send-store.js';

/**
 * GET /api/console/campaign-email/{id}/report?project — 'Relatório': the spec's data {delivered,
 * bounce, dropped, open, open_rate, click, click_rate, *_emails} from the recipients' flags (set by
 * the Event Webhook, each event counted once), plus the send's sent and total.
 */
export const handleConsoleCampaignEmailReport: Handler<typeof consoleCampaignEmailReportEndpoint> = async ({ params, project }) => {
  const campaignId = params.id;
  if (campaignId.includes('/')) throw new ApiError(400, 'Campanha inválida.');
  const sendRef = firestore.doc(`${PROJECT_COLLECTION}/${project}/${SEND_COLLECTION}/${sendId('email', campaignId)}`);
  const [send, recipients] = await Promise.all([sendRef.get(), sendRef.collection(RECIPIENT_COLLECTION).get()]);
  const data = campaignReport(recipients.docs.map((d) => ({ email: String(d.data().email ?? ''), flags: (d.data().flags ?? {}) as RecipientFlags })));
  return { data, sent: Number(send.data()?.sent ?? 0), total: Number(send.data()?.total ?? 0), unknown: Number(send.data()?.unknown ?? 0) };
};

export const consoleCampaignEmailReport = serve(consoleCampaignEmailReportEndpoint, handleConsoleCampaignEmailReport);
