import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type * as SendgridEventWebhook from '@sendgrid/eventwebhook';
import pLimit from 'p-limit';
import { z } from 'zod';
import {
  applyEventFlag,
  documentIdProblem,
  normaliseEmail,
  OPT_OUT_EVENTS,
  PROJECT_COLLECTION,
  projectIdSchema,
  SENDGRID_EVENT_STAGE,
  storedDeliveryFlags,
} from '@console/shared';
import { lazyRequire } from '../lib/lazy-module.js';
import { vendorDocId } from '../lib/vendor-doc-id.js';
import * as logs from './logs.js';
import { withStoreRetry } from '../lib/store-retry.js';
import { CUSTOM_ARGS, PREFERENCE_COLLECTION } from './email-channel.js';
import { RECIPIENT_COLLECTION, SEND_COLLECTION } from './send-store.js';

/**
 * SendGrid's Event Webhook: the signature (ECDSA P-256 over timestamp + raw body, checked with
 * @sendgrid/eventwebhook) and the timestamp (at most 10 minutes old) are verified before anything
 * is read; each event is counted once (its sg_event_id is recorded in the same transaction that
 * moves the recipient's flags, forward only); spam reports and unsubscribes mark the address
 * unsubscribed in campaign-email-preference.
 */

const eventWebhook = lazyRequire<typeof SendgridEventWebhook>('@sendgrid/eventwebhook');

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';
const MAX_AGE_S = 600;
export const EVENT_COLLECTION = 'event';

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function verifyWebhookSignature(
  publicKey: string,
  rawBody: Buffer | null,
  signature: string | undefined,
  timestamp: string | undefined,
  nowMs = Date.now(),
): SignatureCheck {
  if (!publicKey) return { ok: false, reason: 'chave de verificação não configurada' };
  if (!rawBody || !signature || !timestamp) return { ok: false, reason: 'assinatura ausente' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_AGE_S) return { ok: false, reason: 'carimbo de tempo vencido' };
  try {
    const webhook = new (eventWebhook().EventWebhook)();
    const pem = publicKey.includes('BEGIN') ? publicKey : `-----BEGIN PUBLIC KEY-----\n${publicKey}\n-----END PUBLIC KEY-----`;
    const key = webhook.convertPublicKeyToECDSA(pem);
    return webhook.verifySignature(key, rawBody, signature, timestamp) ? { ok: true } : { ok: false, reason: 'assinatura inválida' };
  } catch {
    return { ok: false, reason: 'assinatura inválida' };
  }
}

/**
 * SendGrid's sg_event_id: documented as a unique string, in practice base64 — padded (`rbtnWrG1DVDGGGFHFyun0A==`,
 * every example of the Event Webhook reference) or not, with `+`, `/`, `-` and `_` — so any text is taken,
 * bounded; it is never used raw as a document id (eventDocId).
 */
export const sgEventIdSchema = z.string().min(1).max(500);

const eventSchema = z
  .object({
    email: z.string().max(320),
    event: z.string().max(40),
    sg_event_id: sgEventIdSchema,
    timestamp: z.number().optional(),
    [CUSTOM_ARGS.project]: z.string().optional(),
    [CUSTOM_ARGS.send]: z
      .string()
      .regex(/^[\w-]{1,200}$/)
      .optional(),
    [CUSTOM_ARGS.recipient]: z
      .string()
      .regex(/^[0-9a-f]{8,64}$/)
      .optional(),
  })
  .passthrough();
type CampaignEvent = z.infer<typeof eventSchema>;

/** The event's document id under campaign-send/{send}/event (plain ids as stored before this form existed). */
export const eventDocId = vendorDocId;

/** Why an event of a verified batch changed nothing (counted per reason in the summary and logged, never dropped silently). */
export type IgnoredReason = 'malformed' | 'not-a-campaign-email' | 'unknown-event' | 'send-not-found';

/** A verified event read for a campaign send, or the reason it cannot be used. */
export function readCampaignEvent(
  raw: unknown,
): { ok: true; event: CampaignEvent; project: string; send: string; recipient: string } | { ok: false; reason: IgnoredReason } {
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const e = parsed.data;
  const project = e[CUSTOM_ARGS.project];
  const send = e[CUSTOM_ARGS.send];
  const recipient = e[CUSTOM_ARGS.recipient];
  // Mail that is not one of our campaign e-mails (a test e-mail, another system's mail on the account).
  if (!project || !projectIdSchema.safeParse(project).success || !send || !recipient) return { ok: false, reason: 'not-a-campaign-email' };
  // Own keys only: `'constructor' in SENDGRID_EVENT_STAGE` is true.
  if (!Object.hasOwn(SENDGRID_EVENT_STAGE, e.event)) return { ok: false, reason: 'unknown-event' };
  return { ok: true, event: e, project, send, recipient };
}

/**
 * A batch of events. SendGrid posts a batch every 30 s or when it reaches 768 KB, so a batch of
 * short events (an open is about 150 bytes) holds well over 5,000: the batch is bounded by its
 * bytes (WEBHOOK_MAX_BYTES, checked before parsing), not by a count of events.
 */
export const webhookBodySchema = z.array(z.unknown());
/** Several times SendGrid's 768 KB, so a batch is never refused for its size. */
export const WEBHOOK_MAX_BYTES = 8 * 1024 * 1024;

export interface WebhookSummary {
  received: number;
  counted: number;
  duplicates: number;
  ignored: number;
  /** The ignored events by reason (only the reasons that occurred). */
  ignoredBy: Partial<Record<IgnoredReason, number>>;
}

/** Applies a verified batch of events. */
export async function applyWebhookEvents(firestore: Firestore, body: unknown[]): Promise<WebhookSummary> {
  const summary: WebhookSummary = { received: body.length, counted: 0, duplicates: 0, ignored: 0, ignoredBy: {} };
  const ignore = (reason: IgnoredReason, count = 1) => {
    summary.ignored += count;
    summary.ignoredBy[reason] = (summary.ignoredBy[reason] ?? 0) + count;
  };
  // Group by recipient: one transaction per recipient moves its flags for all its events.
  const groups = new Map<string, { project: string; send: string; recipient: string; events: CampaignEvent[] }>();
  for (const raw of body) {
    const read = readCampaignEvent(raw);
    if (!read.ok) {
      ignore(read.reason);
      continue;
    }
    const { project, send, recipient } = read;
    const key = `${project}/${send}/${recipient}`;
    const group = groups.get(key) ?? { project, send, recipient, events: [] };
    group.events.push(read.event);
    groups.set(key, group);
  }
  const limit = pLimit(8);
  await Promise.all(
    [...groups.values()].map((group) =>
      limit(async () => {
        const sendRef = firestore.doc(`${PROJECT_COLLECTION}/${group.project}/${SEND_COLLECTION}/${group.send}`);
        const recipientRef = sendRef.collection(RECIPIENT_COLLECTION).doc(group.recipient);
        const unique = [...new Map(group.events.map((e) => [eventDocId(e.sg_event_id), e])).values()];
        // The send is only checked to exist, outside the transaction: reading it inside would lock
        // it against the send job's own updates of it (its progress, 'finished') for every group.
        if (!(await withStoreRetry(() => sendRef.get())).exists) {
          ignore('send-not-found', group.events.length);
          return;
        }
        // Retried on contention: the emulator does not redeliver a failed trigger, and a batch
        // half-applied by a failed invocation is completed by the next one (each event once by id).
        const result = await withStoreRetry(() =>
          firestore.runTransaction(async (tx) => {
            const eventRefs = unique.map((e) => sendRef.collection(EVENT_COLLECTION).doc(eventDocId(e.sg_event_id)));
            const [recipient, ...seen] = await tx.getAll(recipientRef, ...eventRefs);
            const fresh = unique.filter((_, i) => !seen[i]!.exists);
            const current = recipient!.data() ?? {};
            let flags = storedDeliveryFlags(current.flags);
            let opens = 0;
            let clicks = 0;
            let optOut: string | null = null;
            for (const e of fresh) {
              flags = applyEventFlag(flags, e.event);
              if (e.event === 'open') opens += 1;
              if (e.event === 'click') clicks += 1;
              if (OPT_OUT_EVENTS.has(e.event)) optOut = e.event;
            }
            const email = normaliseEmail(group.events[0]!.email) ?? group.events[0]!.email.toLowerCase();
            let preference: { ref: FirebaseFirestore.DocumentReference; data: Record<string, unknown> } | null = null;
            if (optOut) {
              const prefs = firestore.collection(`${PROJECT_COLLECTION}/${group.project}/${PREFERENCE_COLLECTION}`);
              const found = await tx.get(prefs.where('email', '==', email).limit(1));
              const doc = found.docs[0];
              preference = doc
                ? { ref: doc.ref, data: doc.data() }
                : { ref: prefs.doc(documentIdProblem(email) ? Buffer.from(email).toString('base64url') : email), data: {} };
            }
            for (let i = 0; i < fresh.length; i += 1) {
              tx.create(sendRef.collection(EVENT_COLLECTION).doc(eventDocId(fresh[i]!.sg_event_id)), {
                event: fresh[i]!.event,
                sgEventId: fresh[i]!.sg_event_id,
                recipient: group.recipient,
                receivedAt: FieldValue.serverTimestamp(),
              });
            }
            if (fresh.length) {
              tx.set(
                recipientRef,
                {
                  // The outcome record of the send (shared/src/campaigns/outcome.ts), as WhatsApp's.
                  channel: 'email',
                  address: email,
                  email,
                  flags,
                  opens: FieldValue.increment(opens),
                  clicks: FieldValue.increment(clicks),
                  events: FieldValue.increment(fresh.length),
                  updatedAt: FieldValue.serverTimestamp(),
                  ...(optOut ? { optOut } : {}),
                },
                { merge: true },
              );
            }
            if (preference && !preference.data.unsubscribed) {
              tx.set(
                preference.ref,
                { id: preference.ref.id, email, unsubscribed: true, unsubscribedAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() },
                { merge: true },
              );
            }
            return { counted: fresh.length, duplicates: group.events.length - fresh.length };
          }),
        );
        summary.counted += result.counted;
        summary.duplicates += result.duplicates;
      }),
    ),
  );
  if (summary.ignored) logs.sendgridEventsIgnored(summary.ignoredBy);
  return summary;
}
