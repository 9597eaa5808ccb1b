import { sendgridEventsEndpoint } from '@console/shared';
import * as logs from './logs.js';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { sendgridWebhookPublicKey } from '../config.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, WEBHOOK_MAX_BYTES, applyWebhookEvents, verifyWebhookSignature, webhookBodySchema } from './webhook-events.js';
import { acceptEventBatch, MAX_STORED_BATCH_BYTES } from './event-batches.js';

/**
 * POST /api/sendgrid/events — SendGrid's (signed) Event Webhook. Public (SendGrid sends no Firebase
 * token): a missing, bad or stale signature answers 403 and writes nothing. Events of other mail
 * (no console custom args) are ignored. A verified batch is stored and answered at once, then
 * applied by a trigger (campaigns/event-batches.ts): a batch of 500 is acknowledged well within
 * SendGrid's 30 s, and the same batch sent again is recognised and changes nothing.
 */
export const handleSendgridEvents: Handler<typeof sendgridEventsEndpoint> = async ({ rawBody, header }) => {
  const check = verifyWebhookSignature(sendgridWebhookPublicKey(), rawBody, header(SIGNATURE_HEADER), header(TIMESTAMP_HEADER));
  if (!check.ok) {
    logs.sendgridWebhookRefused(check.reason);
    throw new ApiError(403, `Webhook recusado: ${check.reason}.`);
  }
  if (rawBody && rawBody.length > WEBHOOK_MAX_BYTES)
    throw new ApiError(413, `Lote de eventos grande demais (máximo de ${WEBHOOK_MAX_BYTES / 1024 / 1024} MB).`);
  let events: unknown;
  try {
    events = JSON.parse(rawBody?.toString('utf8') ?? '');
  } catch {
    throw new ApiError(400, 'Corpo não é JSON.');
  }
  const parsed = webhookBodySchema.safeParse(events);
  if (!parsed.success) throw new ApiError(400, 'Corpo deve ser uma lista de eventos.');
  if (rawBody!.length > MAX_STORED_BATCH_BYTES) return { ok: true, ...(await applyWebhookEvents(firestore, parsed.data)) };
  const stored = await acceptEventBatch(firestore, rawBody!, parsed.data.length);
  return { ok: true, received: parsed.data.length, queued: stored === 'accepted', duplicate: stored === 'duplicate' };
};

export const sendgridEvents = serve(sendgridEventsEndpoint, handleSendgridEvents);
