import { z } from 'zod';
import { whatsappTemplateSchema, type SendComponent, type WhatsappTemplate } from '@console/shared';
import {
  accountPacer,
  answerFromStatus,
  callProvider,
  DEFAULT_RETRY,
  fetchOnce,
  NoAnswerError,
  postJson,
  PROVIDER_TIMEOUT_MS,
  TransportError,
  transportReason,
  type ProviderAnswer,
  type RetryPolicy,
  type VendorAnswer,
} from '../lib/vendor-http.js';

/**
 * The WhatsApp Cloud API (Graph API) client: the vendor HTTP layer (lib/vendor-http: fetchOnce for
 * reads, postJson for sends, callProvider's pacing and retries for template reads) and zod, base URL given (the WHATSAPP_API_URL
 * param: https://graph.facebook.com/v21.0 in production, the sandbox locally), the WABA token
 * from config/waba. Errors keep Graph's `code`, because what to do next depends on it (see
 * `classifyWhatsappError`). Nothing here logs tokens, numbers or bodies.
 */

export const graphErrorSchema = z.object({
  error: z.looseObject({
    message: z.string().default(''),
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    error_data: z.looseObject({ details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

const sendAnswerSchema = z.object({
  contacts: z.array(z.object({ input: z.string().optional(), wa_id: z.string() })).default([]),
  messages: z.array(z.looseObject({ id: z.string().min(1) })).min(1),
});

const templatePageSchema = z.object({
  data: z.array(z.unknown()),
  paging: z.looseObject({ cursors: z.looseObject({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional(),
});

/** What to do after a failed send. */
export type WhatsappErrorKind =
  | 'opted-out' // 131050: record as unsubscribed, never retry
  | 'marketing-limit' // 131049: Meta asks not to retry
  | 'pair-rate' // 131056: the same user too often; retry later
  | 'throughput' // 130429 / 429: too fast; slow down and retry
  | 'parameters' // 132000 and other template errors: the campaign is wrong, retrying cannot help
  | 'auth' // 190 / 401 / 403: token refused
  | 'transient' // 5xx, network, timeout: retry
  | 'rejected'; // anything else 4xx: do not retry

export class WhatsappApiError extends Error {
  constructor(
    readonly kind: WhatsappErrorKind,
    /** Graph's error code, when it answered one. */
    readonly code: number | null,
    readonly httpStatus: number | null,
    /** Portuguese, for the screens and the report. */
    message: string,
    /** Meta's own (English) text of an error we do not translate, for the logs only. */
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'WhatsappApiError';
  }
  get retryable(): boolean {
    return this.kind === 'throughput' || this.kind === 'pair-rate' || this.kind === 'transient';
  }
}

const REASONS: Record<number, string> = {
  131050: 'o cliente optou por não receber mensagens de marketing',
  131049: 'limite de mensagens de marketing por usuário atingido (Meta)',
  131056: 'muitas mensagens para o mesmo número em pouco tempo',
  130429: 'limite de envio por segundo do número atingido',
  132000: 'número de parâmetros não confere com o template',
  132001: 'template inexistente ou não aprovado neste idioma',
  131026: 'mensagem não entregue',
  131047: 'fora da janela de 24 h',
  190: 'token do WhatsApp inválido ou expirado',
};

/** The Portuguese reason of an error code we do not know, by what it means for the send. */
const KIND_REASONS: Record<WhatsappErrorKind, string> = {
  'opted-out': 'o cliente optou por não receber mensagens de marketing',
  'marketing-limit': 'limite de mensagens de marketing atingido',
  'pair-rate': 'muitas mensagens para o mesmo número em pouco tempo',
  throughput: 'limite de envio atingido',
  parameters: 'parâmetros da mensagem não conferem com o template',
  auth: 'acesso negado pela Meta (token ou permissão)',
  transient: 'falha temporária na Meta',
  rejected: 'a Meta recusou a mensagem',
};

export function whatsappErrorReason(code: number | null, fallback = 'erro desconhecido'): string {
  return (code !== null && REASONS[code]) || fallback;
}

export function classifyWhatsappError(code: number | null, httpStatus: number | null): WhatsappErrorKind {
  if (code === 131050) return 'opted-out';
  if (code === 131049) return 'marketing-limit';
  if (code === 131056) return 'pair-rate';
  if (code === 130429 || code === 4 || code === 80007 || httpStatus === 429) return 'throughput';
  if (code !== null && code >= 132000 && code < 133000) return 'parameters';
  if (code === 190 || httpStatus === 401 || httpStatus === 403) return 'auth';
  if (httpStatus === null || httpStatus >= 500 || code === 1 || code === 2 || code === 131000) return 'transient';
  return 'rejected';
}

/** Graph's error code in an error answer, if it carries one. */
export function graphCode(body: unknown): number | null {
  const graph = graphErrorSchema.safeParse(body);
  return graph.success ? graph.data.error.code : null;
}

function graphReason(status: number, body: unknown): string {
  const graph = graphErrorSchema.safeParse(body);
  const code = graph.success ? graph.data.error.code : null;
  const reason = whatsappErrorReason(code, graph.success ? graph.data.error.message || `HTTP ${status}` : `HTTP ${status}`);
  return `WhatsApp: ${reason}${code !== null ? ` (${code})` : ''}`;
}

/** Meta's contract: a User-Agent, when sent, is `name/major.minor.patch` (undici's default `node` is not). */
const USER_AGENT = 'console-whatsapp/1.0.0';

/** The error a non-accepted answer means (the test send and the template screens throw it). */
export function whatsappErrorOf(answer: Exclude<ProviderAnswer<unknown>, { kind: 'accepted' }>): WhatsappApiError {
  if (answer.kind === 'unknown') return new WhatsappApiError('transient', null, null, `${answer.reason}.`);
  const code = graphCode(answer.body);
  return new WhatsappApiError(classifyWhatsappError(code, answer.status), code, answer.status, `${answer.reason}.`);
}

/**
 * Template reads ('Carregar templates') go through the layer as sends do: callProvider, with the
 * WABA's own pacer (a 429 holds the WABA until its Retry-After, else a second; every load of the
 * WABA in this instance waits for it) and DEFAULT_RETRY's waits, but two retries, not four: a person
 * is waiting. A read may be repeated, so a 5xx, a 429, a dropped connection or a timeout is retried
 * (a timeout once: a hanging Graph tends to hang again); a 4xx is not, nor an answer that is not
 * JSON (the same call gives the same page).
 */
export const TEMPLATE_READ_RETRY: RetryPolicy = { ...DEFAULT_RETRY, retries: 2 };
/** Meta publishes no per-second limit for message_templates: a few reads a second, one at a time. */
const TEMPLATE_READ_PACE = { perSecond: 4, concurrent: 1 };

/** What a failed template read says to the person who asked for it, in Portuguese. */
const READ_KIND_REASONS: Partial<Record<WhatsappErrorKind, string>> = {
  throughput: 'limite de consultas da Meta atingido; tente de novo em alguns minutos',
  transient: 'a Meta está indisponível no momento; tente de novo em instantes',
  auth: 'acesso negado pela Meta (token ou permissão)',
};

function templateReadError(answer: Exclude<ProviderAnswer<unknown>, { kind: 'accepted' }>): WhatsappApiError {
  if (answer.kind === 'unknown' || answer.status === null) return new WhatsappApiError('transient', null, null, `${answer.reason}.`);
  const code = graphCode(answer.body);
  const kind = classifyWhatsappError(code, answer.status);
  const reason = (code === 190 && REASONS[190]) || READ_KIND_REASONS[kind] || whatsappErrorReason(code, KIND_REASONS[kind]);
  const graph = graphErrorSchema.safeParse(answer.body);
  const detail = graph.success && graph.data.error.message ? graph.data.error.message : null;
  return new WhatsappApiError(kind, code, answer.status, `WhatsApp: ${reason} (HTTP ${answer.status}${code !== null ? `, código ${code}` : ''}).`, detail);
}

export interface WhatsappClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Retries of a template read (tests shorten the waits). */
  readRetry?: RetryPolicy;
}

export interface SendTemplateInput {
  to: string;
  name: string;
  language: string;
  components: SendComponent[] | Record<string, unknown>[];
  /** Echoed back in the status webhooks (≤ 512 chars): which project, campaign and recipient. */
  opaque?: string;
}

export function createWhatsappClient({
  baseUrl,
  token,
  timeoutMs = PROVIDER_TIMEOUT_MS,
  fetch: fetchImpl = fetch,
  readRetry = TEMPLATE_READ_RETRY,
}: WhatsappClientOptions) {
  const base = baseUrl.replace(/\/+$/, '');

  /**
   * One GET of a read, as what the provider did with it (ProviderAnswer): a 2xx is accepted (its
   * body undefined when it is not JSON), 429/5xx not taken, other 4xx refused; no answer is not
   * taken (a read may be repeated), but a second timeout of the same read is final ('unknown').
   */
  function reader() {
    let timeouts = 0;
    return async (url: string): Promise<ProviderAnswer<unknown>> => {
      let res: VendorAnswer;
      try {
        res = await fetchOnce(url, { method: 'GET', headers: { authorization: `Bearer ${token}`, 'user-agent': USER_AGENT } }, { timeoutMs, fetch: fetchImpl });
      } catch (error) {
        if (!(error instanceof NoAnswerError)) throw error;
        if (error.kind !== 'timeout') return { kind: 'not-taken', status: null, body: undefined, reason: 'WhatsApp: falha de conexão com a Meta' };
        const reason = `WhatsApp: a Meta não respondeu em ${(timeoutMs / 1000).toLocaleString('pt-BR')} s; tente de novo em instantes`;
        timeouts += 1;
        return timeouts > 1 ? { kind: 'unknown', reason } : { kind: 'not-taken', status: null, body: undefined, reason };
      }
      let body: unknown;
      try {
        body = res.text ? JSON.parse(res.text) : undefined;
      } catch {
        body = undefined;
      }
      return answerFromStatus(res.status, Object.fromEntries(res.headers.entries()), body, () => body, graphReason);
    };
  }

  const api = {
    /** Every template of the WABA, following `paging.cursors.after` page by page (each page paced and retried: TEMPLATE_READ_RETRY). */
    async listTemplates(wabaId: string, { pageSize, maxPages = 50 }: { pageSize?: number; maxPages?: number } = {}): Promise<WhatsappTemplate[]> {
      const templates: WhatsappTemplate[] = [];
      const pacer = accountPacer(`whatsapp-templates|${wabaId}`, TEMPLATE_READ_PACE);
      const read = reader();
      let after: string | undefined;
      for (let page = 0; page < maxPages; page++) {
        const url = new URL(`${base}/${encodeURIComponent(wabaId)}/message_templates`);
        url.searchParams.set('fields', 'id,name,status,language,category,components');
        if (pageSize) url.searchParams.set('limit', String(pageSize));
        if (after) url.searchParams.set('after', after);
        const answer = await callProvider(pacer, () => read(url.toString()), readRetry);
        if (answer.kind !== 'accepted') throw templateReadError(answer);
        if (answer.value === undefined)
          throw new WhatsappApiError('transient', null, answer.status, 'WhatsApp: resposta inválida da Meta (não é JSON); tente de novo.');
        const parsed = templatePageSchema.safeParse(answer.value);
        if (!parsed.success) throw new WhatsappApiError('transient', null, 200, 'WhatsApp: lista de templates em formato inesperado.');
        for (const item of parsed.data.data) {
          const template = whatsappTemplateSchema.safeParse(item);
          if (!template.success) throw new WhatsappApiError('transient', null, 200, 'WhatsApp: template em formato inesperado.');
          templates.push(template.data);
        }
        after = parsed.data.paging?.cursors?.after;
        if (!parsed.data.paging?.next || !after || parsed.data.data.length === 0) return templates;
      }
      throw new WhatsappApiError('rejected', null, 200, `WhatsApp: mais de ${maxPages} páginas de templates.`);
    },

    /**
     * One template message, as Meta answered it (lib/vendor-http: answerFromStatus): accepted with Meta's message id
     * and the recipient's wa_id; refused (4xx, Graph's code kept in `body`); not taken (5xx with or
     * without a Graph error body, 429, connection refused or reset before the request was
     * written); unknown (no answer after it was written).
     */
    async sendTemplateAnswer(phoneNumberId: string, input: SendTemplateInput): Promise<ProviderAnswer<{ messageId: string; waId: string | null }>> {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: input.to,
        type: 'template',
        // `policy` is required by Meta's contract (LanguageObject), and 'deterministic' is its only value.
        template: { name: input.name, language: { policy: 'deterministic', code: input.language }, components: input.components },
        ...(input.opaque ? { biz_opaque_callback_data: input.opaque } : {}),
      };
      let answer;
      try {
        answer = await postJson(`${base}/${encodeURIComponent(phoneNumberId)}/messages`, body, {
          headers: { authorization: `Bearer ${token}`, 'user-agent': USER_AGENT },
          timeoutMs,
        });
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        const reason = transportReason('WhatsApp', error);
        return error.written || error.timeout ? { kind: 'unknown', reason } : { kind: 'not-taken', status: null, body: undefined, reason };
      }
      const parsed = sendAnswerSchema.safeParse(answer.body);
      const result = answerFromStatus(answer.status, answer.headers, answer.body, () => parsed.data, graphReason);
      // Meta accepted something we cannot read: it may have been sent.
      if (result.kind === 'accepted' && !parsed.success) return { kind: 'unknown', reason: 'WhatsApp: resposta de envio em formato inesperado' };
      if (result.kind !== 'accepted') return result;
      return { ...result, value: { messageId: parsed.data!.messages[0]!.id, waId: parsed.data!.contacts[0]?.wa_id ?? null } };
    },

    /** One template message (the test send); throws WhatsappApiError when Meta did not accept it. */
    async sendTemplate(phoneNumberId: string, input: SendTemplateInput): Promise<{ messageId: string; waId: string | null }> {
      const answer = await api.sendTemplateAnswer(phoneNumberId, input);
      if (answer.kind === 'accepted') return answer.value;
      throw whatsappErrorOf(answer);
    },
  };
  return api;
}
export type WhatsappClient = ReturnType<typeof createWhatsappClient>;
