import type { Firestore } from 'firebase-admin/firestore';
import * as logs from './logs.js';
import {
  PROJECT_COLLECTION,
  RECIPIENT_TAGS,
  emailAddressing,
  preferencesByEmail,
  recipientSubstitutions,
  renderEmail,
  TemplateError,
  type PlannedRecipient,
} from '@console/shared';
import { PermanentSendError, sameOutcome, type RecipientOutcome, type SendChannel, type SettledOutcome } from './send-channel.js';
import { loadEmailContent } from './email-content.js';
import { unsubscribeUrl } from './links.js';
import { accountPacer, callProvider, DEFAULT_RETRY, type RetryPolicy } from '../lib/vendor-http.js';
import { paceStoreOf } from '../lib/pace-store.js';
import { sendgridErrorDetail, type MailSendBody, type SendgridClient } from './sendgrid-client.js';

/** custom_args names (string values, no personal data): they come back on every webhook event. */
export const CUSTOM_ARGS = { project: 'console_project', send: 'console_send', batch: 'console_batch', recipient: 'console_recipient' } as const;

export const PREFERENCE_COLLECTION = 'campaign-email-preference';

export interface EmailChannelConfig {
  firestore: Firestore;
  client: () => SendgridClient;
  /** Public origin for the unsubscribe links. */
  linkBase: () => string;
  linkSecret: () => string;
  /** Mail Send pace and the Email Activity API's limits (campaign params). */
  limits: () => SendgridLimits;
  retry?: RetryPolicy;
}

export interface SendgridLimits {
  /** Mail Send requests per second of the API key (and at most `concurrent` in flight). */
  mailSendPerSecond: number;
  concurrent: number;
  /** Email Activity API requests per second (SendGrid limits it far below Mail Send). */
  activityPerSecond: number;
  /** How long an accepted message may take to appear in the Email Activity API. */
  indexingDelayMs: number;
}

export const DEFAULT_SENDGRID_LIMITS: SendgridLimits = { mailSendPerSecond: 10, concurrent: 4, activityPerSecond: 0.1, indexingDelayMs: 120_000 };

/** The List-Unsubscribe headers (RFC 2369 / RFC 8058 one-click) of one recipient. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** E-mail through SendGrid Mail Send: one request per batch of ≤ 1,000 personalizations. */
export function createEmailChannel(config: EmailChannelConfig): SendChannel {
  return {
    id: 'email',
    campaignCollection: 'campaign-email',
    addressing: emailAddressing,
    async loadPreferences(project) {
      const snap = await config.firestore.collection(`${PROJECT_COLLECTION}/${project}/${PREFERENCE_COLLECTION}`).get();
      return preferencesByEmail(snap.docs.map((d) => ({ id: d.id, data: d.data() })));
    },
    async open({ project, campaign, sendId }) {
      const content = await loadEmailContent(config.firestore, project, campaign.emailTemplateId, campaign.batchs);
      let rendered;
      try {
        rendered = renderEmail(content.template, { recipient: RECIPIENT_TAGS, products: content.products, store: content.store });
      } catch (error) {
        if (error instanceof TemplateError) throw new PermanentSendError(error.message);
        throw error;
      }
      const client = config.client();
      const linkBase = config.linkBase();
      const secret = config.linkSecret();
      const personalization = (r: PlannedRecipient, batchArgs: Record<string, string>) => {
        const url = unsubscribeUrl(linkBase, secret, project, r.address);
        return {
          to: [{ email: r.address, ...(r.firstName ? { name: [r.firstName, r.lastName].filter(Boolean).join(' ') } : {}) }],
          substitutions: recipientSubstitutions({ firstName: r.firstName ?? '', lastName: r.lastName ?? '', email: r.address, unsubscribeUrl: url }),
          headers: unsubscribeHeaders(url),
          // The send's args in every personalization, none at the top: SendGrid's contract types a
          // top-level custom_args as a string (sendgrid-oai), a personalization's as an object.
          custom_args: { ...batchArgs, [CUSTOM_ARGS.recipient]: r.key },
        };
      };
      const limits = config.limits();
      // One API key for the whole deployment (the SENDGRID_API_KEY secret): one account to pace,
      // its slots shared by every instance through Firestore.
      const account = 'sendgrid';
      const store = paceStoreOf(config.firestore);
      const pacer = accountPacer(`${account}|mail`, { perSecond: limits.mailSendPerSecond, concurrent: limits.concurrent }, store);
      const activity = accountPacer(`${account}|activity`, { perSecond: limits.activityPerSecond, concurrent: 1 }, store);
      return {
        // SendGrid takes one batch (≤ 1,000 personalizations) in one call.
        chunkSize: emailAddressing.batchSize,
        paceStats: () => ({ ...pacer.stats }),
        // One Mail Send call per chunk.
        prepareCalls: () => pacer.prepare(1),
        async send(batch, recipients) {
          const batchArgs = { [CUSTOM_ARGS.project]: project, [CUSTOM_ARGS.send]: sendId, [CUSTOM_ARGS.batch]: batch.key };
          const body: MailSendBody = {
            personalizations: recipients.map((r) => personalization(r, batchArgs)),
            from: { email: content.sender.email, ...(content.sender.name ? { name: content.sender.name } : {}) },
            ...(content.sender.replyTo ? { reply_to: { email: content.sender.replyTo } } : {}),
            subject: rendered.subject,
            content: [{ type: 'text/html', value: rendered.html }],
          };
          const answer = await callProvider(pacer, () => client.mailSend(body), config.retry ?? DEFAULT_RETRY);
          if (answer.kind === 'refused') logs.sendgridBatchRefused(project, sendId, answer.status, sendgridErrorDetail(answer.body));
          const outcome: RecipientOutcome =
            answer.kind === 'accepted'
              ? { state: 'sent' }
              : answer.kind === 'refused'
                ? { state: 'failed', reason: `SendGrid recusou o lote: ${answer.reason}` }
                : answer.kind === 'not-taken'
                  ? { state: 'retry', reason: answer.reason }
                  : { state: 'unknown', reason: answer.reason };
          return sameOutcome(recipients, outcome);
        },
        async settle(batch, recipients) {
          const answer = await callProvider(activity, async () => {
            const found = await client.recipientsWithArg(CUSTOM_ARGS.batch, batch.key);
            return found
              ? { kind: 'accepted' as const, status: 200, value: found }
              : { kind: 'not-taken' as const, status: null, body: undefined, reason: 'SendGrid: API de atividade indisponível' };
          });
          const outcomes = new Map<string, SettledOutcome>();
          const now = Date.now();
          for (const r of recipients) {
            if (answer.kind !== 'accepted')
              outcomes.set(r.key, { state: 'unknown', reason: 'SendGrid: API de atividade indisponível; nova consulta em instantes' });
            else if (answer.value.has(r.address)) outcomes.set(r.key, { state: 'sent' });
            // Absent after the indexing delay: SendGrid never took it.
            else if (now - r.since > limits.indexingDelayMs) outcomes.set(r.key, { state: 'not-sent' });
            else outcomes.set(r.key, { state: 'unknown', reason: 'aguardando a API de atividade do SendGrid confirmar o lote' });
          }
          return outcomes;
        },
      };
    },
  };
}
