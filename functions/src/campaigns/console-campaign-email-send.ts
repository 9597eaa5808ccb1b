import { consoleCampaignEmailSendEndpoint } from '@console/shared';
import { campaignSendHandler } from './send-endpoint.js';
import { serve } from '../lib/endpoint.js';

/** GET /api/console/campaign-email/{id}/send?project — 'Enviar' of an e-mail campaign. */
export const handleConsoleCampaignEmailSend = campaignSendHandler({
  channel: 'email',
  collection: 'campaign-email',
  templateField: 'emailTemplateId',
  missingTemplate: 'Escolha o template de e-mail da campanha antes de enviar.',
});

export const consoleCampaignEmailSend = serve(consoleCampaignEmailSendEndpoint, handleConsoleCampaignEmailSend);
