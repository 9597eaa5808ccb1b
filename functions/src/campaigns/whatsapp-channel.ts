import * as logs from '../whatsapp/logs.js';
import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import {
  buildSendComponents,
  CAMPAIGN_WHATSAPP_PREFERENCE_COLLECTION,
  parseStoredTemplate,
  parseTemplateParams,
  parseWabaLimits,
  PROJECT_COLLECTION,
  whatsappPhoneKey,
  internationalPhoneKey,
  type ChannelAddressing,
  type PlannedRecipient,
  type RecipientPreference,
  type WhatsappTemplate,
} from '@console/shared';
import { PermanentSendError, type RecipientOutcome, type SendChannel, type SettledOutcome } from './send-channel.js';
import { accountPacer, callProvider, DEFAULT_RETRY, type PaceStore, type ProviderPacer, type RetryPolicy } from '../lib/vendor-http.js';
import { paceStoreOf } from '../lib/pace-store.js';
import { withStoreRetry } from '../lib/store-retry.js';
import { classifyWhatsappError, createWhatsappClient, graphCode, whatsappErrorOf, type WhatsappClient } from '../whatsapp/client.js';
import { parseWabaConfig, type WabaConfig } from '../whatsapp/config.js';
import { messageRef } from '../whatsapp/messages.js';
import { campaignOpaque } from '../whatsapp/opaque.js';

/**
 * WhatsApp in the campaign send job (functions/src/campaigns): a channel plug-in sending one
 * template message per member with a phone number, addressed by the number's key (so
 * +55 31 98765-4321 and 553187654321 are one recipient), paced by the phone number's shared pacer.
 *
 * Exactly-once is the job's: it marks each chunk's recipients 'sending' before send() and asks
 * settle() about any it finds still 'sending'. This channel answers from what Meta did:
 *
 * - send: each message through the number's pacer, retried with backoff while Meta did not take
 *   it (5xx with or without a Graph error body, 429 — its Retry-After holds every call of the
 *   number —, 130429 throughput, a connection refused or reset before the request was written);
 *   131050 is an opt-out (recorded as an unsubscribe, never retried); 131049, template and
 *   parameter errors fail; 131056 (pair rate) goes back to the job to retry later; no answer after
 *   the request was written is 'unknown'. Each accepted message is recorded in
 *   campaign-whatsapp-message with Meta's id, where its statuses land;
 * - settle: Meta has no look-up of a message by our data, but it posts a status for every message
 *   it accepted, naming our record (biz_opaque_callback_data) — the status webhook creates the
 *   record when the send's own write never happened. A recipient with an accepted record was sent;
 *   one with no record once `statusWindowMs` has passed since its call was not; before that, it is
 *   not known yet.
 */

/** Recipients per stored batch (one send() call). */
export const WHATSAPP_BATCH_SIZE = 500;
/** Recipients of one send() call (the job marks them 'sending' in one write first). */
const SEND_CHUNK = 250;
/**
 * Chunks on the wire at once: the next chunk starts while the last messages of the one before
 * wait for their retries and its records are written, so the number's pace never idles between
 * chunks (each recipient is claimed — marked 'sending' — before its chunk starts; send-job.ts).
 */
const SENDS_AT_ONCE = 2;
/**
 * Share of the configured throughput the number's shared slots are spread at: the arrivals' window
 * (numberPacer) is one process's, so this margin is what instances sending from one number leave
 * each other for their calls' jitter.
 */
const PACE_SHARE = 0.95;
/**
 * Calls in flight at once per number (the pacer's concurrency; it counts the calls waiting for
 * their slot too): a second of messages, so answers slowed to hundreds of ms on a loaded machine
 * do not cap the rate (40 did at 0.5 s an answer).
 */
const IN_FLIGHT = 80;
/** How long after a call Meta's 'sent' status is sure to have arrived (the reconciliation window). */
export const STATUS_WINDOW_MS = 120_000;

export const whatsappAddressing: ChannelAddressing = {
  address: (member) => whatsappPhoneKey(member.phoneNumber),
  batchSize: WHATSAPP_BATCH_SIZE,
};

/**
 * The pacer of one phone number: every send from the number shares its slots (in every instance,
 * through `store`). Meta counts a number's messages as they reach it, in any second (130429 past
 * the number's throughput): no more than that many of ours may be on their way or answered within
 * the last second (`arrivalsPerWindow`), so calls slowed on their way cannot arrive bunched.
 */
export function numberPacer(phoneNumberId: string, messagesPerSecond: number, store?: PaceStore): ProviderPacer {
  return accountPacer(
    `whatsapp|${phoneNumberId}`,
    { perSecond: Math.max(1, messagesPerSecond * PACE_SHARE), concurrent: IN_FLIGHT, arrivalsPerWindow: Math.max(1, Math.floor(messagesPerSecond)) },
    store,
  );
}

export interface WhatsappChannelConfig {
  firestore: Firestore;
  baseUrl: () => string;
  messagesPerSecond: () => number;
  /** Test hook: the client (default: the production client with the WABA token). */
  client?: (waba: WabaConfig) => WhatsappClient;
  retry?: RetryPolicy;
  /** The reconciliation window (STATUS_WINDOW_MS). */
  statusWindowMs?: number;
}

export function createWhatsappChannel(config: WhatsappChannelConfig): SendChannel {
  const { firestore } = config;
  return {
    id: 'whatsapp',
    campaignCollection: 'campaign-whatsapp',
    addressing: whatsappAddressing,

    async loadPreferences(project) {
      const snap = await firestore.collection(`${PROJECT_COLLECTION}/${project}/${CAMPAIGN_WHATSAPP_PREFERENCE_COLLECTION}`).get();
      const map = new Map<string, RecipientPreference>();
      for (const doc of snap.docs) {
        // Stored by phone key (international): read as one, so a 10- or 11-digit foreign number keeps its opt-out.
        const key = internationalPhoneKey(String(doc.data().phone ?? doc.id));
        if (key && doc.data().unsubscribed === true) map.set(key, { unsubscribed: true });
      }
      return map;
    },

    async open({ project, campaignId, campaign }) {
      const wabaDoc = (await firestore.doc(`${PROJECT_COLLECTION}/${project}/config/waba`).get()).data();
      const parsed = parseWabaConfig(wabaDoc);
      if ('missing' in parsed) throw new PermanentSendError(`Configuração do WhatsApp incompleta: falta ${parsed.missing.join(', ')} em config/waba.`);
      const waba = parsed.config;
      const templateId = typeof campaign.whatsappTemplateId === 'string' ? campaign.whatsappTemplateId : '';
      if (!templateId || templateId.includes('/')) throw new PermanentSendError('Escolha o template de WhatsApp da campanha.');
      const template: WhatsappTemplate | null = parseStoredTemplate(
        (await firestore.doc(`${PROJECT_COLLECTION}/${project}/whatsapp-template/${templateId}`).get()).get('template'),
      );
      if (!template) throw new PermanentSendError(`Template de WhatsApp ${templateId} não encontrado ou inválido.`);
      if (template.status.toUpperCase() !== 'APPROVED') throw new PermanentSendError(`O template ${template.name} não está aprovado (${template.status}).`);
      const params = parseTemplateParams(campaign.whatsappTemplateParams);
      if (!params.ok) throw new PermanentSendError(params.error);
      // Every placeholder must have a value before anyone gets a message (Meta would answer 132000).
      const check = buildSendComponents(template, params.params, { firstName: 'Cliente' });
      if (!check.ok) throw new PermanentSendError(check.error);

      const client = config.client ? config.client(waba) : createWhatsappClient({ baseUrl: config.baseUrl(), token: waba.token });
      // The number's pace from config/waba (wabaMessagesPerSecond), the param when the store set none.
      const pacer = numberPacer(waba.phoneNumberId, parseWabaLimits(wabaDoc, config.messagesPerSecond()).messagesPerSecond, paceStoreOf(firestore));
      const ref = (r: PlannedRecipient) => messageRef(firestore, project, campaignId, r.key);

      async function recordOptOut(recipient: PlannedRecipient) {
        await firestore.doc(`${PROJECT_COLLECTION}/${project}/${CAMPAIGN_WHATSAPP_PREFERENCE_COLLECTION}/${recipient.address}`).set(
          {
            phone: recipient.address,
            customerId: recipient.customerId,
            unsubscribed: true,
            unsubscribedAt: FieldValue.serverTimestamp(),
            reason: '131050',
            campaignId,
          },
          { merge: true },
        );
      }

      /** One message: Meta's answer after the pacer and the retries, as the recipient's outcome and the record's fields. */
      async function sendOne(recipient: PlannedRecipient): Promise<{ outcome: RecipientOutcome; record: Record<string, unknown> | null }> {
        const built = buildSendComponents(template!, params.ok ? params.params : { header: {}, body: {}, buttons: {} }, recipient);
        if (!built.ok) return { outcome: { state: 'failed', reason: built.error }, record: { status: 'failed', reason: built.error } };
        const input = {
          to: recipient.address,
          name: template!.name,
          language: template!.language,
          components: built.components,
          opaque: campaignOpaque(project, campaignId, recipient.key),
        };
        const answer = await callProvider(
          pacer,
          async () => {
            const answer = await client.sendTemplateAnswer(waba.phoneNumberId, input);
            // 130429 is Meta's "too fast" whatever the HTTP status: not taken, this message backs
            // off (retryDelayMs) and goes again; the others keep their slots and the number is not
            // held. The pacer already keeps to 95 % of the rate in every second, so a 130429 means
            // calls bunched on their way (Meta counts arrivals), which passes as the window slides.
            // Holding the number dropped the hold's slots at every one: a second each cost 24 s of a
            // 104 s bench run (71 of them, load 15), 250 ms each still 6 s of 80 s (59, load 3–8).
            // An HTTP 429 with Retry-After still holds the number until then.
            if (answer.kind === 'refused' && classifyWhatsappError(graphCode(answer.body), answer.status) === 'throughput')
              return { kind: 'not-taken' as const, status: answer.status, body: answer.body, reason: answer.reason };
            return answer;
          },
          config.retry ?? DEFAULT_RETRY,
        );
        if (answer.kind === 'accepted')
          return {
            outcome: { state: 'sent' },
            record: { status: 'accepted', messageId: answer.value.messageId, waId: answer.value.waId, acceptedAt: FieldValue.serverTimestamp() },
          };
        if (answer.kind === 'unknown') return { outcome: { state: 'unknown', reason: answer.reason }, record: null };
        if (answer.kind === 'not-taken') return { outcome: { state: 'retry', reason: answer.reason }, record: null };
        const error = whatsappErrorOf(answer);
        if (error.detail) logs.whatsappCampaignMessageRefused(project, campaignId, error.code, error.detail);
        const reason = error.message;
        const refused = { errorCode: error.code, reason };
        switch (error.kind) {
          case 'opted-out':
            return { outcome: { state: 'opted-out', reason }, record: { status: 'opted-out', ...refused } };
          case 'pair-rate':
          case 'throughput':
          case 'transient':
            return { outcome: { state: 'retry', reason }, record: null };
          case 'auth':
            throw new PermanentSendError(reason);
          default:
            return { outcome: { state: 'failed', reason }, record: { status: 'failed', ...refused } };
        }
      }

      return {
        chunkSize: SEND_CHUNK,
        sendsAtOnce: SENDS_AT_ONCE,
        paceStats: () => ({ ...pacer.stats }),
        // One message per recipient.
        prepareCalls: (count) => pacer.prepare(count),
        recordOptOut,

        async send(batch, recipients) {
          const results = new Map<string, RecipientOutcome>();
          const done = await Promise.all(recipients.map(async (r) => ({ r, ...(await sendOne(r)) })));
          const records: WriteBatch = firestore.batch();
          const optOuts: Promise<void>[] = [];
          for (const { r, outcome, record } of done) {
            results.set(r.key, outcome);
            if (record)
              records.set(
                ref(r),
                {
                  campaignId,
                  recipientKey: r.key,
                  batchKey: batch.key,
                  phone: r.address,
                  customerId: r.customerId,
                  ...record,
                  updatedAt: FieldValue.serverTimestamp(),
                },
                { merge: true },
              );
            if (outcome.state === 'opted-out') optOuts.push(recordOptOut(r));
          }
          await withStoreRetry(() => records.commit());
          await Promise.all(optOuts);
          return results;
        },

        async settle(_batch, recipients) {
          const outcomes = new Map<string, SettledOutcome>();
          if (recipients.length === 0) return outcomes;
          const snaps = await withStoreRetry(() => firestore.getAll(...recipients.map(ref)));
          const window = config.statusWindowMs ?? STATUS_WINDOW_MS;
          snaps.forEach((snap, i) => {
            const r = recipients[i]!;
            const data = snap.data();
            const status = String(data?.status ?? '');
            if (data?.messageId || status === 'accepted') outcomes.set(r.key, { state: 'sent' });
            else if (status === 'opted-out') outcomes.set(r.key, { state: 'opted-out', reason: String(data?.reason ?? 'optou por não receber') });
            else if (status === 'failed') outcomes.set(r.key, { state: 'failed', reason: String(data?.reason ?? 'recusado pela Meta') });
            else if (Date.now() - r.since > window) outcomes.set(r.key, { state: 'not-sent' });
            else outcomes.set(r.key, { state: 'unknown', reason: 'aguardando o status da Meta para confirmar a mensagem' });
          });
          return outcomes;
        },
      };
    },
  };
}
