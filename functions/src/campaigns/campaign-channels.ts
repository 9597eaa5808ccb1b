import type { Firestore } from 'firebase-admin/firestore';
import { campaignLinkSecret, whatsappApiUrl, whatsappMessagesPerSecond } from '../config.js';
import type { SendChannel } from './channel.js';
import { publicBaseUrl, sendgridFromParams, sendgridLimitsFromParams } from './channels.js';
import { createEmailChannel } from './email-channel.js';
import { createWhatsappChannel } from './whatsapp-channel.js';

/**
 * Every channel plug-in of the campaign send job, by id (the `channel` of a campaign-send
 * document). It lives above both folders so that functions/src/campaigns (the job) never imports
 * functions/src/whatsapp (a channel), which imports the job's seam: no import circle.
 */
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
