import { consoleCampaignEmailSendControlEndpoint } from '@console/shared';
import { campaignSendControlHandler } from './send-control.js';
import { serve } from '../lib/endpoint.js';

/** POST /api/console/campaign-email/{id}/send/{pause|resume|cancel}?project — the send panel's controls. */
export const handleConsoleCampaignEmailSendControl = campaignSendControlHandler({ channel: 'email', collection: 'campaign-email' });

export const consoleCampaignEmailSendControl = serve(consoleCampaignEmailSendControlEndpoint, handleConsoleCampaignEmailSendControl);
