import { consoleCampaignWhatsappSendEndpoint } from '@console/shared';
import { campaignSendHandler } from '../campaigns/send-endpoint.js';
import { serve } from '../lib/endpoint.js';

/**
 * GET /api/console/campaign-whatsapp/{id}/send?project — 'Enviar' of a WhatsApp campaign, on the
 * campaign send job with the WhatsApp channel (functions/src/whatsapp/channel.ts).
 */
export const handleConsoleCampaignWhatsappSend = campaignSendHandler({
  channel: 'whatsapp',
  collection: 'campaign-whatsapp',
  templateField: 'whatsappTemplateId',
  missingTemplate: 'Escolha o template de WhatsApp da campanha antes de enviar.',
});

export const consoleCampaignWhatsappSend = serve(consoleCampaignWhatsappSendEndpoint, handleConsoleCampaignWhatsappSend);
