import { z } from 'zod';
import { applyWebhook, videoContext } from '../bunny/index.js';
import { defineEndpoint } from '../lib/endpoint.js';

/** Bunny Stream's webhook body: {VideoLibraryId, VideoGuid, Status}. */
export const bunnyWebhookSchema = z.object({
  VideoLibraryId: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String),
  // A guid only: it becomes a document id, so no slashes or dots.
  VideoGuid: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
  Status: z.number().int(),
});

/**
 * POST /api/file/video/bunny-webhook — Bunny Stream's status callback (the library's webhook URL).
 * Public: Bunny cannot send a Firebase ID token. It trusts nothing in the call but the video's guid
 * (see applyWebhook: the state is read again from Bunny with the project's own key) and answers
 * {ok: true} alike for known and unknown videos; only a body that is not Bunny's shape gets 400.
 */
export const fileVideoBunnyWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/file/video/bunny-webhook',
  access: 'public',
  body: bunnyWebhookSchema,
  async handle({ body }) {
    await applyWebhook(videoContext(), { guid: body.VideoGuid, libraryId: body.VideoLibraryId });
    return { ok: true };
  },
});
