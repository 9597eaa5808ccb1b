import type { Firestore } from 'firebase-admin/firestore';
import {
  campaignLinkSecret,
  campaignPauseAfterFailures,
  publicBaseUrl as configuredPublicBaseUrl,
  sendgridActivityPerMinute,
  sendgridApiKey,
  sendgridApiUrl,
  sendgridMailSendPerSecond,
  whatsappApiUrl,
  whatsappMessagesPerSecond,
} from '../config.js';
import { PermanentSendError, type SendChannel } from './send-channel.js';
import { createEmailChannel, DEFAULT_SENDGRID_LIMITS, type SendgridLimits } from './email-channel.js';
import { CONSECUTIVE_FAILURES_BEFORE_PAUSE } from './send-job.js';
import { createSendgridClient } from './sendgrid-client.js';
import { createWhatsappChannel } from './whatsapp-channel.js';

/**
 * The registry of the send job's channels as production builds them (e-mail: email-channel.ts,
 * WhatsApp: whatsapp-channel.ts; the seam they implement: send-channel.ts), with the params and
 * secrets each reads when a send or a test e-mail runs. The only file that builds the channels:
 * the job (send-job.ts) knows them only through the seam.
 */

/** Every channel of the send job, by id (the `channel` of a campaign-send document). */
export function campaignChannels(firestore: Firestore): Record<string, SendChannel> {
  return {
    email: createEmailChannel({
      firestore,
      client: sendgridFromParams,
      linkBase: publicBaseUrl,
      linkSecret: () => campaignLinkSecret(),
      limits: sendgridLimitsFromParams,
    }),
    whatsapp: createWhatsappChannel({
      firestore,
      baseUrl: () => whatsappApiUrl(),
      messagesPerSecond: () => Number(whatsappMessagesPerSecond()) || 80,
    }),
  };
}

/** The production SendGrid client (params and secret read when a send or test runs). */
export function sendgridFromParams() {
  return createSendgridClient({ apiKey: sendgridApiKey(), baseUrl: sendgridApiUrl() });
}

/** SendGrid's pace and the Email Activity API's limit, from the params (defaults: DEFAULT_SENDGRID_LIMITS). */
export function sendgridLimitsFromParams(): SendgridLimits {
  const mailSendPerSecond = Number(sendgridMailSendPerSecond()) || DEFAULT_SENDGRID_LIMITS.mailSendPerSecond;
  const activityPerMinute = Number(sendgridActivityPerMinute()) || DEFAULT_SENDGRID_LIMITS.activityPerSecond * 60;
  return { ...DEFAULT_SENDGRID_LIMITS, mailSendPerSecond, activityPerSecond: activityPerMinute / 60 };
}

/** Chunks in a row the provider did not take before a send pauses itself. */
export function pauseAfterFailuresFromParams(): number {
  return Number(campaignPauseAfterFailures()) || CONSECUTIVE_FAILURES_BEFORE_PAUSE;
}

export function publicBaseUrl(): string {
  const base = configuredPublicBaseUrl();
  if (!base) throw new PermanentSendError('PUBLIC_BASE_URL não configurado: os links de descadastro precisam do endereço público do console.');
  return base;
}
