import {
  campaignPauseAfterFailures,
  publicBaseUrl as configuredPublicBaseUrl,
  sendgridActivityPerMinute,
  sendgridApiKey,
  sendgridApiUrl,
  sendgridMailSendPerSecond,
} from '../config.js';
import { PermanentSendError } from './channel.js';
import { DEFAULT_SENDGRID_LIMITS, type SendgridLimits } from './email-channel.js';
import { CONSECUTIVE_FAILURES_BEFORE_PAUSE } from './send-job.js';
import { createSendgridClient } from './sendgrid-client.js';

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
