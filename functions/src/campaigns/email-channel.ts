import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
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
import { PermanentSendError, sameOutcome, type SendChannel } from './channel.js';
import { loadEmailContent } from './email-content.js';
import { unsubscribeUrl } from './links.js';
import type { MailSendBody, SendgridClient } from './sendgrid-client.js';

/** custom_args names (string values, no personal data): they come back on every webhook event. */
export const CUSTOM_ARGS = { project: 'console_project', send: 'console_send', batch: 'console_batch', recipient: 'console_recipient' } as const;

export const PREFERENCE_COLLECTION = 'campaign-email-preference';

export interface EmailChannelConfig {
  firestore: Firestore;
  client: () => SendgridClient;
  /** Public origin for the unsubscribe links. */
  linkBase: () => string;
  linkSecret: () => string;
}

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
      const personalization = (r: PlannedRecipient) => {
        const url = unsubscribeUrl(linkBase, secret, project, r.address);
        return {
          to: [{ email: r.address, ...(r.firstName ? { name: [r.firstName, r.lastName].filter(Boolean).join(' ') } : {}) }],
          substitutions: recipientSubstitutions({ firstName: r.firstName ?? '', lastName: r.lastName ?? '', email: r.address, unsubscribeUrl: url }),
          headers: unsubscribeHeaders(url),
          custom_args: { [CUSTOM_ARGS.recipient]: r.key },
        };
      };
      return {
        async send(batch, recipients) {
          const body: MailSendBody = {
            personalizations: recipients.map(personalization),
            from: { email: content.sender.email, ...(content.sender.name ? { name: content.sender.name } : {}) },
            ...(content.sender.replyTo ? { reply_to: { email: content.sender.replyTo } } : {}),
            subject: rendered.subject,
            content: [{ type: 'text/html', value: rendered.html }],
            custom_args: { [CUSTOM_ARGS.project]: project, [CUSTOM_ARGS.send]: sendId, [CUSTOM_ARGS.batch]: batch.key },
          };
          const result = await client.send(body);
          switch (result.kind) {
            case 'accepted':
              return { kind: 'results', results: sameOutcome(recipients, { state: 'sent' }) };
            case 'rate-limited':
              return { kind: 'wait', untilMs: result.resetAtMs, reason: 'SendGrid: limite de envios (429)' };
            case 'refused':
              logger.warn('sendgrid refused a batch', { project, sendId, status: result.status, detail: result.detail });
              return { kind: 'refused', reason: `SendGrid recusou o lote (HTTP ${result.status}): ${result.message}` };
            default:
              return { kind: 'unknown', reason: `SendGrid: ${result.reason}` };
          }
        },
        async alreadySent(batch, recipients) {
          const addresses = await client.recipientsWithArg(CUSTOM_ARGS.batch, batch.key);
          return new Set(recipients.filter((r) => addresses.has(r.address)).map((r) => r.key));
        },
      };
    },
  };
}
