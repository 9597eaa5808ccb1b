import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import * as logs from './logs.js';
import { sameWhatsappUser } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { applyStatuses, messageRef, type IncomingStatus, type StatusToApply } from './messages.js';
import { inboundContactSchema, inboundMessageSchema, storeInboundMessage } from './inbound.js';
import { applyTemplateStatus, templateStatusSchema } from './templates.js';
import { parseOpaque } from './opaque.js';

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>`, compared in constant time. */
export function verifyHubSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(m[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const statusSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  recipient_id: z.string().default(''),
  timestamp: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(z.looseObject({ code: z.number().int(), title: z.string().default(''), message: z.string().optional() })).optional(),
});

/**
 * Meta's webhook body (WhatsApp Business Account object): `messages` changes carry statuses,
 * customers' messages and contacts; `message_template_status_update` changes a template's state.
 */
export const webhookBodySchema = z.object({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string().optional(),
      changes: z.array(
        z.looseObject({
          field: z.string(),
          value: z.looseObject({
            statuses: z.array(statusSchema).optional(),
            messages: z.array(z.unknown()).optional(),
            contacts: z.array(z.unknown()).optional(),
          }),
        }),
      ),
    }),
  ),
});

const KNOWN = new Set(['sent', 'delivered', 'read', 'failed']);

export interface WebhookOutcome {
  applied: number;
  stale: number;
  ignored: number;
  messages: number;
  templates: number;
}

/**
 * The statuses of a verified body applied to their campaign messages (found through the opaque
 * data the send set; the record's message id must agree, and the recipient must be the same user
 * — Brazilian numbers with or without the ninth digit are). Statuses of another project than the
 * one the webhook URL names, of test messages, or unknown, are acknowledged and ignored.
 */
export async function applyWebhook(project: string, body: z.infer<typeof webhookBodySchema>): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { applied: 0, stale: 0, ignored: 0, messages: 0, templates: 0 };
  await Promise.all([applyInbound(project, body, outcome), applyTemplateChanges(project, body, outcome)]);
  const statuses = body.entry.flatMap((e) => e.changes.flatMap((c) => (c.field === 'messages' ? (c.value.statuses ?? []) : [])));
  // Every status of the body in one go (applyStatuses: a read of all the records, a write per record).
  const items: (StatusToApply & { campaignId: string })[] = [];
  for (const raw of statuses) {
    const ref = parseOpaque(raw.biz_opaque_callback_data);
    if (!KNOWN.has(raw.status) || !ref || ref.project !== project || ref.kind !== 'campaign') {
      outcome.ignored += 1;
      continue;
    }
    const status: IncomingStatus = {
      messageId: raw.id,
      status: raw.status as IncomingStatus['status'],
      recipientId: raw.recipient_id,
      timestamp: raw.timestamp && /^\d+$/.test(raw.timestamp) ? Number(raw.timestamp) : null,
      errors: (raw.errors ?? []).map((e) => ({ code: e.code, title: e.title || e.message || '' })),
    };
    items.push({
      ref: messageRef(firestore, project, ref.campaignId, ref.recipientKey),
      status,
      sameRecipient: (phone) => !status.recipientId || sameWhatsappUser(phone, status.recipientId),
      // Any status of a message the send never recorded (its worker died) proves Meta took it.
      recordIfMissing: { campaignId: ref.campaignId, recipientKey: ref.recipientKey },
      campaignId: ref.campaignId,
    });
  }
  const results = await applyStatuses(firestore, items);
  results.forEach((result, i) => {
    if (result === 'ignored') logs.whatsappStatusIgnored(project, items[i]!.campaignId);
    outcome[result] += 1;
  });
  return outcome;
}

/** Customers' messages (texts, quick-reply answers) of a verified body, each stored once (./inbound.ts). */
async function applyInbound(project: string, body: z.infer<typeof webhookBodySchema>, outcome: WebhookOutcome): Promise<void> {
  const values = body.entry.flatMap((e) => e.changes.filter((c) => c.field === 'messages').map((c) => c.value));
  const jobs: Promise<void>[] = [];
  for (const value of values) {
    const contacts = (value.contacts ?? []).flatMap((c) => {
      const parsed = inboundContactSchema.safeParse(c);
      return parsed.success ? [parsed.data] : [];
    });
    for (const raw of value.messages ?? []) {
      const message = inboundMessageSchema.safeParse(raw);
      if (!message.success) {
        logs.whatsappInboundIgnored(project, 'unexpected message shape');
        outcome.ignored += 1;
        continue;
      }
      const name = contacts.find((c) => sameWhatsappUser(c.wa_id, message.data.from))?.profile?.name ?? null;
      jobs.push(
        storeInboundMessage(project, message.data, name).then((result) => {
          if (result === 'stored') outcome.messages += 1;
          else if (result === 'ignored') outcome.ignored += 1;
        }),
      );
    }
  }
  await Promise.all(jobs);
}

/** message_template_status_update changes: the template's state stored (./templates.ts). */
async function applyTemplateChanges(project: string, body: z.infer<typeof webhookBodySchema>, outcome: WebhookOutcome): Promise<void> {
  const changes = body.entry.flatMap((e) => e.changes.filter((c) => c.field === 'message_template_status_update').map((c) => c.value));
  await Promise.all(
    changes.map(async (value) => {
      const parsed = templateStatusSchema.safeParse(value);
      if (!parsed.success) {
        outcome.ignored += 1;
        return;
      }
      if (await applyTemplateStatus(project, parsed.data)) outcome.templates += 1;
      else {
        logs.whatsappTemplateStatusUnmatched(project, `${parsed.data.message_template_name}/${parsed.data.message_template_language}`, parsed.data.event);
        outcome.ignored += 1;
      }
    }),
  );
}
