import type { Firestore } from 'firebase-admin/firestore';
import { CAMPAIGN_LINK_SECRET, PUBLIC_BASE_URL, SENDGRID_API_KEY, SENDGRID_API_URL, WHATSAPP_API_URL, WHATSAPP_MESSAGES_PER_SECOND } from '../params.js';
import { createWhatsappChannel } from '../whatsapp/channel.js';
import { PermanentSendError, type SendChannel } from './channel.js';
import { createEmailChannel } from './email-channel.js';
import { createSendgridClient } from './sendgrid-client.js';

/** The production SendGrid client (params and secret read when a send or test runs). */
export function sendgridFromParams() {
  return createSendgridClient({ apiKey: SENDGRID_API_KEY.value(), baseUrl: SENDGRID_API_URL.value() });
}

export function publicBaseUrl(): string {
  const base = PUBLIC_BASE_URL.value();
  if (!base) throw new PermanentSendError('PUBLIC_BASE_URL não configurado: os links de descadastro precisam do endereço público do console.');
  return base;
}

/**
 * Every channel the send job knows, by id (the `channel` of a campaign-send document). A new
 * channel (WhatsApp, issue 16) adds its entry here.
 */
export function campaignChannels(firestore: Firestore): Record<string, SendChannel> {
  return {
    email: createEmailChannel({ firestore, client: sendgridFromParams, linkBase: publicBaseUrl, linkSecret: () => CAMPAIGN_LINK_SECRET.value() }),
    whatsapp: createWhatsappChannel({
      firestore,
      baseUrl: () => WHATSAPP_API_URL.value(),
      messagesPerSecond: () => Number(WHATSAPP_MESSAGES_PER_SECOND.value()) || 80,
    }),
  };
}
