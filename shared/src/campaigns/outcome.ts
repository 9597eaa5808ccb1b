/**
 * What became of a campaign message after the provider took it, in one vocabulary for every
 * channel. Each recipient of a send has one outcome record
 * (project/{p}/campaign-send/{channel}-{campaignId}/recipient/{key}) whose `flags` are these
 * stages, set forward only (a late, repeated or out-of-order event never clears one); each
 * channel says here what its provider's statuses mean in these words.
 *
 *   accepted   the provider took it for delivery (SendGrid 'processed'; WhatsApp 'sent', or Meta's message id)
 *   delivered  it reached the recipient's mailbox or phone
 *   opened     the recipient opened (e-mail 'open') or read it (WhatsApp 'read')
 *   clicked    the recipient clicked a link (e-mail only)
 *   bounced    the receiving server refused it (e-mail)
 *   dropped    the provider did not deliver it (SendGrid 'dropped': earlier bounce, unsubscribe…)
 *   failed     delivery failed after it was taken (WhatsApp 'failed')
 */
/** The outcome records of a campaign's send, under the project: one document per recipient key. */
export function campaignOutcomesPath(channel: 'email' | 'whatsapp', campaignId: string): string {
  return `campaign-send/${channel}-${campaignId}/recipient`;
}

export const DELIVERY_STAGES = ['accepted', 'delivered', 'opened', 'clicked', 'bounced', 'dropped', 'failed'] as const;
export type DeliveryStage = (typeof DELIVERY_STAGES)[number];
export type DeliveryFlags = Partial<Record<DeliveryStage, boolean>>;

/** The stages that mean delivery did not happen. */
export const DELIVERY_FAILURE_STAGES: readonly DeliveryStage[] = ['bounced', 'dropped', 'failed'];

/** SendGrid Event Webhook events and the stage each sets (deferred, spam reports and unsubscribes set none). */
export const SENDGRID_EVENT_STAGE: Record<string, DeliveryStage | null> = {
  processed: 'accepted',
  dropped: 'dropped',
  bounce: 'bounced',
  delivered: 'delivered',
  open: 'opened',
  click: 'clicked',
  deferred: null,
  spamreport: null,
  unsubscribe: null,
  group_unsubscribe: null,
  group_resubscribe: null,
};

/**
 * WhatsApp Cloud API statuses (shared/src/whatsapp/status.ts's MESSAGE_STATUSES: 'accepted' is
 * Meta's message id at send time) and the stages each implies (a later status implies the earlier ones).
 */
export const WHATSAPP_STATUS_STAGES: Record<'accepted' | 'sent' | 'delivered' | 'read' | 'failed', readonly DeliveryStage[]> = {
  accepted: ['accepted'],
  sent: ['accepted'],
  delivered: ['accepted', 'delivered'],
  read: ['accepted', 'delivered', 'opened'],
  failed: ['failed'],
};

/** The flags after `stages`: forward only (the same object when nothing is new). */
export function withStages(flags: DeliveryFlags, stages: readonly DeliveryStage[]): DeliveryFlags {
  const fresh = stages.filter((s) => !flags[s]);
  if (!fresh.length) return flags;
  const next = { ...flags };
  for (const s of fresh) next[s] = true;
  return next;
}

/**
 * The flags of an outcome record as stored. E-mail records written before this vocabulary named
 * the accepted stage after SendGrid's event ('processed'): read as accepted.
 */
export function storedDeliveryFlags(value: unknown): DeliveryFlags {
  if (!value || typeof value !== 'object') return {};
  const raw = value as Record<string, unknown>;
  const flags: DeliveryFlags = {};
  for (const s of DELIVERY_STAGES) if (raw[s] === true) flags[s] = true;
  if (raw.processed === true) flags.accepted = true;
  return flags;
}
