import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleFilesAttaches } from './console-files-attaches.js';
import { consoleFilesCdnBunnyUploadVideoUrl } from './console-files-cdn-bunny-upload-video-url.js';
import { consoleFilesDownloadUrl } from './console-files-download-url.js';
import { consoleFilesImages } from './console-files-images.js';
import { consoleFilesPermissions } from './console-files-permissions.js';
import { fileVideo } from './file-video.js';
import { fileVideoBunnyWebhook } from './file-video-bunny-webhook.js';

/** Images, attachments, downloads by URL and videos (Bunny Stream). */
export const endpoints: readonly ServedEndpoint[] = [
  consoleFilesImages,
  consoleFilesAttaches,
  consoleFilesPermissions,
  consoleFilesDownloadUrl,
  consoleFilesCdnBunnyUploadVideoUrl,
  fileVideoBunnyWebhook,
  fileVideo,
];
