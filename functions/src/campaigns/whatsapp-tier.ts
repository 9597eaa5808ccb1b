import { Timestamp } from 'firebase-admin/firestore';
import { CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION, PROJECT_COLLECTION, planSend, tierCheck } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import { PermanentSendError } from './send-channel.js';
import { loadSegmentMembers } from './segment-members.js';
import { sha256Hex } from './send-store.js';
import { whatsappAddressing } from './whatsapp-channel.js';
import { readWabaLimits } from '../whatsapp/config.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'Enviar' of a WhatsApp campaign checks the messaging tier before anything is sent: the
 * campaign's unique numbers (opted-out ones left out, as the send does) plus the numbers messaged
 * from this project in the last 24 h must fit the tier of config/waba. Over it: 409 with the
 * figures, in Portuguese, and no send starts. Not configured: no check.
 */
export async function assertWithinTier(project: string, campaign: Record<string, unknown>, preferences: Parameters<typeof planSend>[1]): Promise<void> {
  const limits = await readWabaLimits(project);
  if (limits.uniqueRecipientsPer24h === null) return;
  let members;
  try {
    members = await loadSegmentMembers(firestore, project, campaign.customerSegmentId);
  } catch (error) {
    if (error instanceof PermanentSendError) throw new ApiError(400, error.message);
    throw error;
  }
  const plan = planSend(members, preferences, whatsappAddressing, { sendKey: 'tier-check', hash: (t) => sha256Hex(t, 16) });
  const campaignNumbers = new Set(plan.batches.flatMap((b) => b.recipients.map((r) => r.address)));
  const since = Timestamp.fromMillis(Date.now() - DAY_MS);
  const recent = await firestore
    .collection(`${PROJECT_COLLECTION}/${project}/${CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION}`)
    .where('acceptedAt', '>=', since)
    .select('phone')
    .get();
  const recentNumbers = new Set(recent.docs.map((d) => String(d.get('phone') ?? '')).filter(Boolean));
  const check = tierCheck(limits, campaignNumbers, recentNumbers);
  if (!check.ok) throw new ApiError(409, check.message);
}
