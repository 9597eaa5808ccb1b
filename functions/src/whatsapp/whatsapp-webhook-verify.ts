import { whatsappWebhookVerifyEndpoint } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { RawResponse, serve, type Handler } from '../lib/endpoint.js';
import { safeEqualText } from './safe-equal.js';
import { wabaSecrets } from './webhook-secrets.js';

/**
 * GET /api/whatsapp/webhook?project — Meta's subscription handshake (public: Meta sends no ID token):
 * hub.mode=subscribe and our verify token → hub.challenge, as text.
 */
export const handleWhatsappWebhookVerify: Handler<typeof whatsappWebhookVerifyEndpoint> = async ({ query }) => {
  const { config } = await wabaSecrets(query.project);
  const token = query['hub.verify_token'];
  if (query['hub.mode'] !== 'subscribe' || !config?.verifyToken || !token || !safeEqualText(token, config.verifyToken) || !query['hub.challenge']) {
    throw new ApiError(403, 'Verificação do webhook recusada.');
  }
  return new RawResponse(200, query['hub.challenge'], { 'content-type': 'text/plain; charset=utf-8' });
};

export const whatsappWebhookVerify = serve(whatsappWebhookVerifyEndpoint, handleWhatsappWebhookVerify);
