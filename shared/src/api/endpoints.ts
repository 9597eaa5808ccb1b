import { consoleAiUsageEndpoint, consoleProductsAiDecisionEndpoint, consoleProductsAiResponseEndpoint, consoleProductsAiToolsEndpoint } from './ai.js';
import {
  campaignEmailUnsubscribeEndpoint,
  campaignEmailUnsubscribePageEndpoint,
  consoleCampaignEmailReportEndpoint,
  consoleCampaignEmailSendEndpoint,
  consoleCampaignEmailSendControlEndpoint,
  consoleCampaignWhatsappReportEndpoint,
  consoleCampaignWhatsappSendEndpoint,
  consoleCampaignWhatsappSendControlEndpoint,
  consoleCustomersSegmentsEndpoint,
  consoleEmailTemplatePreviewEndpoint,
  consoleEmailTemplatePreviewTicketEndpoint,
  consoleEmailTemplateTestEndpoint,
  consoleProductsGiftGenerateEndpoint,
  sendgridEventsEndpoint,
} from './campaigns.js';
import { consoleCollectionsImportEndpoint } from './collection-import.js';
import { consoleConditionsPreviewEndpoint } from './conditions.js';
import {
  consoleMeEndpoint,
  consoleProductEndpoint,
  consoleProjectEndpoint,
  consoleQueueTasksEndpoint,
  consoleSyncConfigEndpoint,
  healthEndpoint,
} from './console.js';
import {
  consoleFilesAttachesEndpoint,
  consoleFilesCdnBunnyUploadVideoUrlEndpoint,
  consoleFilesDownloadUrlEndpoint,
  consoleFilesImagesEndpoint,
  consoleFilesPermissionsEndpoint,
  fileVideoBunnyWebhookEndpoint,
  fileVideoEndpoint,
} from './files.js';
import { consoleAuthGoogleCallbackEndpoint, consoleAuthGoogleEndpoint, consoleAuthGoogleLinkEndpoint } from './google-auth.js';
import { consoleBlingCallbackEndpoint, consoleBlingConnectEndpoint } from './bling-connection.js';
import { consoleWhatsappTemplateLoadFromApiEndpoint, whatsappMessageEndpoint, whatsappWebhookEndpoint, whatsappWebhookVerifyEndpoint } from './whatsapp.js';
import {
  consoleProductsPriceChangeEndpoint,
  consoleProductsPriceHoldConfirmEndpoint,
  consoleProductsPriceHoldDiscardEndpoint,
  consoleProductsPricingRulePreviewEndpoint,
  consoleProductsStaleOverrideResolveEndpoint,
} from './price-guardrails.js';
import { consoleSyncPreviewEndpoint } from './sync-preview.js';
import { WORKER_ENDPOINTS } from './workers.js';

/**
 * Every endpoint of the API (behind Hosting's /api/** rewrite, and /whatsapp/**, the spec's
 * test-message path). The functions serve each exactly once (functions/src/http/index.ts, checked
 * by its test); a path that two descriptors match goes to the first with the request's method.
 */
export const API_ENDPOINTS = [
  healthEndpoint,
  consoleMeEndpoint,
  consoleProjectEndpoint,
  consoleProductsPriceChangeEndpoint,
  consoleProductsPriceHoldConfirmEndpoint,
  consoleProductsPriceHoldDiscardEndpoint,
  consoleProductsStaleOverrideResolveEndpoint,
  consoleProductsPricingRulePreviewEndpoint,
  consoleProductEndpoint,
  consoleSyncPreviewEndpoint,
  consoleQueueTasksEndpoint,
  consoleSyncConfigEndpoint,
  consoleFilesImagesEndpoint,
  consoleFilesAttachesEndpoint,
  consoleFilesPermissionsEndpoint,
  consoleFilesDownloadUrlEndpoint,
  consoleFilesCdnBunnyUploadVideoUrlEndpoint,
  fileVideoBunnyWebhookEndpoint,
  fileVideoEndpoint,
  consoleConditionsPreviewEndpoint,
  consoleProductsAiResponseEndpoint,
  consoleProductsAiToolsEndpoint,
  consoleProductsAiDecisionEndpoint,
  consoleAiUsageEndpoint,
  consoleCollectionsImportEndpoint,
  ...WORKER_ENDPOINTS,
  consoleWhatsappTemplateLoadFromApiEndpoint,
  whatsappMessageEndpoint,
  whatsappWebhookVerifyEndpoint,
  whatsappWebhookEndpoint,
  consoleAuthGoogleEndpoint,
  consoleAuthGoogleLinkEndpoint,
  consoleAuthGoogleCallbackEndpoint,
  consoleBlingConnectEndpoint,
  consoleBlingCallbackEndpoint,
  consoleCustomersSegmentsEndpoint,
  consoleEmailTemplateTestEndpoint,
  consoleEmailTemplatePreviewEndpoint,
  consoleEmailTemplatePreviewTicketEndpoint,
  consoleCampaignEmailSendEndpoint,
  consoleCampaignEmailSendControlEndpoint,
  consoleCampaignEmailReportEndpoint,
  sendgridEventsEndpoint,
  campaignEmailUnsubscribePageEndpoint,
  campaignEmailUnsubscribeEndpoint,
  consoleProductsGiftGenerateEndpoint,
  consoleCampaignWhatsappSendEndpoint,
  consoleCampaignWhatsappSendControlEndpoint,
  consoleCampaignWhatsappReportEndpoint,
] as const;
