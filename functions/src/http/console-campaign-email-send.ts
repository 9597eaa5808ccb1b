import { campaignSendEndpoint } from '../campaigns/send-endpoint.js';

/** GET /api/console/campaign-email/{id}/send?project — 'Enviar' of an e-mail campaign. */
export const consoleCampaignEmailSend = campaignSendEndpoint({
  channel: 'email',
  collection: 'campaign-email',
  templateField: 'emailTemplateId',
  missingTemplate: 'Escolha o template de e-mail da campanha antes de enviar.',
});
