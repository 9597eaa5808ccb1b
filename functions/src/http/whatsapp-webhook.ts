import { z } from 'zod';
import { logger } from 'firebase-functions';
import { projectIdSchema } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { defineEndpoint, RawResponse } from '../lib/endpoint.js';
import { firestore } from '../lib/admin.js';
import { parseWabaConfig } from '../whatsapp/config.js';
import { applyWebhook, verifyHubSignature, webhookBodySchema } from '../whatsapp/webhook.js';
import { safeEqualText } from '../whatsapp/safe-equal.js';

/**
 * The WhatsApp status webhook. Meta's app settings point at
 * `https://<site>/api/whatsapp/webhook?project=<store>`: the project names whose config/waba holds
 * the app secret (signatures) and verify token (handshake). Public (Meta sends no ID token); the
 * signature is the authentication.
 */
async function wabaSecrets(project: unknown) {
  const parsed = projectIdSchema.safeParse(project);
  if (!parsed.success) throw new ApiError(400, 'Parâmetro project ausente ou inválido.');
  const data = (await firestore.doc(`project/${parsed.data}/config/waba`).get()).data();
  const config = parseWabaConfig(data);
  return { project: parsed.data, config: 'config' in config ? config.config : null };
}

/** GET — Meta's subscription handshake: hub.mode=subscribe and our verify token → hub.challenge, as text. */
export const whatsappWebhookVerify = defineEndpoint({
  method: 'GET',
  path: '/api/whatsapp/webhook',
  access: 'public',
  query: z.looseObject({ project: z.string().optional(), 'hub.mode': z.string().optional(), 'hub.verify_token': z.string().optional(), 'hub.challenge': z.string().max(200).optional() }),
  async handle({ query }) {
    const { config } = await wabaSecrets(query.project);
    const token = query['hub.verify_token'];
    if (query['hub.mode'] !== 'subscribe' || !config?.verifyToken || !token || !safeEqualText(token, config.verifyToken) || !query['hub.challenge']) {
      throw new ApiError(403, 'Verificação do webhook recusada.');
    }
    return new RawResponse(200, query['hub.challenge'], { 'content-type': 'text/plain; charset=utf-8' });
  },
});

/**
 * POST — statuses (sent, delivered, read, failed). The raw body's X-Hub-Signature-256 must verify
 * with the project's app secret (else 401, nothing read). Each status is applied once and only
 * forward (functions/src/whatsapp/messages.ts); a verified body always answers 200 so Meta does
 * not redeliver what was understood; a failure to store answers 500 and Meta tries again.
 */
export const whatsappWebhook = defineEndpoint({
  method: 'POST',
  path: '/api/whatsapp/webhook',
  access: 'public',
  query: z.looseObject({ project: z.string().optional() }),
  async handle({ query, rawBody, header }) {
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
      logger.warn('whatsapp webhook: unexpected body acknowledged', { project });
      return { ok: true, applied: 0, stale: 0, ignored: 0 };
    }
    return { ok: true, ...(await applyWebhook(project, body.data)) };
  },
});
