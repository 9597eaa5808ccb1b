/**
 * Delivery events and the campaign report (document 2 §4 flags, §7 report call). The per-recipient
 * flags processed, dropped, bounced, delivered, opened, clicked only move forward: once set, a
 * later (or late, out-of-order) event never clears them.
 */

export const RECIPIENT_FLAGS = ['processed', 'dropped', 'bounced', 'delivered', 'opened', 'clicked'] as const;
export type RecipientFlag = (typeof RECIPIENT_FLAGS)[number];
export type RecipientFlags = Partial<Record<RecipientFlag, boolean>>;

/** SendGrid Event Webhook event names and the flag each sets (deferred sets none). */
export const EVENT_FLAG: Record<string, RecipientFlag | null> = {
  processed: 'processed',
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

/** Events that opt the recipient out (campaign-email-preference.unsubscribed). */
export const OPT_OUT_EVENTS = new Set(['spamreport', 'unsubscribe', 'group_unsubscribe']);

/** The flags after an event: forward only. */
export function applyEventFlag(flags: RecipientFlags, event: string): RecipientFlags {
  const flag = EVENT_FLAG[event];
  if (!flag || flags[flag]) return flags;
  return { ...flags, [flag]: true };
}

export interface CampaignReport {
  delivered: number;
  bounce: number;
  dropped: number;
  open: number;
  open_rate: number;
  click: number;
  click_rate: number;
  processed_emails: string[];
  dropped_emails: string[];
  bounced_emails: string[];
  delivered_emails: string[];
  opened_emails: string[];
  clicked_emails: string[];
}

/**
 * The report from each recipient's flags: counts are recipients (not events), rates are opens and
 * clicks over delivered (0 when nothing was delivered), rounded to 4 decimals; lists are sorted.
 */
export function campaignReport(recipients: readonly { email: string; flags: RecipientFlags }[]): CampaignReport {
  const lists: Record<RecipientFlag, string[]> = { processed: [], dropped: [], bounced: [], delivered: [], opened: [], clicked: [] };
  for (const { email, flags } of recipients) for (const flag of RECIPIENT_FLAGS) if (flags[flag]) lists[flag].push(email);
  for (const flag of RECIPIENT_FLAGS) lists[flag].sort();
  const delivered = lists.delivered.length;
  const rate = (n: number) => (delivered ? Math.round((n / delivered) * 10_000) / 10_000 : 0);
  return {
    delivered,
    bounce: lists.bounced.length,
    dropped: lists.dropped.length,
    open: lists.opened.length,
    open_rate: rate(lists.opened.length),
    click: lists.clicked.length,
    click_rate: rate(lists.clicked.length),
    processed_emails: lists.processed,
    dropped_emails: lists.dropped,
    bounced_emails: lists.bounced,
    delivered_emails: lists.delivered,
    opened_emails: lists.opened,
    clicked_emails: lists.clicked,
  };
}

/** The funnel the report screen draws: sent → processed → delivered → opened → clicked. */
export function reportFunnel(report: CampaignReport, sent: number) {
  return [
    { stage: 'Enviados', value: sent },
    { stage: 'Processados', value: report.processed_emails.length },
    { stage: 'Entregues', value: report.delivered },
    { stage: 'Abertos', value: report.open },
    { stage: 'Clicados', value: report.click },
  ];
}
