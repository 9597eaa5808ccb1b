/**
 * A message's delivery statuses as the Cloud API reports them. Webhooks come unordered and more
 * than once, so a status only ever moves forward: sent → delivered → read; failed ends it (a
 * failure after read is not possible; one after sent or delivered replaces them).
 */
export const MESSAGE_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const RANK: Record<MessageStatus, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** Whether `next` moves a message whose status is `current` forward. */
export function isStatusForward(current: MessageStatus | null | undefined, next: MessageStatus): boolean {
  if (!current) return true;
  if (current === 'failed' || current === 'read') return false;
  return RANK[next] > RANK[current];
}

/** Where campaign messages are recorded: project/{p}/campaign-whatsapp-message/{campaignId}_{recipientKey}. */
export const CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION = 'campaign-whatsapp-message';
/** WhatsApp opt-outs (131050 and the operator's), by phone key: project/{p}/campaign-whatsapp-preference/{phoneKey}. */
export const CAMPAIGN_WHATSAPP_PREFERENCE_COLLECTION = 'campaign-whatsapp-preference';
