import { consoleCampaignWhatsappReportEndpoint, CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION, PROJECT_COLLECTION, type WhatsappCampaignReport } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { BATCH_COLLECTION, readBatch, SEND_COLLECTION, sendId } from './send-store.js';

/**
 * GET /api/console/campaign-whatsapp/{id}/report?project — the campaign's report (the spec shows
 * only the e-mail one): sent, delivered, read, failed with the reasons, opted out, left out. The
 * send counts come from the send document and its batches; delivered and read from the message
 * records the status webhook sets (one flag per status, so repeats count once).
 */
export const handleConsoleCampaignWhatsappReport: Handler<typeof consoleCampaignWhatsappReportEndpoint> = async ({
  params,
  project,
}): Promise<WhatsappCampaignReport> => {
  const campaignId = params.id;
  if (campaignId.includes('/')) throw new ApiError(400, 'Campanha inválida.');
  const sendRef = firestore.doc(`${PROJECT_COLLECTION}/${project}/${SEND_COLLECTION}/${sendId('whatsapp', campaignId)}`);
  const messages = firestore.collection(`${PROJECT_COLLECTION}/${project}/${CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION}`).where('campaignId', '==', campaignId);
  const count = async (flag: string) => (await messages.where(flag, '==', true).count().get()).data().count;
  const [send, batches, delivered, read, deliveryFailures] = await Promise.all([
    sendRef.get(),
    sendRef.collection(BATCH_COLLECTION).get(),
    count('delivered'),
    count('read'),
    messages.where('failed', '==', true).select('failureReason', 'failureCode').get(),
  ]);
  const state = send.data();
  if (!state)
    return { status: 'not-sent', total: 0, sent: 0, delivered: 0, read: 0, failed: 0, optedOut: 0, unconfirmed: 0, unknown: 0, leftOut: {}, reasons: [] };
  const reasons = new Map<string, number>();
  const add = (reason: string) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  for (const doc of batches.docs) {
    for (const r of readBatch(doc.data()).recipients) if (r.state === 'failed') add(r.reason || 'erro desconhecido');
  }
  for (const doc of deliveryFailures.docs) {
    const code = doc.get('failureCode');
    add(`Entrega: ${doc.get('failureReason') || 'falha'}${code ? ` (${code})` : ''}`);
  }
  const sent = Number(state.sent ?? 0);
  return {
    status: state.status,
    total: Number(state.total ?? 0),
    sent,
    delivered,
    read,
    failed: Number(state.failed ?? 0) + deliveryFailures.size,
    optedOut: Number(state.optedOut ?? 0),
    unconfirmed: Math.max(0, sent - delivered - deliveryFailures.size),
    unknown: Number(state.unknown ?? 0),
    leftOut: (state.leftOut ?? {}) as Record<string, number>,
    reasons: [...reasons].map(([reason, n]) => ({ reason, count: n })).sort((a, b) => b.count - a.count),
  };
};

export const consoleCampaignWhatsappReport = serve(consoleCampaignWhatsappReportEndpoint, handleConsoleCampaignWhatsappReport);
