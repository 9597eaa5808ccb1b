import { logger } from 'firebase-functions';
import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import {
  buildSendComponents,
  CAMPAIGN_WHATSAPP_PREFERENCE_COLLECTION,
  parseStoredTemplate,
  parseTemplateParams,
  parseWabaLimits,
  PROJECT_COLLECTION,
  whatsappPhoneKey,
  type ChannelAddressing,
  type PlannedRecipient,
  type RecipientPreference,
  type WhatsappTemplate,
} from '@console/shared';
import { PermanentSendError, type RecipientOutcome, type SendChannel } from '../campaigns/channel.js';
import { AccountPacer } from '../sync/bling/pacing.js';
import { createWhatsappClient, WhatsappApiError, type WhatsappClient } from './client.js';
import { parseWabaConfig, type WabaConfig } from './config.js';
import { messageRef } from './messages.js';
import { campaignOpaque } from './opaque.js';

/**
 * WhatsApp in the campaign send job (functions/src/campaigns): one template message per member with
 * a phone number, addressed by the number's key (so +55 31 98765-4321 and 553187654321 are one
 * recipient), paced under the number's Cloud API throughput.
 *
 * Exactly once per recipient. The job marks a batch 'sending' before calling send(); inside it,
 * each chunk of recipients is claimed in campaign-whatsapp-message/{campaignId}_{key} (status
 * 'claimed') before any of them is sent (the next chunk is claimed while one goes out), and each answer is recorded there ('accepted' with Meta's
 * message id, or why not). If the worker dies in between, the job asks alreadySent(): every
 * recipient with a claim that Meta did not explicitly refuse counts as sent — at most once, never
 * twice: Meta has no way to ask whether a message went out, but the status webhook names the record
 * (biz_opaque_callback_data) and fills in the message id when it did.
 *
 * What Meta answers decides the rest: 131050 (opted out) is recorded as an unsubscribe in
 * campaign-whatsapp-preference and never retried; 131049 (marketing limit), template and parameter
 * errors are failures, not retried; 130429 (throughput) waits and tries again in place; 131056
 * (pair rate) and explicit 5xx are retried by the job; a timeout is 'unknown' (at most once).
 */

/** Recipients per stored batch (one send() call). */
export const WHATSAPP_BATCH_SIZE = 500;
/** Recipients claimed together (one write) before they are sent. */
const CLAIM_CHUNK = 100;
/** Share of the configured throughput the pacer aims at, leaving room for arrival jitter. */
const PACE_SHARE = 0.95;
const PACE_BURST = 4;
/** 130429 answers tolerated per message before it is left to the job's retry. */
const THROUGHPUT_RETRIES = 5;

export const whatsappAddressing: ChannelAddressing = {
  address: (member) => whatsappPhoneKey(member.phoneNumber),
  batchSize: WHATSAPP_BATCH_SIZE,
};

/** A record's statuses that mean Meta may have the message (the job must not send it again). */
const MAYBE_SENT = new Set(['claimed', 'accepted', 'unknown']);

const pacers = new Map<string, AccountPacer>();
/** One pacer per phone number in this process: every send from the number shares it. */
export function numberPacer(phoneNumberId: string, messagesPerSecond: number): AccountPacer {
  const key = `${phoneNumberId}|${messagesPerSecond}`;
  let pacer = pacers.get(key);
  if (!pacer) {
    const rate = Math.max(1, messagesPerSecond * PACE_SHARE);
    pacer = new AccountPacer({ perWindow: PACE_BURST, windowMs: (PACE_BURST * 1000) / rate, perDay: Number.MAX_SAFE_INTEGER });
    pacers.set(key, pacer);
  }
  return pacer;
}

export interface WhatsappChannelConfig {
  firestore: Firestore;
  baseUrl: () => string;
  messagesPerSecond: () => number;
  /** Test hook: the client (default: the production client with the WABA token). */
  client?: (waba: WabaConfig) => WhatsappClient;
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
        const key = whatsappPhoneKey(String(doc.data().phone ?? doc.id));
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
      const pacer = numberPacer(waba.phoneNumberId, parseWabaLimits(wabaDoc, config.messagesPerSecond()).messagesPerSecond);
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

      /** One message, with 130429 waited out in place; answers the outcome and the record's fields. */
      async function sendOne(recipient: PlannedRecipient, slot: Promise<void>): Promise<{ outcome: RecipientOutcome; record: Record<string, unknown> }> {
        await slot;
        const built = buildSendComponents(template!, params.ok ? params.params : { header: {}, body: {}, buttons: {} }, recipient);
        if (!built.ok) return { outcome: { state: 'failed', reason: built.error }, record: { status: 'failed', reason: built.error } };
        for (let attempt = 0; ; attempt++) {
          if (attempt > 0) await pacer.take();
          try {
            const sent = await client.sendTemplate(waba.phoneNumberId, {
              to: recipient.address,
              name: template!.name,
              language: template!.language,
              components: built.components,
              opaque: campaignOpaque(project, campaignId, recipient.key),
            });
            return {
              outcome: { state: 'sent' },
              record: { status: 'accepted', messageId: sent.messageId, waId: sent.waId, acceptedAt: FieldValue.serverTimestamp() },
            };
          } catch (error) {
            if (!(error instanceof WhatsappApiError)) throw error;
            if (error.detail) logger.warn('whatsapp refused a campaign message', { project, campaignId, code: error.code, detail: error.detail });
            const reason = error.message;
            const refused = { errorCode: error.code, reason };
            switch (error.kind) {
              case 'opted-out':
                return { outcome: { state: 'opted-out', reason }, record: { status: 'opted-out', ...refused } };
              case 'throughput':
                if (attempt < THROUGHPUT_RETRIES) {
                  await new Promise((r) => setTimeout(r, 1000));
                  continue;
                }
                return { outcome: { state: 'retry', reason }, record: { status: 'released', ...refused } };
              case 'pair-rate':
                return { outcome: { state: 'retry', reason }, record: { status: 'released', ...refused } };
              case 'transient':
                // An explicit error answer: Meta did not take it. No answer at all: it may have.
                return error.code !== null
                  ? { outcome: { state: 'retry', reason }, record: { status: 'released', ...refused } }
                  : { outcome: { state: 'unknown', reason }, record: { status: 'unknown', ...refused } };
              case 'auth':
                throw new PermanentSendError(reason);
              default:
                return { outcome: { state: 'failed', reason }, record: { status: 'failed', ...refused } };
            }
          }
        }
      }

      return {
        recordOptOut,

        async send(batch, recipients) {
          const results = new Map<string, RecipientOutcome>();
          const writes: Promise<unknown>[] = [];
          const chunks: PlannedRecipient[][] = [];
          for (let start = 0; start < recipients.length; start += CLAIM_CHUNK) chunks.push(recipients.slice(start, start + CLAIM_CHUNK));
          // The claim of a chunk, durable before the first of its messages leaves.
          const claim = (chunk: PlannedRecipient[]) => {
            const claims = firestore.batch();
            for (const r of chunk) {
              claims.set(
                ref(r),
                {
                  campaignId,
                  recipientKey: r.key,
                  batchKey: batch.key,
                  phone: r.address,
                  customerId: r.customerId,
                  status: 'claimed',
                  claimedAt: FieldValue.serverTimestamp(),
                },
                { merge: true },
              );
            }
            return claims.commit();
          };
          const sending: Promise<void>[] = [];
          let claimed = chunks.length ? claim(chunks[0]!) : null;
          for (let k = 0; k < chunks.length; k++) {
            await claimed;
            const chunk = chunks[k]!;
            // Pacer slots taken in order now; the next chunk is claimed while this one goes out
            // (a stream, no pause between chunks: the pacer alone sets the rate).
            const answers = chunk.map((r) => sendOne(r, pacer.take()).then((answer) => ({ r, ...answer })));
            claimed = k + 1 < chunks.length ? claim(chunks[k + 1]!) : null;
            const recording = Promise.all(answers).then((done) => {
              const recorded: WriteBatch = firestore.batch();
              for (const { r, outcome, record } of done) {
                results.set(r.key, outcome);
                recorded.set(ref(r), { ...record, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
                if (outcome.state === 'opted-out') writes.push(recordOptOut(r));
              }
              writes.push(recorded.commit());
            });
            // Awaited after the loop; a failure meanwhile must not count as unhandled.
            recording.catch(() => undefined);
            sending.push(recording);
          }
          await Promise.all(sending);
          await Promise.all(writes);
          return { kind: 'results', results };
        },

        async alreadySent(_batch, recipients) {
          if (recipients.length === 0) return new Set();
          const snaps = await firestore.getAll(...recipients.map(ref));
          const keys = new Set<string>();
          snaps.forEach((snap, i) => {
            const data = snap.data();
            if (data && (MAYBE_SENT.has(String(data.status)) || data.messageId)) keys.add(recipients[i]!.key);
          });
          return keys;
        },
      };
    },
  };
}
