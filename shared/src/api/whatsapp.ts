import { z } from 'zod';
import { defineEndpoint, textAnswer } from './contract.js';

/**
 * WhatsApp calls of the console (issue 16; spec document 2 §7, document 3 §7). Every one takes
 * `?project=` and a Firebase ID token, except the status webhook (Meta's signature instead).
 */

/** POST /api/console/whatsapp-template/load-from-api: the WABA's approved templates stored. */
export const loadWhatsappTemplatesResponseSchema = z.object({
  ok: z.literal(true),
  /** Approved templates the account lists. */
  approved: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Pending or rejected templates, not stored. */
  skipped: z.number().int(),
  /** The document ids stored (the template's name; name--language for a second language). */
  ids: z.array(z.string()),
  /** Stored templates no longer listed at Meta (deleted there): marked, no longer selectable. */
  removed: z.number().int().optional(),
  /** Stored templates listed but not usable (paused, disabled, pending again…): marked with their state. */
  unusable: z.number().int().optional(),
});
export type LoadWhatsappTemplatesResponse = z.infer<typeof loadWhatsappTemplatesResponseSchema>;

/**
 * POST /whatsapp/message?project (spec: `{functions host}/whatsapp/message`, served through the
 * same function as /api): the template test message. `to` is accepted as the spec sends it but the
 * message goes to the project's test number (config/waba wabaTestPhoneNumber); without a
 * template the answer is 400 'Nenhum template fornecido.'.
 */
export const whatsappTestMessageRequestSchema = z.object({
  to: z.string().max(40).optional(),
  type: z.literal('template').default('template'),
  template: z
    .object({
      name: z.string().max(512).optional(),
      language: z.object({ code: z.string().min(2).max(20) }).default({ code: 'pt_BR' }),
      components: z.array(z.record(z.string(), z.unknown())).max(20).default([]),
    })
    .optional(),
});
export type WhatsappTestMessageRequest = z.input<typeof whatsappTestMessageRequestSchema>;
export const whatsappTestMessageResponseSchema = z.object({
  ok: z.literal(true),
  messageId: z.string(),
  /** The recipient, masked (+55 11 *****-0001). */
  to: z.string(),
});
export type WhatsappTestMessageResponse = z.infer<typeof whatsappTestMessageResponseSchema>;

export const NO_TEMPLATE_MESSAGE = 'Nenhum template fornecido.';

// ---------------------------------------------------------------------------------------------
// The descriptors (shared/src/api/contract.ts).

export const consoleWhatsappTemplateLoadFromApiEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/whatsapp-template/load-from-api',
  access: 'project',
  answer: loadWhatsappTemplatesResponseSchema,
});

export const whatsappMessageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/whatsapp/message',
  access: 'project',
  body: whatsappTestMessageRequestSchema,
  answer: whatsappTestMessageResponseSchema,
});

/** Meta's subscription handshake: hub.challenge as text (public: Meta sends no ID token). */
export const whatsappWebhookVerifyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/whatsapp/webhook',
  access: 'public',
  query: z.looseObject({
    project: z.string().optional(),
    'hub.mode': z.string().optional(),
    'hub.verify_token': z.string().optional(),
    'hub.challenge': z.string().max(200).optional(),
  }),
  answer: textAnswer,
});

/** WhatsApp statuses (public: the X-Hub-Signature-256 over the raw body is the authentication). */
export const whatsappWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/whatsapp/webhook',
  access: 'public',
  query: z.looseObject({ project: z.string().optional() }),
  answer: z.object({
    ok: z.literal(true),
    applied: z.number().int(),
    stale: z.number().int(),
    ignored: z.number().int(),
    /** Customers' messages stored in their conversations (a redelivered one is not counted). */
    messages: z.number().int().optional(),
    /** Template status changes (message_template_status_update) applied. */
    templates: z.number().int().optional(),
  }),
});
