import type { ServedEndpoint } from '../lib/endpoint.js';
import { health } from './health.js';
import { consoleMe } from './console-me.js';
import { consoleProject } from './console-project.js';
import { consoleProduct } from './console-product.js';
import { consoleQueueTasks } from './console-queue-tasks.js';
import { consoleSyncConfig } from './console-sync-config.js';
import { consoleFilesAttaches } from './console-files-attaches.js';
import { consoleFilesDownloadUrl } from './console-files-download-url.js';
import { consoleFilesImages } from './console-files-images.js';
import { consoleFilesPermissions } from './console-files-permissions.js';
import { consoleFilesCdnBunnyUploadVideoUrl } from './console-files-cdn-bunny-upload-video-url.js';
import { fileVideo } from './file-video.js';
import { fileVideoBunnyWebhook } from './file-video-bunny-webhook.js';
import { consoleConditionsPreview } from './console-conditions-preview.js';
import { consoleCollectionsImport } from './console-collections-import.js';
import { workerEndpoints } from './workers.js';
import { consoleProductsAiResponse } from './console-products-ai-response.js';
import { consoleProductsAiTools } from './console-products-ai-tools.js';
import { consoleProductsAiDecision } from './console-products-ai-decision.js';
import { consoleAiUsage } from './console-ai-usage.js';
import { consoleWhatsappTemplateLoadFromApi } from './console-whatsapp-template-load-from-api.js';
import { whatsappMessage } from './whatsapp-message.js';
import { whatsappWebhook } from './whatsapp-webhook.js';
import { whatsappWebhookVerify } from './whatsapp-webhook-verify.js';
import { consoleAuthGoogle } from './console-auth-google.js';
import { consoleAuthGoogleCallback } from './console-auth-google-callback.js';
import { consoleAuthGoogleLink } from './console-auth-google-link.js';
import { campaignEndpoints } from './campaign-endpoints.js';

/** Every endpoint behind Hosting's /api/** rewrite (and /whatsapp/**, the spec's test-message path). */
export const endpoints: readonly ServedEndpoint[] = [
  health,
  consoleMe,
  consoleProject,
  consoleProduct,
  consoleQueueTasks,
  consoleSyncConfig,
  consoleFilesImages,
  consoleFilesAttaches,
  consoleFilesPermissions,
  consoleFilesDownloadUrl,
  consoleFilesCdnBunnyUploadVideoUrl,
  fileVideoBunnyWebhook,
  fileVideo,
  consoleConditionsPreview,
  consoleProductsAiResponse,
  consoleProductsAiTools,
  consoleProductsAiDecision,
  consoleAiUsage,
  consoleCollectionsImport,
  ...workerEndpoints,
  consoleWhatsappTemplateLoadFromApi,
  whatsappMessage,
  whatsappWebhookVerify,
  whatsappWebhook,
  consoleAuthGoogle,
  consoleAuthGoogleLink,
  consoleAuthGoogleCallback,
  ...campaignEndpoints,
];
