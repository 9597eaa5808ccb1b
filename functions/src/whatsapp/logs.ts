import { maskPhone } from '@console/shared';
import { logEvent } from '../lib/logs.js';

/** The named log events of WhatsApp (one function per event). */

/** A signed webhook whose body has an unexpected shape: acknowledged (Meta would retry) and dropped. */
export function whatsappWebhookBodyUnexpected(project: string): void {
  logEvent('WARNING', 'whatsapp webhook: unexpected body acknowledged', { project });
}

/** A status for a message the campaign does not expect (late, or for another recipient). */
export function whatsappStatusIgnored(project: string, campaignId: string): void {
  logEvent('INFO', 'whatsapp webhook: status ignored', { project, campaignId });
}

/** An inbound message was stored in its conversation; the phone is logged masked. */
export function whatsappInboundStored(project: string, phoneKey: string, conversation: string, campaign: string | null): void {
  logEvent('INFO', 'whatsapp webhook: inbound message stored', { project, from: maskPhone(phoneKey), conversation, campaign });
}

/** An inbound message that could not be stored (acknowledged, so Meta does not redeliver it), with why. */
export function whatsappInboundIgnored(project: string, reason: string): void {
  logEvent('WARNING', 'whatsapp webhook: inbound message ignored', { project, reason });
}

/** A template status change for a template this project has not stored (not loaded yet, or another WABA's). */
export function whatsappTemplateStatusUnmatched(project: string, template: string, event: string): void {
  logEvent('INFO', 'whatsapp webhook: template status for no stored template', { project, template, event });
}

/** Meta refused one campaign message with details worth reading (the operator sees the message). */
export function whatsappCampaignMessageRefused(project: string, campaignId: string, code: number | null, detail: string): void {
  logEvent('WARNING', 'whatsapp refused a campaign message', { project, campaignId, code, detail });
}

/** Meta refused a console call (template load, test message…) with details worth reading. */
export function whatsappCallRefused(code: number | null, status: number | null, detail: string): void {
  logEvent('WARNING', 'whatsapp refused a call', { code, status, detail });
}
