import { z } from 'zod';
import { defineEndpoint, htmlAnswer } from './contract.js';
import { documentIdSchema, documentIdWithin } from './document-id.js';

/** A campaign id: its send is campaign-send/{channel}-{id}, so room is left for the channel prefix. */
const campaignIdSchema = documentIdWithin(1400);
import { campaignReportResponseSchema, whatsappCampaignReportSchema } from './campaign-report.js';

/**
 * Contracts of the segment, e-mail template, campaign, webhook and gift endpoints (issue 15).
 * The web parses every answer with these schemas.
 */

// GET /api/console/customers/segments/{segment}?project
export const segmentMemberSchema = z.object({
  email: z.string(),
  phoneNumber: z.string().nullable(),
  customerId: z.string().nullable(),
});
export const segmentLeftOutSchema = z.object({
  email: z.string().nullable(),
  customerId: z.string().nullable(),
  reason: z.enum(['unsubscribed', 'competitor', 'no-address']),
});
/** Left-out members listed in one answer; `leftOutCounts` counts them all. */
export const SEGMENT_LEFT_OUT_LISTED = 100;
export const segmentReportQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
/**
 * One page of the members an e-mail campaign would reach now (never the whole list): `count` all
 * of them, `data` the page's; the left-out by reason (`leftOutCounts`) with the first ones listed;
 * `warehouseAsOf` the newest change the warehouse's copy of the customers holds (ISO; null when it
 * holds none) and `warehouseCaughtUp` whether it holds every document Firestore does.
 */
export const segmentReportSchema = z.object({
  data: z.array(segmentMemberSchema),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  leftOut: z.array(segmentLeftOutSchema),
  leftOutCounts: z.object({ unsubscribed: z.number().int(), competitor: z.number().int(), 'no-address': z.number().int() }),
  warehouseAsOf: z.string().nullable(),
  warehouseCaughtUp: z.boolean(),
});
export type SegmentReport = z.infer<typeof segmentReportSchema>;

// POST /api/console/email-template?project {templateId[, source]} — 'Enviar teste' of email-template,
// and of task (source 'task': the task's title and body are the subject and the body).
export const emailTemplateTestRequestSchema = z.object({
  templateId: documentIdSchema,
  source: z.enum(['email-template', 'task']).default('email-template'),
});
export const emailTemplateTestResponseSchema = z.object({ ok: z.literal(true), to: z.string(), subject: z.string() });

// POST /api/console/email-template/preview-ticket?project {id} → the URL 'Ver' opens in a new tab.
export const emailTemplatePreviewTicketRequestSchema = z.object({ id: documentIdSchema });
export const emailTemplatePreviewTicketResponseSchema = z.object({ url: z.string() });

// The send state of a campaign: project/{p}/campaign-send/{channel}-{campaignId} (read live by the screen).
export const SEND_STATUSES = ['preparing', 'sending', 'paused', 'cancelled', 'finished'] as const;
export const sendStateSchema = z.object({
  channel: z.string(),
  campaignId: z.string(),
  status: z.enum(SEND_STATUSES),
  total: z.number().int().default(0),
  /** Accepted by the provider ('enviadas'). */
  sent: z.number().int().default(0),
  failed: z.number().int().default(0),
  optedOut: z.number().int().default(0),
  /** Never confirmed nor denied by the provider ('sem confirmação'): not counted as sent, not resent. */
  unknown: z.number().int().default(0),
  leftOut: z.record(z.string(), z.number().int()).default({}),
  batches: z.number().int().default(0),
  /** The last problem met (kept while retrying), in Portuguese. */
  lastError: z.string().nullable().default(null),
  /** Why the send is paused (by the operator, or by itself after consecutive provider failures). */
  pausedReason: z.string().nullable().default(null),
  /** While a large snapshot is written ('preparing'): the batches written so far, of all. */
  snapshotProgress: z.object({ written: z.number().int(), batches: z.number().int() }).nullable().default(null),
  /** Where the current run started (ms, and `sent` then): the screen's rate and time left. */
  run: z.object({ startedAt: z.number(), sentAtStart: z.number() }).nullable().default(null),
});
export type SendState = z.infer<typeof sendStateSchema>;
export const SEND_STATUS_LABELS: Record<SendState['status'], string> = {
  preparing: 'Preparando envio',
  sending: 'Enviando',
  paused: 'Envio pausado',
  cancelled: 'Envio cancelado',
  finished: 'Envio concluído',
};

/** The operator's controls of a running send. */
export const SEND_CONTROL_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export type SendControlAction = (typeof SEND_CONTROL_ACTIONS)[number];

// GET /api/console/campaign-email/{id}/send?project
export const campaignSendResponseSchema = z.object({
  /** true when this call started the send; false when it was already started (clicks are idempotent). */
  started: z.boolean(),
  state: sendStateSchema,
});

// POST /api/console/products/gift/generate?project {}
export const giftGenerateResponseSchema = z.object({
  ok: z.boolean(),
  /** Products that have gifts after the run. */
  productsWithGifts: z.number().int(),
  /** Products whose gifts were cleared by the run (before applying). */
  cleared: z.number().int(),
  /** Bad lines (then nothing was written). */
  errors: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------------
// The descriptors (shared/src/api/contract.ts).

/** 'Testar segmento': the members an e-mail campaign would reach now, and who is left out. */
export const consoleCustomersSegmentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/customers/segments/:segment',
  access: 'project',
  params: z.object({ segment: documentIdSchema }),
  query: segmentReportQuerySchema,
  answer: segmentReportSchema,
});

/** 'Enviar teste' of email-template and task, to the signed-in operator. */
export const consoleEmailTemplateTestEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/email-template',
  access: 'project',
  body: emailTemplateTestRequestSchema,
  answer: emailTemplateTestResponseSchema,
});

/** The URL 'Ver' opens: a signed 5-minute ticket (a new tab cannot carry the ID token). */
export const consoleEmailTemplatePreviewTicketEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/email-template/preview-ticket',
  access: 'project',
  body: emailTemplatePreviewTicketRequestSchema,
  answer: emailTemplatePreviewTicketResponseSchema,
});

/**
 * 'Ver': the rendered e-mail as a page. Public in the router: it is authorised by a Bearer token or
 * by the preview ticket, checked by the handler.
 */
export const consoleEmailTemplatePreviewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/email-template',
  access: 'public',
  query: z.object({ id: documentIdSchema, project: z.string(), ticket: z.string().max(500).optional() }),
  answer: htmlAnswer,
});

/**
 * 'Enviar' of a campaign (after 'Confirma o envio?'): one descriptor per campaign collection, of
 * one type (the path typed as a string), so one handler serves both.
 */
const campaignSendEndpoint = (collection: 'campaign-email' | 'campaign-whatsapp') =>
  defineEndpoint({
    method: 'GET',
    path: `/api/console/${collection}/:id/send` as string,
    access: 'project',
    params: z.object({ id: campaignIdSchema }),
    answer: campaignSendResponseSchema,
  });
export const consoleCampaignEmailSendEndpoint = campaignSendEndpoint('campaign-email');
export const consoleCampaignWhatsappSendEndpoint = campaignSendEndpoint('campaign-whatsapp');

/** 'Pausar', 'Retomar', 'Cancelar' of a running send: POST /api/console/{collection}/{id}/send/{action}?project. */
const campaignSendControlEndpoint = (collection: 'campaign-email' | 'campaign-whatsapp') =>
  defineEndpoint({
    method: 'POST',
    path: `/api/console/${collection}/:id/send/:action` as string,
    access: 'project',
    params: z.object({ id: z.string(), action: z.enum(SEND_CONTROL_ACTIONS) }),
    answer: z.object({ state: sendStateSchema }),
  });
export const consoleCampaignEmailSendControlEndpoint = campaignSendControlEndpoint('campaign-email');
export const consoleCampaignWhatsappSendControlEndpoint = campaignSendControlEndpoint('campaign-whatsapp');

/** 'Relatório' of an e-mail campaign. */
export const consoleCampaignEmailReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/campaign-email/:id/report',
  access: 'project',
  params: z.object({ id: campaignIdSchema }),
  answer: campaignReportResponseSchema,
});

/** The WhatsApp campaign's report. */
export const consoleCampaignWhatsappReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/campaign-whatsapp/:id/report',
  access: 'project',
  params: z.object({ id: campaignIdSchema }),
  answer: whatsappCampaignReportSchema,
});

/** SendGrid's signed Event Webhook (public: the signature over the raw body is the authentication). */
export const sendgridEventsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/sendgrid/events',
  access: 'public',
  answer: z.looseObject({ ok: z.literal(true) }),
});

/** The unsubscribe link of every campaign e-mail: GET shows a page asking to confirm, POST unsubscribes. */
const unsubscribeQuery = z.object({ project: z.string().max(100).default(''), e: z.string().max(700).default(''), s: z.string().max(100).default('') });
export const campaignEmailUnsubscribePageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/campaign-email/unsubscribe',
  access: 'public',
  query: unsubscribeQuery,
  answer: htmlAnswer,
});
export const campaignEmailUnsubscribeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/campaign-email/unsubscribe',
  access: 'public',
  query: unsubscribeQuery,
  answer: htmlAnswer,
});

/** 'Limpar todos os brindes e processar regras'. */
export const consoleProductsGiftGenerateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/gift/generate',
  access: 'project',
  body: z.looseObject({}),
  answer: giftGenerateResponseSchema,
});
