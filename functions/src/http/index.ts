import type { Endpoint } from '../lib/endpoint.js';
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
import { consoleCollectionsImport } from './console-collections-import.js';
import { workerEndpoints } from './workers.js';

/** Every endpoint behind Hosting's /api/** rewrite. */
export const endpoints: Endpoint[] = [
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
  consoleCollectionsImport,
  ...workerEndpoints,
] as Endpoint[];
