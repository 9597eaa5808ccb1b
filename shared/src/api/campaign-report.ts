import { z } from 'zod';
import { DELIVERY_STAGES } from '../campaigns/outcome.js';

/**
 * One report shape for the campaigns of every channel (e-mail and WhatsApp), answered by both
 * report endpoints and drawn by both screens: the send's counts (from the send and its batches),
 * the delivery stages of the outcome records (shared/src/campaigns/outcome.ts), and the failures
 * grouped by reason. Built by `campaignOutcomeReport` (shared/src/campaigns/report.ts, whose
 * CampaignOutcomeReport the report endpoints' handlers return as this schema's type).
 */
export const campaignOutcomeReportSchema = z.object({
  channel: z.enum(['email', 'whatsapp']),
  status: z.enum(['not-sent', 'preparing', 'sending', 'paused', 'cancelled', 'finished']),
  total: z.number().int(),
  /** Accepted by the provider at send time. */
  sent: z.number().int(),
  /** Refused at send time, or failed delivery afterwards (bounced, dropped, failed). */
  failed: z.number().int(),
  /** Opted out at the provider (WhatsApp 131050): recorded as unsubscribed. */
  optedOut: z.number().int(),
  /** Sent with no delivery outcome from the provider yet. */
  unconfirmed: z.number().int(),
  /** Calls the provider never confirmed nor denied ('sem confirmação'): not counted as sent, never resent. */
  unknown: z.number().int().default(0),
  leftOut: z.record(z.string(), z.number().int()),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Recipients per delivery stage (each recipient once per stage, whatever the events repeated). */
  stages: z.object(Object.fromEntries(DELIVERY_STAGES.map((s) => [s, z.number().int()])) as Record<(typeof DELIVERY_STAGES)[number], z.ZodNumber>),
});

// GET /api/console/campaign-email/{id}/report?project: the spec's `data` (document 2 §7) beside the shared report.
export const campaignReportSchema = z.object({
  delivered: z.number(),
  bounce: z.number(),
  dropped: z.number(),
  open: z.number(),
  open_rate: z.number(),
  click: z.number(),
  click_rate: z.number(),
  processed_emails: z.array(z.string()),
  dropped_emails: z.array(z.string()),
  bounced_emails: z.array(z.string()),
  delivered_emails: z.array(z.string()),
  opened_emails: z.array(z.string()),
  clicked_emails: z.array(z.string()),
});
export const campaignReportResponseSchema = campaignOutcomeReportSchema.extend({
  data: campaignReportSchema,
});

// GET /api/console/campaign-whatsapp/{id}/report?project: the shared report, with the stages under the names the WhatsApp screen shows.
export const whatsappCampaignReportSchema = campaignOutcomeReportSchema.extend({
  /** stages.delivered */
  delivered: z.number().int(),
  /** stages.opened: Meta's 'read'. */
  read: z.number().int(),
});
export type WhatsappCampaignReport = z.infer<typeof whatsappCampaignReportSchema>;
