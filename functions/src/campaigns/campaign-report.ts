import { campaignOutcomeReport, PROJECT_COLLECTION, storedDeliveryFlags, type CampaignOutcomeReport, type DeliveryFlags } from '@console/shared';
import type { Firestore } from 'firebase-admin/firestore';
import { BATCH_COLLECTION, readBatch, RECIPIENT_COLLECTION, SEND_COLLECTION, sendId } from './send-store.js';

/** One recipient's outcome record as read for a report. */
interface OutcomeRecord {
  address: string;
  flags: DeliveryFlags;
  failureReason: string | null;
  failureCode: string | number | null;
}

/**
 * The one report of a campaign of either channel (both report endpoints): the send document, the
 * reasons of the recipients refused at send time (its batches) and every recipient's outcome
 * record (campaign-send/{channel}-{id}/recipient), read at once. Answers the records too, for the
 * e-mail report's address lists.
 */
export async function readCampaignReport(
  firestore: Firestore,
  project: string,
  channel: CampaignOutcomeReport['channel'],
  campaignId: string,
): Promise<{ report: CampaignOutcomeReport; records: OutcomeRecord[] }> {
  const sendRef = firestore.doc(`${PROJECT_COLLECTION}/${project}/${SEND_COLLECTION}/${sendId(channel, campaignId)}`);
  const [send, batches, outcomes] = await Promise.all([
    sendRef.get(),
    sendRef.collection(BATCH_COLLECTION).get(),
    sendRef.collection(RECIPIENT_COLLECTION).get(),
  ]);
  const refusals: string[] = [];
  for (const doc of batches.docs) for (const r of readBatch(doc.data()).recipients) if (r.state === 'failed') refusals.push(r.reason ?? '');
  const records = outcomes.docs.map((d): OutcomeRecord => {
    const data = d.data();
    const code = data.failureCode;
    return {
      // E-mail records written before the shared shape name the address `email`.
      address: String(data.address ?? data.email ?? ''),
      flags: storedDeliveryFlags(data.flags),
      failureReason: typeof data.failureReason === 'string' ? data.failureReason : null,
      failureCode: typeof code === 'string' || typeof code === 'number' ? code : null,
    };
  });
  const state = send.data();
  const counts = state ? { ...state, status: String(state.status), leftOut: (state.leftOut ?? {}) as Record<string, number> } : null;
  return { report: campaignOutcomeReport(channel, counts, refusals, records), records };
}
