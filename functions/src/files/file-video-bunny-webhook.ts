import { fileVideoBunnyWebhookEndpoint } from '@console/shared';
import { applyWebhook, videoContext, WEBHOOK_SIGNATURE_ALGORITHM_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_SIGNATURE_VERSION_HEADER } from './bunny/index.js';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';

/**
 * POST /api/file/video/bunny-webhook — Bunny Stream's status callback (the library's webhook URL).
 * Public (Bunny cannot send a Firebase ID token): the authentication is Bunny's v1 signature of the
 * raw body with the library's Read-Only API key (bunny/video.ts applyWebhook). A call that does not
 * verify answers 401 and nothing is read or written; a verified one {ok: true}, a repeat included
 * (it changes nothing). A body that is not Bunny's shape gets 400.
 */
export const handleFileVideoBunnyWebhook: Handler<typeof fileVideoBunnyWebhookEndpoint> = async ({ body, rawBody, header }) => {
  const outcome = await applyWebhook(videoContext(), {
    guid: body.VideoGuid,
    libraryId: body.VideoLibraryId,
    rawBody,
    signature: {
      signature: header(WEBHOOK_SIGNATURE_HEADER),
      version: header(WEBHOOK_SIGNATURE_VERSION_HEADER),
      algorithm: header(WEBHOOK_SIGNATURE_ALGORITHM_HEADER),
    },
  });
  if (outcome === 'refused') throw new ApiError(401, 'Assinatura do webhook do Bunny inválida.');
  return { ok: true };
};

export const fileVideoBunnyWebhook = serve(fileVideoBunnyWebhookEndpoint, handleFileVideoBunnyWebhook);
