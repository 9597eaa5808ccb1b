import { whatsappWebhookEndpoint } from '@console/shared';
import * as logs from './logs.js';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { wabaSecrets } from './webhook-secrets.js';
import { applyWebhook, verifyHubSignature, webhookBodySchema } from './webhook.js';

/**
 * POST /api/whatsapp/webhook?project — WhatsApp statuses (sent, delivered, read, failed), customers'
 * messages and quick-reply answers (stored in their conversation), template status changes; public
 * (Meta sends no ID token), the signature is the authentication. The raw body's X-Hub-Signature-256 must verify
 * with the project's app secret (else 401, nothing read). Each status is applied once and only
 * forward (functions/src/whatsapp/messages.ts); a verified body always answers 200 so Meta does
 * not redeliver what was understood; a failure to store answers 500 and Meta tries again.
 */
export const handleWhatsappWebhook: Handler<typeof whatsappWebhookEndpoint> = async ({ query, rawBody, header }) => {
  const { project, config } = await wabaSecrets(query.project);
  if (!config?.appSecret || !rawBody || !verifyHubSignature(rawBody, header('x-hub-signature-256'), config.appSecret)) {
    throw new ApiError(401, 'Assinatura do webhook inválida.');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ApiError(400, 'Corpo do webhook não é JSON.');
  }
  const body = webhookBodySchema.safeParse(json);
  if (!body.success) {
    logs.whatsappWebhookBodyUnexpected(project);
    return { ok: true, applied: 0, stale: 0, ignored: 0, messages: 0, templates: 0 };
  }
  return { ok: true, ...(await applyWebhook(project, body.data)) };
};

export const whatsappWebhook = serve(whatsappWebhookEndpoint, handleWhatsappWebhook);
