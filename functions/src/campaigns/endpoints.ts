import type { ServedEndpoint } from '../lib/endpoint.js';
import { campaignEmailUnsubscribe, campaignEmailUnsubscribePage } from './campaign-email-unsubscribe.js';
import { consoleCampaignEmailReport } from './console-campaign-email-report.js';
import { consoleCampaignEmailSend } from './console-campaign-email-send.js';
import { consoleCampaignEmailSendControl } from './console-campaign-email-send-control.js';
import { consoleCustomersSegments } from './console-customers-segments.js';
import { consoleEmailTemplatePreview, consoleEmailTemplatePreviewTicket, consoleEmailTemplateTest } from './console-email-template.js';
import { sendgridEvents } from './sendgrid-events.js';
import { consoleCampaignWhatsappReport } from './console-campaign-whatsapp-report.js';
import { consoleCampaignWhatsappSend } from './console-campaign-whatsapp-send.js';
import { consoleCampaignWhatsappSendControl } from './console-campaign-whatsapp-send-control.js';

/** Segments, e-mail templates, campaigns, their webhook and unsubscribe (issue 15). */
export const endpoints: readonly ServedEndpoint[] = [
  consoleCustomersSegments,
  consoleEmailTemplateTest,
  consoleEmailTemplatePreview,
  consoleEmailTemplatePreviewTicket,
  consoleCampaignEmailSend,
  consoleCampaignEmailSendControl,
  consoleCampaignEmailReport,
  sendgridEvents,
  campaignEmailUnsubscribePage,
  campaignEmailUnsubscribe,
  consoleCampaignWhatsappSend,
  consoleCampaignWhatsappSendControl,
  consoleCampaignWhatsappReport,
];
