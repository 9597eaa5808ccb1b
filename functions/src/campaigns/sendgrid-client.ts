import type SendgridClientModule from '@sendgrid/client';
import { z } from 'zod';
import { lazyRequire } from '../lib/lazy-module.js';
import { answerFromStatus, PROVIDER_TIMEOUT_MS, TransportError, transportReason, type ProviderAnswer } from '../lib/vendor-http.js';
import { sendgridRefusalText } from './send-errors.js';

const sendgridModule = lazyRequire<typeof SendgridClientModule>('@sendgrid/client');

/**
 * SendGrid v3 through its official client (@sendgrid/client) pointed at a configurable base URL
 * (the sandbox locally). Mail Send has no idempotency key, so its answers are sorted by what the
 * provider did (lib/vendor-http: answerFromStatus): accepted (202); refused (4xx but 429: never retried as is);
 * not taken (5xx with or without SendGrid's error body, 429 with X-RateLimit-Reset, connection
 * refused or reset before the request was written: retried); unknown (no answer after the whole
 * request left: timeout, reset, accept-then-drop), which the send job reconciles through the Email
 * Activity API before sending again.
 */

export type MailSendAnswer = ProviderAnswer<{ messageId: string | null }>;

/** The test e-mail's view of an answer (console-email-template.ts). */
export type MailSendResult =
  | { kind: 'accepted'; messageId: string | null }
  | { kind: 'rate-limited'; resetAtMs: number }
  /** `message` in Portuguese; `detail` is SendGrid's own text, for the logs. */
  | { kind: 'refused'; status: number; message: string; detail: string }
  | { kind: 'not-taken'; reason: string }
  | { kind: 'unknown'; reason: string };

export interface SendgridClient {
  /** One Mail Send call, as the provider answered it. */
  mailSend(mail: MailSendBody): Promise<MailSendAnswer>;
  send(mail: MailSendBody): Promise<MailSendResult>;
  /**
   * Addresses (lower-cased) of messages that carried custom arg `key` = `value` (Email Activity
   * API), or null when the API did not answer (rate limit, 5xx): nothing can be concluded then.
   */
  recipientsWithArg(key: string, value: string): Promise<Set<string> | null>;
}

export interface MailSendBody {
  personalizations: {
    to: { email: string; name?: string }[];
    substitutions?: Record<string, string>;
    headers?: Record<string, string>;
    custom_args?: Record<string, string>;
  }[];
  from: { email: string; name?: string };
  reply_to?: { email: string };
  subject: string;
  content: { type: 'text/html'; value: string }[];
  // No top-level custom_args: SendGrid's contract types it as a string; each personalization carries them.
  headers?: Record<string, string>;
}

const errorBodySchema = z.object({ errors: z.array(z.object({ message: z.string().nullish(), field: z.string().nullish() })).optional() }).passthrough();
const activitySchema = z.object({ messages: z.array(z.object({ to_email: z.string(), msg_id: z.string().optional() }).passthrough()) });

type AxiosLikeError = Error & {
  code?: number | string;
  response?: { headers?: Record<string, string>; body?: unknown };
  /** axios: the node ClientRequest (maxRedirects 0), which knows whether the request was written. */
  request?: { writableFinished?: boolean };
};

/** SendGrid's first error, as it wrote it (English): for the logs, never shown. */
export function sendgridErrorDetail(body: unknown): string {
  const parsed = errorBodySchema.safeParse(body);
  const first = parsed.success ? parsed.data.errors?.[0] : undefined;
  return first?.message ? `${first.message}${first.field ? ` (${first.field})` : ''}` : '';
}

/** The operator's words for an answer that was not 2xx (send-errors.ts translates SendGrid's refusals). */
function errorMessage(status: number, body: unknown): string {
  if (status === 429) return 'SendGrid: limite de envios atingido (HTTP 429)';
  if (status >= 500 || status === 408) return `SendGrid indisponível (HTTP ${status})`;
  return `${sendgridRefusalText(sendgridErrorDetail(body))} (HTTP ${status})`;
}

/** What an error of @sendgrid/client means, by HTTP status first (exported for unit tests). */
export function classifySendError(error: AxiosLikeError, now = Date.now()): MailSendAnswer {
  const status = typeof error.code === 'number' ? error.code : null;
  if (status !== null) return answerFromStatus(status, error.response?.headers ?? {}, error.response?.body, () => ({ messageId: null }), errorMessage, now);
  const written = error.request?.writableFinished === true;
  const timeout = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message);
  const reason = transportReason('SendGrid', new TransportError(error.message, written, timeout));
  return written || timeout ? { kind: 'unknown', reason } : { kind: 'not-taken', status: null, body: undefined, reason };
}

export function createSendgridClient({
  apiKey,
  baseUrl,
  timeoutMs = PROVIDER_TIMEOUT_MS,
}: {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): SendgridClient {
  // A client of our own (not the module's shared instance): each store/test may point elsewhere.
  const sendgridClient = sendgridModule();
  const Client = sendgridClient.constructor as new () => typeof sendgridClient;
  const client = new Client();
  client.setApiKey(apiKey);
  // setApiKey resets baseUrl to the region's host: set ours after it.
  client.setDefaultRequest('baseUrl', baseUrl.replace(/\/+$/, ''));
  client.setDefaultRequest('timeout' as 'url', timeoutMs as unknown as string);
  // Node's own request (no redirect wrapper), so an error says whether the body was written.
  client.setDefaultRequest('maxRedirects' as 'url', 0 as unknown as string);
  async function mailSend(mail: MailSendBody): Promise<MailSendAnswer> {
    try {
      const [response] = await client.request({ method: 'POST', url: '/v3/mail/send', body: mail });
      const headers = response.headers as Record<string, unknown>;
      return answerFromStatus(
        response.statusCode,
        headers,
        response.body,
        () => ({ messageId: typeof headers['x-message-id'] === 'string' ? (headers['x-message-id'] as string) : null }),
        errorMessage,
      );
    } catch (error) {
      return classifySendError(error as AxiosLikeError);
    }
  }
  return {
    mailSend,
    async send(mail) {
      const answer = await mailSend(mail);
      switch (answer.kind) {
        case 'accepted':
          return { kind: 'accepted', messageId: answer.value.messageId };
        case 'refused':
          return { kind: 'refused', status: answer.status, message: answer.reason, detail: sendgridErrorDetail(answer.body) };
        case 'not-taken':
          return answer.status === 429
            ? { kind: 'rate-limited', resetAtMs: answer.retryAtMs ?? Date.now() + 1000 }
            : { kind: 'not-taken', reason: answer.reason };
        default:
          return answer;
      }
    },
    async recipientsWithArg(key, value) {
      if (!/^[\w-]+$/.test(key) || !/^[\w-]+$/.test(value)) throw new Error('custom arg key/value must be [A-Za-z0-9_-]');
      let body: unknown;
      try {
        [, body] = await client.request({ method: 'GET', url: '/v3/messages', qs: { query: `unique_args['${key}']="${value}"`, limit: 1000 } });
      } catch {
        return null;
      }
      const parsed = activitySchema.safeParse(body);
      if (!parsed.success) return null;
      return new Set(parsed.data.messages.map((m) => m.to_email.toLowerCase()));
    },
  };
}
