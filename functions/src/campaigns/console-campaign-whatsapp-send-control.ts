import { consoleCampaignWhatsappSendControlEndpoint } from '@console/shared';
import { campaignSendControlHandler } from './send-control.js';
import { serve } from '../lib/endpoint.js';

/** POST /api/console/campaign-whatsapp/{id}/send/{pause|resume|cancel}?project — the send panel's controls. */
export const handleConsoleCampaignWhatsappSendControl = campaignSendControlHandler({ channel: 'whatsapp', collection: 'campaign-whatsapp' });

export const consoleCampaignWhatsappSendControl = serve(consoleCampaignWhatsappSendControlEndpoint, handleConsoleCampaignWhatsappSendControl);
