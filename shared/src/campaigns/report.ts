/**
 * The campaign reports: the spec's e-mail report data (document 2 §7) and the one report shape of
 * every channel (campaignOutcomeReport), both from the recipients' outcome records, whose flags
 * are the delivery stages of outcome.ts (forward only).
 */
import { DELIVERY_FAILURE_STAGES, DELIVERY_STAGES, SENDGRID_EVENT_STAGE, withStages, type DeliveryFlags, type DeliveryStage } from './outcome.js';

/** A recipient's flags in the e-mail report: the delivery stages (outcome.ts). */
export type RecipientFlags = DeliveryFlags;

/** Events that opt the recipient out (campaign-email-preference.unsubscribed). */
export const OPT_OUT_EVENTS = new Set(['spamreport', 'unsubscribe', 'group_unsubscribe']);

/** The flags after a SendGrid event: forward only. */
export function applyEventFlag(flags: DeliveryFlags, event: string): DeliveryFlags {
  const stage = Object.hasOwn(SENDGRID_EVENT_STAGE, event) ? SENDGRID_EVENT_STAGE[event] : null;
  return stage ? withStages(flags, [stage]) : flags;
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
 * The spec's e-mail report from each recipient's flags (processed = accepted): counts are recipients (not events), rates are opens and
 * clicks over delivered (0 when nothing was delivered), rounded to 4 decimals; lists are sorted.
 */
export function campaignReport(recipients: readonly { email: string; flags: DeliveryFlags }[]): CampaignReport {
  const lists: Record<DeliveryStage, string[]> = { accepted: [], delivered: [], opened: [], clicked: [], bounced: [], dropped: [], failed: [] };
  for (const { email, flags } of recipients) for (const stage of DELIVERY_STAGES) if (flags[stage]) lists[stage].push(email);
  for (const stage of DELIVERY_STAGES) lists[stage].sort();
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
    processed_emails: lists.accepted,
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

/**
 * The one report of a campaign of any channel (its answer's schema: campaignOutcomeReportSchema in
 * shared/src/api/campaign-report.ts).
 */
export interface CampaignOutcomeReport {
  channel: 'email' | 'whatsapp';
  status: 'not-sent' | 'preparing' | 'sending' | 'paused' | 'cancelled' | 'finished';
  total: number;
  sent: number;
  failed: number;
  optedOut: number;
  unconfirmed: number;
  unknown: number;
  leftOut: Record<string, number>;
  reasons: { reason: string; count: number }[];
  stages: Record<DeliveryStage, number>;
}

/** One recipient's outcome record as the report reads it. */
export interface OutcomeRecordView {
  flags: DeliveryFlags;
  /** Why delivery failed, in the provider's words (WhatsApp's error title), and its code. */
  failureReason?: string | null;
  failureCode?: string | number | null;
}

/** The send's counts as stored on the send document (null before any send). */
export interface SendCounts {
  status: string;
  total?: number;
  sent?: number;
  failed?: number;
  optedOut?: number;
  unknown?: number;
  leftOut?: Record<string, number>;
}

/** What a delivery failure of each stage is called when the provider gave no reason. */
const FAILURE_TEXT: Record<string, string> = {
  bounced: 'devolvido pelo servidor do destinatário (bounce)',
  dropped: 'descartado pelo SendGrid',
  failed: 'falha',
};

/**
 * The one report of a campaign of any channel: the send's counts, recipients per delivery stage,
 * and the failures by reason — refused at send time (`refusals`, the batches' reasons) and failed
 * delivery afterwards ('Entrega: …').
 */
export function campaignOutcomeReport(
  channel: CampaignOutcomeReport['channel'],
  send: SendCounts | null,
  refusals: readonly string[],
  records: readonly OutcomeRecordView[],
): CampaignOutcomeReport {
  const stages = Object.fromEntries(DELIVERY_STAGES.map((s) => [s, 0])) as Record<DeliveryStage, number>;
  const reasons = new Map<string, number>();
  const add = (reason: string) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  // The refusals first: between reasons of equal count, the send's own come first.
  if (send) for (const reason of refusals) add(reason || 'erro desconhecido');
  let deliveryFailures = 0;
  for (const record of records) {
    for (const stage of DELIVERY_STAGES) if (record.flags[stage]) stages[stage] += 1;
    const failure = DELIVERY_FAILURE_STAGES.find((s) => record.flags[s]);
    if (!failure) continue;
    deliveryFailures += 1;
    const code = record.failureCode;
    add(`Entrega: ${record.failureReason || FAILURE_TEXT[failure]}${code ? ` (${code})` : ''}`);
  }
  if (!send) return { channel, status: 'not-sent', total: 0, sent: 0, failed: 0, optedOut: 0, unconfirmed: 0, unknown: 0, leftOut: {}, reasons: [], stages };
  const sent = Number(send.sent ?? 0);
  return {
    channel,
    status: send.status as CampaignOutcomeReport['status'],
    total: Number(send.total ?? 0),
    sent,
    failed: Number(send.failed ?? 0) + deliveryFailures,
    optedOut: Number(send.optedOut ?? 0),
    unconfirmed: Math.max(0, sent - stages.delivered - deliveryFailures),
    unknown: Number(send.unknown ?? 0),
    leftOut: send.leftOut ?? {},
    reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    stages,
  };
}
