import { consoleCampaignEmailReport } from './console-campaign-email-report.js';
import { consoleCampaignEmailSend } from './console-campaign-email-send.js';
import { sendgridEvents } from './sendgrid-events.js';

/** Segments, e-mail templates, campaigns, their webhook and unsubscribe, gifts (issue 15). */
export const campaignEndpoints = [consoleCampaignEmailSend, consoleCampaignEmailReport, sendgridEvents];
