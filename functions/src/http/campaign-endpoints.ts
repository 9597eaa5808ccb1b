import { consoleCampaignEmailReport } from './console-campaign-email-report.js';
import { consoleCampaignEmailSend } from './console-campaign-email-send.js';
import { sendgridEvents } from './sendgrid-events.js';
import { consoleCampaignWhatsappReport } from './console-campaign-whatsapp-report.js';
import { consoleCampaignWhatsappSend } from './console-campaign-whatsapp-send.js';

/** Segments, e-mail templates, campaigns, their webhook and unsubscribe, gifts (issue 15). */
export const campaignEndpoints = [consoleCampaignEmailSend, consoleCampaignEmailReport, sendgridEvents, consoleCampaignWhatsappSend, consoleCampaignWhatsappReport];
