import { fileVideoBunnyWebhookEndpoint } from '@console/shared';
import { applyWebhook, videoContext } from './bunny/index.js';
import { serve, type Handler } from '../lib/endpoint.js';

/**
 * POST /api/file/video/bunny-webhook — Bunny Stream's status callback (the library's webhook URL).
 * Public: Bunny cannot send a Firebase ID token. It trusts nothing in the call but the video's guid
 * (see applyWebhook: the state is read again from Bunny with the project's own key) and answers
 * {ok: true} alike for known and unknown videos; only a body that is not Bunny's shape gets 400.
 */
export const handleFileVideoBunnyWebhook: Handler<typeof fileVideoBunnyWebhookEndpoint> = async ({ body }) => {
  await applyWebhook(videoContext(), { guid: body.VideoGuid, libraryId: body.VideoLibraryId });
  return { ok: true };
};

export const fileVideoBunnyWebhook = serve(fileVideoBunnyWebhookEndpoint, handleFileVideoBunnyWebhook);
