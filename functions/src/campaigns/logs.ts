import { errorText, logEvent } from '../lib/logs.js';

/** The named log events of campaigns and SendGrid (one function per event). */

/** SendGrid refused the template's test e-mail (the operator sees the reason). */
export function sendgridTestEmailRefused(project: string, status: number, detail: unknown): void {
  logEvent('WARNING', 'sendgrid refused a test e-mail', { project, status, detail });
}

/** SendGrid refused one batch of a campaign send. */
export function sendgridBatchRefused(project: string, sendId: string, status: number, detail: unknown): void {
  logEvent('WARNING', 'sendgrid refused a batch', { project, sendId, status, detail });
}

/** An event webhook call whose signature or timestamp does not verify: answered 403. */
export function sendgridWebhookRefused(reason: string): void {
  logEvent('WARNING', 'sendgrid webhook refused', { reason });
}

/**
 * Events of a verified batch that changed nothing, counted by reason (webhook-events.ts's
 * IgnoredReason): mail that is not a campaign's is expected; 'malformed' or 'unknown-event' means
 * SendGrid sent something we do not read, and a report would miss it.
 */
export function sendgridEventsIgnored(byReason: Partial<Record<string, number>>): void {
  const unexpected = (byReason.malformed ?? 0) + (byReason['unknown-event'] ?? 0) + (byReason['send-not-found'] ?? 0);
  logEvent(unexpected ? 'WARNING' : 'INFO', 'sendgrid events ignored', { byReason });
}

/**
 * A stored batch of SendGrid events was applied to the sends' counts (webhook-events.ts's
 * WebhookSummary, named by its fields: importing it would make a circle, as that file logs here).
 */
export function sendgridEventBatchApplied(
  batchId: string,
  summary: Record<'received' | 'counted' | 'duplicates' | 'ignored', number> & { ignoredBy: Partial<Record<string, number>> },
): void {
  logEvent('INFO', 'sendgrid event batch applied', { batchId, ...summary });
}

/** A queued campaign send task whose payload does not parse: dropped. */
export function campaignSendTaskPayloadInvalid(): void {
  logEvent('ERROR', 'campaign send task: invalid payload, dropped');
}

/** A queued send names a channel this deployment does not have: dropped. */
export function campaignSendTaskChannelUnknown(project: string, sendId: string, channel: unknown): void {
  logEvent('ERROR', 'campaign send task: unknown channel', { project, sendId, channel });
}

/** One run of a send task ended (finished, paused, handed over…). */
export function campaignSendTaskRun(project: string, sendId: string, result: string): void {
  logEvent('INFO', 'campaign send task', { project, sendId, result });
}

/** The send stopped for good (a permanent failure); the reason is on the send. */
export function campaignSendStopped(project: string, id: string, reason: string): void {
  logEvent('WARNING', 'campaign send stopped', { project, id, reason });
}

/** A run failed with an unexpected error; the next delivery takes over. */
export function campaignSendRunFailed(project: string, id: string, error: unknown): void {
  logEvent('WARNING', 'campaign send run failed', { project, id, error: errorText(error) });
}

/** The send paused itself (the provider refused too many in a row). */
export function campaignSendPaused(project: string, id: string, reason: string): void {
  logEvent('WARNING', 'campaign send paused', { project, id, reason });
}
