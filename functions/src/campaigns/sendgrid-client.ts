import type SendgridClientModule from '@sendgrid/client';
import { z } from 'zod';
import { lazyRequire } from '../lib/lazy-module.js';
import { networkErrorText, sendgridRefusalText } from './send-errors.js';

const sendgridModule = lazyRequire<typeof SendgridClientModule>('@sendgrid/client');

/**
 * SendGrid v3 through its official client (@sendgrid/client) pointed at a configurable base URL
 * (the sandbox locally). Mail Send has no idempotency key, so its answers are sorted by what they
 * say about delivery: accepted; not accepted (429 — wait for X-RateLimit-Reset — or another 4xx,
 * never retried as is); or unknown (5xx, timeout, cut connection: the mail may have been accepted),
 * which the send job settles by asking the Email Activity API before sending again.
 */

export type MailSendResult =
  | { kind: 'accepted'; messageId: string | null }
  | { kind: 'rate-limited'; resetAtMs: number }
  /** `message` in Portuguese; `detail` is SendGrid's own text, for the logs. */
  | { kind: 'refused'; status: number; message: string; detail: string }
  | { kind: 'unknown'; reason: string };

export interface SendgridClient {
  send(mail: MailSendBody): Promise<MailSendResult>;
  /** Addresses (lower-cased) of messages that carried custom arg `key` = `value` (Email Activity API). */
  recipientsWithArg(key: string, value: string): Promise<Set<string>>;
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
  custom_args?: Record<string, string>;
  headers?: Record<string, string>;
}

const errorBodySchema = z.object({ errors: z.array(z.object({ message: z.string().nullish(), field: z.string().nullish() })).optional() }).passthrough();
const activitySchema = z.object({ messages: z.array(z.object({ to_email: z.string(), msg_id: z.string().optional() }).passthrough()) });

type AxiosLikeError = Error & { code?: number | string; response?: { headers?: Record<string, string>; body?: unknown } };

/** SendGrid's first error, as it wrote it (English). */
function errorDetail(body: unknown): string {
  const parsed = errorBodySchema.safeParse(body);
  const first = parsed.success ? parsed.data.errors?.[0] : undefined;
  return first?.message ? `${first.message}${first.field ? ` (${first.field})` : ''}` : '';
}

/** What an answer (or its absence) means; exported for unit tests. */
export function classifySendError(error: AxiosLikeError, now = Date.now()): MailSendResult {
  const status = typeof error.code === 'number' ? error.code : null;
  if (status === null) return { kind: 'unknown', reason: `sem resposta (${networkErrorText(error.code)})` };
  if (status === 429) {
    const reset = Number(error.response?.headers?.['x-ratelimit-reset']);
    // X-RateLimit-Reset is epoch seconds; a missing or past value waits one second.
    const resetAtMs = Number.isFinite(reset) && reset * 1000 > now ? reset * 1000 : now + 1000;
    return { kind: 'rate-limited', resetAtMs };
  }
  if (status >= 500 || status === 408) return { kind: 'unknown', reason: `HTTP ${status}` };
  const detail = errorDetail(error.response?.body);
  return { kind: 'refused', status, message: sendgridRefusalText(detail), detail };
}

export function createSendgridClient({ apiKey, baseUrl, timeoutMs = 15_000 }: { apiKey: string; baseUrl: string; timeoutMs?: number }): SendgridClient {
  // A client of our own (not the module's shared instance): each store/test may point elsewhere.
  const sendgridClient = sendgridModule();
  const Client = sendgridClient.constructor as new () => typeof sendgridClient;
  const client = new Client();
  client.setApiKey(apiKey);
  // setApiKey resets baseUrl to the region's host: set ours after it.
  client.setDefaultRequest('baseUrl', baseUrl.replace(/\/+$/, ''));
  client.setDefaultRequest('timeout' as 'url', timeoutMs as unknown as string);
  return {
    async send(mail) {
      try {
        const [response] = await client.request({ method: 'POST', url: '/v3/mail/send', body: mail });
        if (response.statusCode === 202 || response.statusCode === 200) {
          const id = (response.headers as Record<string, unknown>)['x-message-id'];
          return { kind: 'accepted', messageId: typeof id === 'string' ? id : null };
        }
        return { kind: 'unknown', reason: `HTTP ${response.statusCode}` };
      } catch (error) {
        return classifySendError(error as AxiosLikeError);
      }
    },
    async recipientsWithArg(key, value) {
      if (!/^[\w-]+$/.test(key) || !/^[\w-]+$/.test(value)) throw new Error('custom arg key/value must be [A-Za-z0-9_-]');
      const [, body] = await client.request({ method: 'GET', url: '/v3/messages', qs: { query: `unique_args['${key}']="${value}"`, limit: 1000 } });
      const parsed = activitySchema.safeParse(body);
      if (!parsed.success) throw new Error('SendGrid: resposta inesperada da API de atividade.');
      return new Set(parsed.data.messages.map((m) => m.to_email.toLowerCase()));
    },
  };
}
