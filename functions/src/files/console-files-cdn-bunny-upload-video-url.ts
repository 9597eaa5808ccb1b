import { consoleFilesCdnBunnyUploadVideoUrlEndpoint } from '@console/shared';
import { issueUploadTicket, videoContext } from './bunny/index.js';
import { serve, type Handler } from '../lib/endpoint.js';

/**
 * POST /api/console/files/cdn/bunny/upload-video-url?project {id} → {data: ticket} (document 1 §7).
 * `id` is a registered video of the project (404 otherwise). The Bunny video is created (titled with
 * the file's title) and stored as the entry's cdn.bunny; the ticket carries what tus-js-client needs
 * to upload straight to Bunny — endpoint, libraryId, videoId and the upload signature with its
 * expiry (1 h) — never the API key. 412 when config/bunny is incomplete; Bunny failures answer
 * 502/504 'Bunny Stream: …'.
 */
export const handleConsoleFilesCdnBunnyUploadVideoUrl: Handler<typeof consoleFilesCdnBunnyUploadVideoUrlEndpoint> = async ({ body, project, caller }) => {
  return { data: await issueUploadTicket(videoContext(), { project, fileId: body.id, uid: caller.uid }) };
};

export const consoleFilesCdnBunnyUploadVideoUrl = serve(consoleFilesCdnBunnyUploadVideoUrlEndpoint, handleConsoleFilesCdnBunnyUploadVideoUrl);
