import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { SEED_FILE } from './catalogue.js';
import { readBody, readJsonBody, safeEqual, sendJson } from './respond.js';

/**
 * The WhatsApp Cloud API (Graph API) as the console uses it, on loopback:
 *
 * - `GET /v{N}/{waba-id}/message_templates?fields=&limit=&after=` — the WABA's templates, page by
 *   page (`paging.cursors.after`, `paging.next` while more remain).
 * - `POST /v{N}/{phone-number-id}/messages` with `{messaging_product:'whatsapp', to, type:'template',
 *   template:{name, language:{code}, components}, biz_opaque_callback_data}` — answers
 *   `{messaging_product, contacts:[{input, wa_id}], messages:[{id}]}`, or Graph's error
 *   `{error:{message, type, code, error_data:{messaging_product, details}, fbtrace_id}}` with the
 *   codes the product branches on: 130429 throughput (over `throughputPerSecond` messages in the
 *   last second for the number — a sliding second counted when each message arrives, customers'
 *   messages included, as Meta's Throughput page says; Meta names no window, and the sliding one
 *   is the strictest reading), 131056 pair rate (a second message to the same user within
 *   `pairRateMs`), 131049 per-user marketing limit, 131050 user opted out of marketing, 132000
 *   wrong parameter count, 132001 template not found, 190 bad token.
 * - Status webhooks: sent, delivered, read (some recipients read, per `readEvery`), or failed
 *   (`undeliverable` numbers, code 131026) — POSTed to `webhookUrl?project={project}` in batches,
 *   shuffled (out of order) and with a share delivered twice (`duplicateRate`), each POST signed
 *   `X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body)`.
 *
 * The accounts (token, WABA id, phone-number id, app secret) are those of the seed's config/waba
 * documents, so the functions, reading the same documents, are accepted. Brazilian mobiles whose
 * area code is 31 or above answer a `wa_id` without the ninth digit, as old accounts do.
 *
 * Control (not Meta's): `GET|POST|DELETE /__whatsapp/settings`, `GET|DELETE /__whatsapp/messages`
 * (accepted sends), `GET|DELETE /__whatsapp/webhooks` (deliveries made), `GET /__whatsapp/errors`
 * (error answers by code), `POST|DELETE /__whatsapp/templates` ({project, name, language, status}:
 * a template deleted, paused… at Meta — the list and the sends follow it, and a signed
 * `message_template_status_update` webhook is posted), `POST /__whatsapp/inbound` ({project, from,
 * text | button {text, payload}, contextId}: a customer's message or quick-reply answer, posted as a
 * signed `messages` webhook the way Meta sends it; answers the webhook's HTTP status). Faults (latency, 5xx, 429, malformed, hang) come from the common
 * `x-sandbox-fault` mechanism (faults.ts).
 */

/** Graph's error body for a simulated failure: code 2 (service temporarily unavailable) for 5xx, 130429 for 429. */
export function graphFaultBody(status: number): unknown {
  const code = status === 429 ? 130429 : status >= 500 ? 2 : 100;
  return {
    error: {
      message: status >= 500 ? 'Service temporarily unavailable' : `(#${code}) Simulated failure`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: `Falha simulada pelo sandbox (HTTP ${status}).` },
      fbtrace_id: 'sandbox-fault',
    },
  };
}

export interface WhatsappAccount {
  project: string;
  wabaId: string;
  phoneNumberId: string;
  token: string;
  appSecret: string;
}

export interface WhatsappSandboxSettings {
  /** Messages per second accepted per phone number (Cloud API default: 80). */
  throughputPerSecond: number;
  /** Minimum time between two messages to the same user (Meta: about one per 6 s). */
  pairRateMs: number;
  /** Delay between a message's sent, delivered and read statuses. */
  stepMs: number;
  /** Every Nth accepted message is also read (0: none). */
  readEvery: number;
  /** Share (0..1) of webhook POSTs delivered a second time. */
  duplicateRate: number;
  /** Statuses of a batch shuffled before delivery. */
  shuffle: boolean;
  /** Where statuses go (null: nowhere); `?project=` is added. */
  webhookUrl: string | null;
  /** Templates per page when the request gives no `limit`. */
  pageSize: number;
  /** Numbers (digits) that opted out of marketing messages: 131050. */
  optedOut: string[];
  /** Numbers that reached the per-user marketing limit: 131049. */
  marketingLimited: string[];
  /** Numbers accepted but then failing delivery (status failed, 131026). */
  undeliverable: string[];
}

export interface AcceptedMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  waId: string;
  template: string;
  language: string;
  components: unknown[];
  opaque: string | null;
  at: number;
}

export interface WebhookDelivery {
  time: string;
  url: string;
  statuses: number;
  status: number | null;
  error?: string;
}

export type WhatsappSandbox = RequestListener & {
  accounts: WhatsappAccount[];
  configure(input: Partial<WhatsappSandboxSettings>): WhatsappSandboxSettings;
  settings(): WhatsappSandboxSettings;
  messages(): AcceptedMessage[];
  reset(): void;
};

/** Statuses are gathered this long and sent up to this many per POST, at most this many POSTs at once. */
const WEBHOOK_FLUSH_MS = 500;
const WEBHOOK_BATCH = 200;
const MAX_WEBHOOK_IN_FLIGHT = 4;

const DEFAULTS: WhatsappSandboxSettings = {
  throughputPerSecond: 80,
  pairRateMs: 6_000,
  stepMs: 300,
  readEvery: 2,
  duplicateRate: 0.2,
  shuffle: true,
  webhookUrl: null,
  pageSize: 3,
  optedOut: [],
  marketingLimited: [],
  undeliverable: [],
};

/** The seed's config/waba documents: the accounts the sandbox accepts. */
export function loadWhatsappAccounts(seedFile = process.env.SANDBOX_SEED_FILE ?? SEED_FILE): WhatsappAccount[] {
  const documents = JSON.parse(readFileSync(seedFile, 'utf8')) as Record<string, Record<string, unknown>>;
  const accounts: WhatsappAccount[] = [];
  for (const [path, data] of Object.entries(documents)) {
    const m = /^project\/([^/]+)\/config\/waba$/.exec(path);
    if (!m) continue;
    const { wabaId, wabaPhoneNumberId, wabaToken, wabaAppSecret } = data as Record<string, unknown>;
    if ([wabaId, wabaPhoneNumberId, wabaToken, wabaAppSecret].every((v) => typeof v === 'string' && v)) {
      accounts.push({
        project: m[1]!,
        wabaId: String(wabaId),
        phoneNumberId: String(wabaPhoneNumberId),
        token: String(wabaToken),
        appSecret: String(wabaAppSecret),
      });
    }
  }
  return accounts;
}

interface SandboxTemplate {
  id: string;
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  category: 'MARKETING' | 'UTILITY';
  components: Record<string, unknown>[];
}

/** A WABA's templates: approved ones with and without parameters, one in English, pending and rejected ones. */
function templatesOf(account: WhatsappAccount, storeName: string): SandboxTemplate[] {
  const id = (n: number) => `${account.wabaId.slice(-6)}${String(n).padStart(9, '0')}`;
  const body = (text: string, example?: string[]) => ({ type: 'BODY', text, ...(example ? { example: { body_text: [example] } } : {}) });
  return [
    {
      id: id(1),
      name: 'boas_vindas',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: `Bem-vindo à ${storeName}` },
        body(`Obrigado por se cadastrar na ${storeName}! Aqui você recebe novidades e ofertas.`),
        { type: 'FOOTER', text: 'Responda SAIR para não receber mais mensagens.' },
      ],
    },
    {
      id: id(2),
      name: 'oferta_churrasco',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Ofertas de churrasco 🔥' },
        body(`Olá, {{1}}! Na ${storeName} as churrasqueiras estão com desconto. Use o cupom {{2}}.`, ['Maria', 'CHURRAS15']),
        { type: 'FOOTER', text: 'Responda SAIR para não receber mais mensagens.' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Quero ver' },
            { type: 'QUICK_REPLY', text: 'Não tenho interesse' },
          ],
        },
      ],
    },
    {
      id: id(3),
      name: 'pedido_enviado',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Seu pedido foi enviado' },
        body('Olá, {{1}}! O pedido {{2}} saiu para entrega. Rastreie em {{3}}.', ['João', '154321', 'https://rastreio.demo.test/AB123']),
        { type: 'FOOTER', text: storeName },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Falar com atendente' }] },
      ],
    },
    {
      id: id(4),
      name: 'carrinho_abandonado',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: '{{1}}, você esqueceu algo', example: { header_text: ['Ana'] } },
        body('Seus itens ainda estão no carrinho. Finalize a compra com {{1}} de desconto.', ['10%']),
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Finalizar compra' },
            { type: 'URL', text: 'Ver carrinho', url: `https://www.demo.test/carrinho/{{1}}`, example: ['abc123'] },
          ],
        },
      ],
    },
    {
      id: id(5),
      name: 'boas_vindas',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [body(`Thanks for joining ${storeName}!`)],
    },
    {
      id: id(6),
      name: 'black_friday',
      language: 'pt_BR',
      status: 'PENDING',
      category: 'MARKETING',
      components: [body('A Black Friday chegou: até {{1}} de desconto.', ['50%'])],
    },
    {
      id: id(7),
      name: 'cupom_generico',
      language: 'pt_BR',
      status: 'REJECTED',
      category: 'MARKETING',
      components: [body('Ganhe um cupom!')],
    },
  ];
}

function storeNameOf(project: string): string {
  return project === 'main' ? 'Loja Principal' : project === 'cookstore' ? 'Cook Store' : `Loja ${project}`;
}

/** The wa_id Meta answers for a number: Brazilian mobiles of area codes 31+ lose the ninth digit. */
export function waIdOf(to: string): string {
  const digits = to.replace(/\D/g, '');
  if (/^55\d{11}$/.test(digits) && Number(digits.slice(2, 4)) >= 31 && digits[4] === '9' && /[6-9]/.test(digits[5]!))
    return digits.slice(0, 4) + digits.slice(5);
  return digits;
}

/** The same user whether written with or without the ninth digit. */
function userKey(to: string): string {
  const digits = to.replace(/\D/g, '');
  if (/^55\d{10}$/.test(digits) && /[6-9]/.test(digits[4]!)) return `${digits.slice(0, 4)}9${digits.slice(4)}`;
  return digits;
}

function graphError(res: ServerResponse, httpStatus: number, code: number, message: string, details: string, type = 'OAuthException'): void {
  sendJson(res, httpStatus, {
    error: {
      message,
      type,
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: `A${randomBytes(10).toString('base64url')}`,
    },
  });
}

/**
 * What Meta's contract (sandboxes/contracts/whatsapp/openapi.yaml) refuses in a template message
 * beyond the fields checked before: `recipient_type` other than individual/group, a language
 * `policy` other than 'deterministic', a component type other than header/body/button, a button
 * without its sub_type, index and parameters. Null when the message is acceptable.
 */
export function templateMessageProblem(body: Record<string, unknown>, template: { language?: { policy?: unknown }; components?: unknown }): string | null {
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual' && body.recipient_type !== 'group')
    return 'recipient_type deve ser individual ou group.';
  if (template.language?.policy !== undefined && template.language.policy !== 'deterministic') return "language.policy deve ser 'deterministic'.";
  if (template.components !== undefined && !Array.isArray(template.components)) return 'template.components deve ser uma lista.';
  for (const component of (template.components as Record<string, unknown>[] | undefined) ?? []) {
    const type = component?.type;
    if (type !== 'header' && type !== 'body' && type !== 'button') return `componente de tipo desconhecido: ${String(type)}.`;
    if (component.parameters !== undefined && !Array.isArray(component.parameters)) return 'parameters deve ser uma lista.';
    if (type === 'button') {
      if (!['quick_reply', 'url', 'catalog'].includes(String(component.sub_type))) return 'botão sem sub_type válido.';
      if (typeof component.index !== 'string' || !/^\d$/.test(component.index)) return 'botão sem index (texto de 0 a 9).';
      if (!Array.isArray(component.parameters) || component.parameters.length === 0) return 'botão sem parameters.';
    }
  }
  return null;
}

/**
 * A message id as Meta writes them: `wamid.` + standard base64, padded, so it may hold `+`, `/`
 * and `=` (`wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=` in Meta's contract);
 * random bytes make '/' and '+' turn up.
 */
function wamid(prefix: string): string {
  return `wamid.${Buffer.concat([Buffer.from(prefix), randomBytes(12)]).toString('base64')}`;
}

function placeholderCount(text: unknown): number {
  if (typeof text !== 'string') return 0;
  let max = 0;
  for (const m of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

interface PendingStatus {
  account: WhatsappAccount;
  status: Record<string, unknown>;
}

export function createWhatsappSandbox(options: { accounts?: WhatsappAccount[]; webhookUrl?: string | null } = {}): WhatsappSandbox {
  const accounts = options.accounts ?? loadWhatsappAccounts();
  const defaults: WhatsappSandboxSettings = { ...DEFAULTS, webhookUrl: options.webhookUrl ?? null };
  let settings: WhatsappSandboxSettings = { ...defaults };
  let messages: AcceptedMessage[] = [];
  let deliveries: WebhookDelivery[] = [];
  const errorCounts = new Map<number, number>();
  /** Times of the number's messages in the last second, sent (accepted) and received (throughput). */
  const recent = new Map<string, number[]>();
  /** Last message time per phone number and user (pair rate). */
  const lastToUser = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let pending: PendingStatus[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let accepted = 0;
  let inFlight = 0;
  let waiting: (() => Promise<void>)[] = [];
  /** Templates changed at 'Meta' (project|name|language → status; DELETED: gone). */
  const templateStates = new Map<string, string>();
  const templatesNow = (account: WhatsappAccount): SandboxTemplate[] =>
    templatesOf(account, storeNameOf(account.project)).flatMap((t) => {
      const status = templateStates.get(`${account.project}|${t.name}|${t.language}`);
      if (status === 'DELETED') return [];
      return [status ? { ...t, status: status as SandboxTemplate['status'] } : t];
    });

  /** One signed webhook POST of a change (`messages`, `message_template_status_update`), awaited. */
  async function postChange(account: WhatsappAccount, field: string, value: Record<string, unknown>): Promise<number | null> {
    const base = settings.webhookUrl;
    if (!base) return null;
    const url = `${base}${base.includes('?') ? '&' : '?'}project=${encodeURIComponent(account.project)}`;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: account.wabaId, time: Math.floor(Date.now() / 1000), changes: [{ field, value }] }],
    });
    const signature = `sha256=${createHmac('sha256', account.appSecret).update(body).digest('hex')}`;
    const delivery: WebhookDelivery = { time: new Date().toISOString(), url, statuses: 0, status: null };
    deliveries.push(delivery);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      delivery.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
      return null;
    }
  }

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  function countError(code: number) {
    errorCounts.set(code, (errorCounts.get(code) ?? 0) + 1);
  }

  function authorised(req: IncomingMessage): WhatsappAccount | null {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m) return null;
    return accounts.find((a) => safeEqual(a.token, m[1]!)) ?? null;
  }

  function deliver(account: WhatsappAccount, statuses: Record<string, unknown>[]) {
    const base = settings.webhookUrl;
    if (!base) return;
    const url = `${base}${base.includes('?') ? '&' : '?'}project=${encodeURIComponent(account.project)}`;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: account.phoneNumberId, phone_number_id: account.phoneNumberId },
                statuses,
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', account.appSecret).update(body).digest('hex')}`;
    const post = () => {
      const delivery: WebhookDelivery = { time: new Date().toISOString(), url, statuses: statuses.length, status: null };
      inFlight += 1;
      deliveries.push(delivery);
      if (deliveries.length > 5000) deliveries.splice(0, deliveries.length - 5000);
      return fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
        signal: AbortSignal.timeout(30_000),
      })
        .then(async (res) => {
          delivery.status = res.status;
          await res.arrayBuffer().catch(() => undefined);
        })
        .catch((error: unknown) => {
          delivery.error = error instanceof Error ? error.message : String(error);
        })
        .finally(() => {
          inFlight -= 1;
          const next = waiting.shift();
          if (next) void next();
        });
    };
    // Meta keeps a few requests in flight per endpoint and queues the rest.
    const send = () => (inFlight < MAX_WEBHOOK_IN_FLIGHT ? void post() : void waiting.push(post));
    send();
    // Meta delivers at least once: some batches come again, later.
    if (Math.random() < settings.duplicateRate) later(settings.stepMs, send);
  }

  /** Statuses are gathered for a moment and sent in batches per account, shuffled. */
  function queueStatus(account: WhatsappAccount, status: Record<string, unknown>) {
    pending.push({ account, status });
    if (flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      const batch = pending;
      pending = [];
      if (settings.shuffle) batch.sort(() => Math.random() - 0.5);
      for (const account of new Set(batch.map((p) => p.account))) {
        const statuses = batch.filter((p) => p.account === account).map((p) => p.status);
        for (let i = 0; i < statuses.length; i += WEBHOOK_BATCH) deliver(account, statuses.slice(i, i + WEBHOOK_BATCH));
      }
    }, WEBHOOK_FLUSH_MS);
  }

  function scheduleStatuses(account: WhatsappAccount, message: AcceptedMessage, n: number) {
    const base = { id: message.id, recipient_id: message.waId, ...(message.opaque ? { biz_opaque_callback_data: message.opaque } : {}) };
    const at = (step: number) => String(Math.floor((message.at + step * settings.stepMs) / 1000));
    const conversation = { id: `conv-${message.waId}`, origin: { type: 'marketing' } };
    const pricing = { billable: true, pricing_model: 'CBP', category: 'marketing' };
    later(settings.stepMs, () => queueStatus(account, { ...base, status: 'sent', timestamp: at(1), conversation, pricing }));
    if (settings.undeliverable.some((u) => userKey(u) === userKey(message.to))) {
      later(settings.stepMs * 2, () =>
        queueStatus(account, {
          ...base,
          status: 'failed',
          timestamp: at(2),
          errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' } }],
        }),
      );
      return;
    }
    later(settings.stepMs * 2, () => queueStatus(account, { ...base, status: 'delivered', timestamp: at(2), conversation, pricing }));
    if (settings.readEvery > 0 && n % settings.readEvery === 0)
      later(settings.stepMs * 3, () => queueStatus(account, { ...base, status: 'read', timestamp: at(3) }));
  }

  function listTemplates(req: IncomingMessage, res: ServerResponse, url: URL, wabaId: string) {
    const account = authorised(req);
    if (!account) return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token', 'Token inválido.');
    if (account.wabaId !== wabaId) return graphError(res, 403, 200, '(#200) Permissions error', 'O token não dá acesso a esta conta WABA.');
    const all = templatesNow(account);
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit')) || settings.pageSize, 1), 100);
    const after = url.searchParams.get('after');
    let start = 0;
    if (after) {
      const decoded = Number(Buffer.from(after, 'base64url').toString('utf8'));
      if (!Number.isInteger(decoded) || decoded < 0 || decoded > all.length) return graphError(res, 400, 100, 'Invalid parameter', 'Cursor inválido.');
      start = decoded;
    }
    const fields = (url.searchParams.get('fields') ?? 'name,status,language,components,category,id').split(',').map((f) => f.trim());
    const page = all.slice(start, start + limit).map((t) => Object.fromEntries(Object.entries(t).filter(([k]) => k === 'id' || fields.includes(k))));
    const end = start + page.length;
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
    const next = new URL(url.toString());
    next.searchParams.set('after', cursor(end));
    sendJson(res, 200, {
      data: page,
      paging: {
        cursors: { before: cursor(start), after: cursor(end) },
        ...(end < all.length ? { next: `http://${req.headers.host}${next.pathname}${next.search}` } : {}),
      },
    });
  }

  async function sendMessage(req: IncomingMessage, res: ServerResponse, phoneNumberId: string) {
    const account = authorised(req);
    if (!account) return graphError(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token', 'Token inválido.');
    if (account.phoneNumberId !== phoneNumberId) return graphError(res, 400, 100, 'Invalid parameter', 'Número de telefone de outra conta.');
    const body = (await readJsonBody(req)) as Record<string, unknown> | undefined;
    const template = body?.template as { name?: unknown; language?: { code?: unknown; policy?: unknown }; components?: unknown } | undefined;
    if (!body || body.messaging_product !== 'whatsapp' || typeof body.to !== 'string' || !/\d{8,}/.test(body.to.replace(/\D/g, ''))) {
      return graphError(res, 400, 100, '(#100) Invalid parameter', 'messaging_product e to são obrigatórios.');
    }
    if (body.type !== 'template' || !template || typeof template.name !== 'string' || typeof template.language?.code !== 'string') {
      return graphError(res, 400, 100, '(#100) Invalid parameter', 'template.name e template.language.code são obrigatórios.');
    }
    // What Meta's contract allows (BaseMessageProperties, LanguageObject, TemplateComponent): other values are refused.
    const contractProblem = templateMessageProblem(body, template);
    if (contractProblem) return graphError(res, 400, 100, '(#100) Invalid parameter', contractProblem);
    const now = Date.now();
    // Throughput: the number's messages in the last second.
    const times = (recent.get(phoneNumberId) ?? []).filter((t) => now - t < 1000);
    recent.set(phoneNumberId, times);
    if (times.length >= settings.throughputPerSecond) {
      countError(130429);
      return graphError(res, 400, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.');
    }
    const found = templatesNow(account).find((t) => t.name === template.name && t.language === template.language!.code);
    if (!found || found.status !== 'APPROVED') {
      countError(132001);
      return graphError(
        res,
        404,
        132001,
        '(#132001) Template name does not exist in the translation',
        `template name (${template.name}) does not exist in ${template.language.code}`,
      );
    }
    const components = Array.isArray(template.components) ? (template.components as Record<string, unknown>[]) : [];
    const given = (type: string) => {
      const c = components.find((x) => String(x?.type).toLowerCase() === type);
      return Array.isArray(c?.parameters) ? c.parameters.length : 0;
    };
    const expected = (type: string) => placeholderCount(found.components.find((c) => c.type === type)?.text);
    if (given('body') !== expected('BODY') || given('header') !== expected('HEADER')) {
      countError(132000);
      return graphError(
        res,
        400,
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
        `body: expected ${expected('BODY')}, got ${given('body')}; header: expected ${expected('HEADER')}, got ${given('header')}`,
      );
    }
    const key = userKey(body.to);
    if (settings.optedOut.some((n) => userKey(n) === key) && found.category === 'MARKETING') {
      countError(131050);
      return graphError(
        res,
        400,
        131050,
        '(#131050) Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
        'User opted out of marketing messages.',
      );
    }
    if (settings.marketingLimited.some((n) => userKey(n) === key) && found.category === 'MARKETING') {
      countError(131049);
      return graphError(
        res,
        400,
        131049,
        '(#131049) This message was not delivered to maintain healthy ecosystem engagement.',
        'Per-user marketing message limit reached.',
      );
    }
    const pairKey = `${phoneNumberId}:${key}`;
    const last = lastToUser.get(pairKey);
    if (last !== undefined && now - last < settings.pairRateMs) {
      countError(131056);
      return graphError(
        res,
        400,
        131056,
        '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        'Too many messages sent from this phone number to the same phone number in a short period of time.',
      );
    }
    times.push(now);
    lastToUser.set(pairKey, now);
    accepted += 1;
    const message: AcceptedMessage = {
      id: wamid(`${phoneNumberId}:${now}:`),
      phoneNumberId,
      to: body.to,
      waId: waIdOf(body.to),
      template: found.name,
      language: found.language,
      components,
      opaque: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
      at: now,
    };
    messages.push(message);
    scheduleStatuses(account, message, accepted);
    sendJson(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: message.waId }],
      messages: [{ id: message.id, message_status: 'accepted' }],
    });
  }

  function configure(input: Partial<WhatsappSandboxSettings>): WhatsappSandboxSettings {
    if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error('Configuração deve ser um objeto.');
    const next = { ...settings };
    for (const [key, value] of Object.entries(input)) {
      switch (key) {
        case 'throughputPerSecond':
        case 'pairRateMs':
        case 'stepMs':
        case 'readEvery':
        case 'pageSize':
          if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`${key} inválido.`);
          next[key] = value;
          break;
        case 'duplicateRate':
          if (typeof value !== 'number' || value < 0 || value > 1) throw new Error('duplicateRate inválido.');
          next.duplicateRate = value;
          break;
        case 'shuffle':
          if (typeof value !== 'boolean') throw new Error('shuffle inválido.');
          next.shuffle = value;
          break;
        case 'webhookUrl':
          if (value !== null && (typeof value !== 'string' || !/^https?:\/\//.test(value))) throw new Error('webhookUrl inválido.');
          next.webhookUrl = value as string | null;
          break;
        case 'optedOut':
        case 'marketingLimited':
        case 'undeliverable':
          if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error(`${key} deve ser uma lista de números.`);
          next[key] = value as string[];
          break;
        default:
          throw new Error(`Configuração desconhecida: ${key}`);
      }
    }
    settings = next;
    return settings;
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === '/__whatsapp/settings') {
      if (method === 'DELETE') settings = { ...defaults };
      if (method === 'POST' || method === 'PUT') {
        try {
          configure((await readJsonBody(req)) as Partial<WhatsappSandboxSettings>);
        } catch (error) {
          return sendJson(res, 400, { erro: (error as Error).message });
        }
      }
      return sendJson(res, 200, settings);
    }
    if (path === '/__whatsapp/messages') {
      if (method === 'DELETE') {
        messages = [];
        lastToUser.clear();
        recent.clear();
        errorCounts.clear();
      }
      return sendJson(res, 200, { count: messages.length, messages });
    }
    if (path === '/__whatsapp/webhooks') {
      if (method === 'DELETE') deliveries = [];
      return sendJson(res, 200, { count: deliveries.length, deliveries });
    }
    if (path === '/__whatsapp/errors') return sendJson(res, 200, Object.fromEntries(errorCounts));
    if (path === '/__whatsapp/templates') {
      if (method === 'DELETE') {
        templateStates.clear();
        return sendJson(res, 200, { ok: true });
      }
      const input = (await readJsonBody(req)) as { project?: unknown; name?: unknown; language?: unknown; status?: unknown; reason?: unknown } | undefined;
      const account = accounts.find((a) => a.project === input?.project);
      if (!account || typeof input?.name !== 'string' || typeof input.status !== 'string')
        return sendJson(res, 400, { erro: 'Informe project, name e status.' });
      const language = typeof input.language === 'string' ? input.language : 'pt_BR';
      const template = templatesOf(account, storeNameOf(account.project)).find((t) => t.name === input.name && t.language === language);
      if (!template) return sendJson(res, 404, { erro: 'Template desconhecido.' });
      const status = input.status.toUpperCase();
      templateStates.set(`${account.project}|${template.name}|${language}`, status);
      const webhook = await postChange(account, 'message_template_status_update', {
        event: status,
        message_template_id: Number(template.id),
        message_template_name: template.name,
        message_template_language: language,
        reason: typeof input.reason === 'string' ? input.reason : 'NONE',
      });
      return sendJson(res, 200, { ok: true, status, webhook });
    }
    if (path === '/__whatsapp/inbound' && method === 'POST') {
      const input = (await readJsonBody(req)) as
        { project?: unknown; from?: unknown; text?: unknown; button?: { text?: unknown; payload?: unknown }; contextId?: unknown; name?: unknown } | undefined;
      const account = accounts.find((a) => a.project === input?.project);
      if (!account || typeof input?.from !== 'string') return sendJson(res, 400, { erro: 'Informe project e from.' });
      const id = wamid(`in:${Date.now()}:`);
      // Meta's throughput "is inclusive of inbound and outbound messages" (its Throughput page):
      // a customer's message takes one of the number's places in the second, as a send does.
      const arrived = Date.now();
      recent.set(account.phoneNumberId, [...(recent.get(account.phoneNumberId) ?? []).filter((t) => arrived - t < 1000), arrived]);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const context = typeof input.contextId === 'string' ? { context: { from: account.phoneNumberId, id: input.contextId } } : {};
      const message =
        input.button && typeof input.button.text === 'string'
          ? {
              from: input.from,
              id,
              timestamp,
              type: 'button',
              button: { text: input.button.text, payload: String(input.button.payload ?? input.button.text) },
              ...context,
            }
          : { from: input.from, id, timestamp, type: 'text', text: { body: String(input.text ?? '') }, ...context };
      const webhook = await postChange(account, 'messages', {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: account.phoneNumberId, phone_number_id: account.phoneNumberId },
        contacts: [{ profile: { name: typeof input.name === 'string' ? input.name : 'Cliente' }, wa_id: input.from }],
        messages: [message],
      });
      return sendJson(res, 200, { ok: true, id, webhook });
    }
    return sendJson(res, 404, { erro: `Controle desconhecido: ${method} ${path}` });
  }

  const listener: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const run = async () => {
      if (path.startsWith('/__whatsapp/')) return control(req, res, path);
      let m = /^\/v\d+\.\d+\/([^/]+)\/message_templates$/.exec(path);
      if (m && req.method === 'GET') return listTemplates(req, res, url, decodeURIComponent(m[1]!));
      m = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(path);
      if (m && req.method === 'POST') return sendMessage(req, res, decodeURIComponent(m[1]!));
      await readBody(req);
      graphError(res, 400, 100, `Unsupported ${req.method} request.`, 'Objeto ou operação inexistente.', 'GraphMethodException');
    };
    run().catch((error: unknown) => {
      if (!res.headersSent) graphError(res, 500, 1, 'An unknown error occurred', error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  };

  return Object.assign(listener, {
    accounts,
    configure,
    settings: () => ({ ...settings }),
    messages: () => messages.slice(),
    reset() {
      settings = { ...defaults };
      messages = [];
      deliveries = [];
      recent.clear();
      lastToUser.clear();
      errorCounts.clear();
      templateStates.clear();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      pending = [];
      waiting = [];
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
    },
  });
}
