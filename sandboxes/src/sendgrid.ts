import { createHash, createPrivateKey, randomBytes, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBody, safeEqual, sendJson, sendText } from './respond.js';
import { VENDOR_FAULT_HEADER } from './exchanges.js';

/**
 * SendGrid v3, the subset the console uses (functions/src/campaigns/sendgrid):
 *
 * - `POST /v3/mail/send` (Authorization: Bearer <API key>) with SendGrid's real limits: at most
 *   1,000 personalizations and 1,000 recipients per request; an address repeated anywhere in the
 *   request (to, cc, bcc of any personalization) refuses the whole request (400, SendGrid's error
 *   shape); per-personalization `substitutions`, `headers` and `custom_args` are applied. Answers
 *   202 with X-Message-Id. Every accepted recipient is written to the journal (the witness of the
 *   exactly-once tests: `GET /__sendgrid/journal`, an HTML inbox at `/__sendgrid/inbox`).
 * - Rate limit: `ratePerSecond` Mail Send requests per wall-clock second (the "rate floor" of the
 *   bench); over it, 429 with X-RateLimit-Limit/Remaining/Reset (epoch seconds), as SendGrid does —
 *   no Retry-After.
 * - `GET /v3/messages?query=…&limit=` — the Email Activity API, enough to ask which recipients a
 *   request carrying `custom_args.k = v` reached: query `unique_args['k']="v"` (and optionally
 *   `AND to_email="x"`). Answers {messages: [{msg_id, to_email, subject, status, …}]}.
 * - Faults (`POST /__sendgrid/faults {kind, times, resetSeconds?}`, `DELETE` clears; kinds:
 *   '429' (with X-RateLimit-Reset), '500', '503', 'hang' (never answers), 'accept-then-drop' (the
 *   mail is journalled, then the connection is cut, so the client sees an error)). The generic
 *   /__sandbox/ faults of faults.ts apply too.
 * - Event Webhook: for each accepted recipient, events processed → delivered | bounce | dropped
 *   (→ open → click for some, spamreport for local parts containing "spam"), decided by the
 *   address, POSTed in arrays to `webhookUrl` signed like SendGrid (ECDSA P-256/SHA-256 over
 *   timestamp + raw body, headers X-Twilio-Email-Event-Webhook-Signature/-Timestamp), shuffled
 *   (out of order) and with `duplicateRate` of them posted twice; a post not answered 2xx is posted
 *   again after each of `webhookRetryDelaysMs` (SendGrid retries for 24 h). Deliveries: `GET /__sendgrid/webhooks`.
 * - `GET|POST /__sendgrid/settings` {ratePerSecond, webhookUrl, eventsEnabled, duplicateRate, eventDelayMs, webhookRetryDelaysMs};
 *   `DELETE /__sendgrid/journal` empties the journal (and the activity); `GET /__sendgrid/events?arg&value`
 *   lists the events made (filtered by a custom arg).
 */

export const SENDGRID_SANDBOX_API_KEY = 'SG.sandbox-console.local-demo-key';

const here = dirname(fileURLToPath(import.meta.url));
// sandboxes/src or sandboxes/dist, or a bundle run from the repository root (benchmarks).
const KEY_FILE = [join(here, '../fixtures/sendgrid/webhook-key.json'), join(process.cwd(), 'sandboxes/fixtures/sendgrid/webhook-key.json')].find((p) => {
  try {
    readFileSync(p);
    return true;
  } catch {
    return false;
  }
})!;
const WEBHOOK_KEY = JSON.parse(readFileSync(KEY_FILE, 'utf8')) as { privateKeyPem: string; publicKeyBase64: string };
/** The verification key the console is configured with (SENDGRID_WEBHOOK_PUBLIC_KEY), base64 DER. */
export const SENDGRID_WEBHOOK_PUBLIC_KEY = WEBHOOK_KEY.publicKeyBase64;
const privateKey = createPrivateKey(WEBHOOK_KEY.privateKeyPem);

const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/** Signs an Event Webhook body the way SendGrid does: base64 DER ECDSA over timestamp + body. */
export function signWebhookBody(body: string, timestamp: string): string {
  return sign('sha256', Buffer.from(timestamp + body), { key: privateKey, dsaEncoding: 'der' }).toString('base64');
}

export interface JournalEntry {
  msgId: string;
  /** X-Message-Id of the request that carried it. */
  requestId: string;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  html: string;
  headers: Record<string, string>;
  customArgs: Record<string, string>;
  receivedAt: string;
}

export interface WebhookEvent {
  email: string;
  timestamp: number;
  event: string;
  sg_event_id: string;
  sg_message_id: string;
  [customArg: string]: unknown;
}

export interface WebhookDelivery {
  time: string;
  url: string;
  events: number;
  status: number | null;
  error?: string;
  /** 1 for the first post of these events, 2… for SendGrid's retries of a post that failed. */
  attempt: number;
}

/**
 * '503-bare': a 503 without SendGrid's error body (what a proxy or load balancer answers);
 * 'reset-before': the connection reset as soon as the request's head arrives, before its body is
 * read (nothing journalled); 'reset-after': the body read, then the connection reset without
 * SendGrid taking the mail (nothing journalled); 'accept-then-drop': the mail journalled, then the
 * connection cut; 'hang': the body read and never answered (nothing journalled).
 */
export type SendgridFaultKind = '429' | '500' | '503' | '503-bare' | 'reset-before' | 'reset-after' | 'hang' | 'accept-then-drop';

/** One Mail Send request as the sandbox saw it (the witness of pacing: when each call arrived). */
export interface MailSendCall {
  /** Arrival time (ms since the epoch). */
  at: number;
  /** Answer status; null for a cut connection or no answer. */
  status: number | null;
  fault: SendgridFaultKind | null;
  recipients: number;
}

export interface SendgridSandboxSettings {
  ratePerSecond: number;
  webhookUrl: string | null;
  eventsEnabled: boolean;
  /** Share of events posted a second time (0..1). */
  duplicateRate: number;
  /** Delay before the events of an accepted request are posted. */
  eventDelayMs: number;
  /**
   * SendGrid retries a post that was not answered 2xx (or not at all) for up to 24 h; the sandbox
   * plays the same retries on a compressed clock: one retry after each of these delays.
   */
  webhookRetryDelaysMs: number[];
  /** Email Activity API: how long an accepted message takes to be searchable (SendGrid indexes with a delay). */
  activityDelayMs: number;
  /** Email Activity API requests per minute (over it: 429 with X-RateLimit-Reset). */
  activityPerMinute: number;
  /** Share (0..1) of Mail Send requests answered 503 without a body at random (the bench's noise). */
  failureRate: number;
}

export interface SendgridSandbox extends RequestListener {
  journal(): JournalEntry[];
  clearJournal(): void;
  settings(): SendgridSandboxSettings;
  configure(settings: Partial<SendgridSandboxSettings>): void;
  setFault(kind: SendgridFaultKind | null, times?: number, resetSeconds?: number): void;
  /** Every Mail Send request received, in arrival order. */
  calls(): MailSendCall[];
  webhookDeliveries(): WebhookDelivery[];
  /** Events posted (or to be posted) so far, in the order they were made. */
  events(): WebhookEvent[];
  /** Resolves once every scheduled webhook delivery has been attempted. */
  flushWebhooks(): Promise<void>;
}

interface Address {
  email: string;
  name?: string;
}

class MailSendError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function addresses(value: unknown, field: string): Address[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new MailSendError(400, 'Invalid type. Expected: array, given: ' + typeof value + '.', field);
  return value.map((a, i) => {
    const email = str(record(a).email);
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new MailSendError(400, 'Does not contain a valid address.', `${field}.${i}.email`);
    return { email, name: str(record(a).name) ?? undefined };
  });
}

function stringRecord(value: unknown, field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record(value))) {
    if (typeof v !== 'string') throw new MailSendError(400, `${field} values must be strings.`, `${field}.${k}`);
    out[k] = v;
  }
  return out;
}

/**
 * SendGrid's error body as its contract documents it (global_error_response_schema, example
 * `{"errors":[{"field":"field_name","message":"error message"}]}`): `field` a string when one field
 * is at fault, else left out; `help` is an object there, so no `help: null`.
 */
function sendgridErrors(message: string, field?: string | null): { errors: { message: string; field?: string }[] } {
  return { errors: [{ message, ...(field ? { field } : {}) }] };
}

/** A deterministic number 0..99 from text, so each address always gets the same fate. */
function dice(text: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${text}`).digest().readUInt32BE(0) % 100;
}

export function createSendgridSandbox({
  apiKeys = [SENDGRID_SANDBOX_API_KEY],
  webhookUrl = null,
}: { apiKeys?: string[]; webhookUrl?: string | null } = {}): SendgridSandbox {
  let journal: JournalEntry[] = [];
  let events: WebhookEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  const settings: SendgridSandboxSettings = {
    ratePerSecond: 50,
    webhookUrl,
    eventsEnabled: true,
    duplicateRate: 0.2,
    eventDelayMs: 200,
    webhookRetryDelaysMs: [1000, 2000, 5000, 10_000, 20_000, 30_000],
    activityDelayMs: 0,
    activityPerMinute: 600,
    failureRate: 0,
  };
  let calls: MailSendCall[] = [];
  let activityWindow = { minute: 0, count: 0 };
  let fault: { kind: SendgridFaultKind; remaining: number; resetSeconds: number } | null = null;
  let window = { second: 0, count: 0 };

  function takeFault(): { kind: SendgridFaultKind; resetSeconds: number } | null {
    if (!fault || fault.remaining <= 0) return null;
    fault.remaining -= 1;
    const taken = { kind: fault.kind, resetSeconds: fault.resetSeconds };
    if (fault.remaining <= 0) fault = null;
    return taken;
  }

  function rateLimited(res: ServerResponse, resetAt: number): void {
    sendJson(
      res,
      429,
      { errors: [{ field: null, message: 'too many requests' }] },
      {
        'x-ratelimit-limit': String(settings.ratePerSecond),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(resetAt),
      },
    );
  }

  /** Parses and checks a Mail Send body; answers the messages it would deliver. */
  function messagesOf(body: unknown, requestId: string): JournalEntry[] {
    const mail = record(body);
    const personalizations = mail.personalizations;
    if (!Array.isArray(personalizations) || personalizations.length === 0)
      throw new MailSendError(400, 'The personalizations field is required and must have at least one personalization.', 'personalizations');
    if (personalizations.length > 1000) throw new MailSendError(400, 'The personalizations field may not have more than 1000 items.', 'personalizations');
    const from = addresses([mail.from], 'from')[0]!;
    const replyTo = mail.reply_to ? addresses([mail.reply_to], 'reply_to')[0]!.email : null;
    const content = Array.isArray(mail.content) ? mail.content.map(record) : [];
    const html = str(content.find((c) => c.type === 'text/html')?.value) ?? str(content[0]?.value);
    if (!html) throw new MailSendError(400, 'Unless a valid template_id is provided, the content parameter is required.', 'content');
    // The contract requires a subject (minLength 1); SendGrid takes one in every personalization instead.
    const everyPersonalizationHasSubject = personalizations.every((p) => typeof record(p).subject === 'string' && (record(p).subject as string).length > 0);
    if (!(typeof mail.subject === 'string' && mail.subject.length > 0) && !everyPersonalizationHasSubject)
      throw new MailSendError(
        400,
        'The subject is required. You can get around this requirement if you use a template with a subject defined or if every personalization has a subject defined.',
        'subject',
      );
    const baseHeaders = stringRecord(mail.headers, 'headers');
    const baseArgs = stringRecord(mail.custom_args, 'custom_args');
    const seen = new Map<string, string>();
    let recipients = 0;
    const out: JournalEntry[] = [];
    personalizations.forEach((raw, p) => {
      const personalization = record(raw);
      const lists = {
        to: addresses(personalization.to, `personalizations.${p}.to`),
        cc: addresses(personalization.cc, `personalizations.${p}.cc`),
        bcc: addresses(personalization.bcc, `personalizations.${p}.bcc`),
      };
      if (lists.to.length === 0)
        throw new MailSendError(
          400,
          'The to array is required for all personalization objects, and must have at least one email object with a valid email address.',
          `personalizations.${p}.to`,
        );
      for (const [kind, list] of Object.entries(lists))
        for (const a of list) {
          const key = a.email.toLowerCase();
          if (seen.has(key))
            throw new MailSendError(
              400,
              `Each email address in the personalization block should be unique between to, cc, and bcc. We found the first duplicate instance of [${a.email}] in the personalizations.${p}.${kind} field.`,
              `personalizations.${p}.${kind}`,
            );
          seen.set(key, kind);
          recipients += 1;
        }
      if (recipients > 1000) throw new MailSendError(400, 'The total number of recipients must be no more than 1000.', 'personalizations');
      const subject = str(personalization.subject) ?? str(mail.subject);
      if (!subject)
        throw new MailSendError(
          400,
          'The subject is required. You can get around this requirement if you use a template with a subject defined or if every personalization has a subject defined.',
          'subject',
        );
      const substitutions = stringRecord(personalization.substitutions, `personalizations.${p}.substitutions`);
      const substitute = (text: string) => Object.entries(substitutions).reduce((t, [k, v]) => t.split(k).join(v), text);
      const headers = { ...baseHeaders, ...stringRecord(personalization.headers, `personalizations.${p}.headers`) };
      const customArgs = { ...baseArgs, ...stringRecord(personalization.custom_args, `personalizations.${p}.custom_args`) };
      if (Buffer.byteLength(JSON.stringify(customArgs)) > 10_000)
        throw new MailSendError(400, 'custom_args may not exceed 10,000 bytes.', `personalizations.${p}.custom_args`);
      for (const a of [...lists.to, ...lists.cc, ...lists.bcc]) {
        out.push({
          msgId: `${requestId}.${out.length}`,
          requestId,
          to: a.email.toLowerCase(),
          from: from.email,
          replyTo,
          subject: substitute(subject),
          html: substitute(html),
          headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, substitute(v)])),
          customArgs,
          receivedAt: new Date().toISOString(),
        });
      }
    });
    return out;
  }

  function eventsFor(message: JournalEntry): WebhookEvent[] {
    const base = (event: string, offset: number, extra: Record<string, unknown> = {}): WebhookEvent => ({
      email: message.to,
      timestamp: Math.floor(Date.parse(message.receivedAt) / 1000) + offset,
      event,
      // As SendGrid's Event Webhook reference shows them: 16 bytes in padded URL-safe base64 (`rbtnWrG1DVDGGGFHFyun0A==`).
      sg_event_id: `${randomBytes(16).toString('base64url')}==`,
      sg_message_id: `${message.msgId}.filter0001`,
      ...message.customArgs,
      ...extra,
    });
    const local = message.to.split('@')[0]!;
    const list: WebhookEvent[] = [];
    if (local.includes('dropped')) return [base('dropped', 0, { reason: 'Bounced Address' })];
    list.push(base('processed', 0));
    if (local.includes('bounce')) {
      list.push(base('bounce', 2, { type: 'bounce', reason: '550 5.1.1 The email account that you tried to reach does not exist.', status: '5.1.1' }));
      return list;
    }
    list.push(base('delivered', 3, { response: '250 OK' }));
    if (dice(message.to, 'open') < 60) {
      list.push(base('open', 60, { useragent: 'Mozilla/5.0', ip: '177.10.0.1' }));
      if (dice(message.to, 'open2') < 30) list.push(base('open', 120, { useragent: 'Mozilla/5.0', ip: '177.10.0.1' }));
      if (dice(message.to, 'click') < 40) list.push(base('click', 90, { url: 'https://www.lojaprincipal.demo.test/' }));
    }
    if (local.includes('spam')) list.push(base('spamreport', 150));
    return list;
  }

  /** One post of a list of events; true when the endpoint answered 2xx. */
  function postOnce(url: string, list: WebhookEvent[], attempt: number): Promise<boolean> {
    const body = JSON.stringify(list);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const delivery: WebhookDelivery = { time: new Date().toISOString(), url, events: list.length, status: null, attempt };
    deliveries.push(delivery);
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhookBody(body, timestamp), [TIMESTAMP_HEADER]: timestamp },
      body,
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (res) => {
        delivery.status = res.status;
        await res.arrayBuffer();
        return res.ok;
      })
      .catch((error: Error) => {
        delivery.error = error.message;
        return false;
      });
  }

  /** Posts the events, retrying (newly signed) like SendGrid while the endpoint does not answer 2xx. */
  async function post(url: string, list: WebhookEvent[]): Promise<void> {
    const delays = settings.webhookRetryDelaysMs;
    for (let attempt = 1; ; attempt += 1) {
      if (await postOnce(url, list, attempt)) return;
      const delay = delays[attempt - 1];
      if (delay === undefined) return;
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  function scheduleEvents(messages: JournalEntry[]): void {
    if (!settings.eventsEnabled || !settings.webhookUrl) return;
    const url = settings.webhookUrl;
    const made = messages.flatMap(eventsFor);
    events.push(...made);
    // Out of order: shuffled; duplicates: some events again in a later post.
    const shuffled = [...made].sort((a, b) => dice(a.sg_event_id, 'order') - dice(b.sg_event_id, 'order'));
    const again = made.filter((e) => dice(e.sg_event_id, 'dup') < settings.duplicateRate * 100);
    const run = (async () => {
      await new Promise((r) => setTimeout(r, settings.eventDelayMs));
      for (let i = 0; i < shuffled.length; i += 500) await post(url, shuffled.slice(i, i + 500));
      if (again.length) await post(url, again.reverse());
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  async function mailSend(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const call: MailSendCall = { at: Date.now(), status: null, fault: null, recipients: 0 };
    calls.push(call);
    if (calls.length > 50_000) calls.splice(0, calls.length - 50_000);
    res.on('finish', () => {
      call.status = res.statusCode;
    });
    // Checked before the body is read: a reset while the client is still writing.
    if (fault?.kind === 'reset-before') {
      call.fault = takeFault()?.kind ?? null;
      req.socket.resetAndDestroy();
      return;
    }
    const auth = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const text = await readBody(req);
    if (!apiKeys.some((k) => safeEqual(k, auth))) {
      return sendJson(res, 401, sendgridErrors('The provided authorization grant is invalid, expired, or revoked'));
    }
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (window.second !== second) window = { second, count: 0 };
    if (window.count >= settings.ratePerSecond) return rateLimited(res, second + 1);
    window.count += 1;
    const taken = takeFault() ?? (settings.failureRate > 0 && Math.random() < settings.failureRate ? { kind: '503-bare' as const, resetSeconds: 1 } : null);
    call.fault = taken?.kind ?? null;
    // Our fault, not SendGrid's answer: the exchange recording leaves it out of the contract check.
    if (taken) res.setHeader(VENDOR_FAULT_HEADER, taken.kind);
    if (taken?.kind === '429') return rateLimited(res, second + Math.max(1, taken.resetSeconds));
    if (taken?.kind === '500' || taken?.kind === '503') return sendJson(res, Number(taken.kind), sendgridErrors('Internal Server Error'));
    if (taken?.kind === '503-bare') {
      res.writeHead(503, { 'content-type': 'text/html', 'content-length': '0' });
      return void res.end();
    }
    if (taken?.kind === 'reset-after') return void req.socket.resetAndDestroy();
    if (taken?.kind === 'hang') return; // never answers
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, sendgridErrors('Bad Request'));
    }
    const requestId = randomUUID().replace(/-/g, '').slice(0, 22);
    let messages: JournalEntry[];
    try {
      messages = messagesOf(body, requestId);
    } catch (error) {
      if (error instanceof MailSendError) return sendJson(res, error.status, sendgridErrors(error.message, error.field));
      throw error;
    }
    journal.push(...messages);
    call.recipients = messages.length;
    scheduleEvents(messages);
    if (taken?.kind === 'accept-then-drop') {
      res.socket?.destroy();
      return;
    }
    res.writeHead(202, { 'x-message-id': requestId, 'content-length': '0' });
    res.end();
  }

  function activity(url: URL, res: ServerResponse): void {
    const query = url.searchParams.get('query') ?? '';
    // The contract: 1 ≤ limit ≤ 1000 (default 10); out of range is refused, not clamped.
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (!Number.isFinite(limit) || limit < 1 || limit > 1000)
      return sendJson(res, 400, sendgridErrors('The number of messages returned must be greater than 0 and less than or equal to 1000.', 'limit'));
    const arg = /unique_args\['([^']+)'\]\s*=\s*"([^"]*)"/.exec(query);
    const to = /to_email\s*=\s*"([^"]*)"/.exec(query);
    if (!arg && !to) return sendJson(res, 400, { errors: [{ field: 'query', message: 'invalid query' }] });
    const minute = Math.floor(Date.now() / 60_000);
    if (activityWindow.minute !== minute) activityWindow = { minute, count: 0 };
    if (activityWindow.count >= settings.activityPerMinute) return rateLimited(res, (minute + 1) * 60);
    activityWindow.count += 1;
    // Indexed with a delay: a message accepted just now is not found yet.
    const indexedBefore = new Date(Date.now() - settings.activityDelayMs).toISOString();
    const found = journal
      .filter((m) => m.receivedAt <= indexedBefore && (!arg || m.customArgs[arg[1]!] === arg[2]) && (!to || m.to === to[1]!.toLowerCase()))
      .slice(0, limit);
    sendJson(res, 200, {
      messages: found.map((m) => ({
        from_email: m.from,
        msg_id: m.msgId,
        subject: m.subject,
        to_email: m.to,
        status: 'processed',
        opens_count: 0,
        clicks_count: 0,
        last_event_time: m.receivedAt,
      })),
    });
  }

  function inbox(url: URL, res: ServerResponse): void {
    const to = url.searchParams.get('to');
    const list = journal
      .filter((m) => !to || m.to === to.toLowerCase())
      .slice(-200)
      .reverse();
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = list
      .map(
        (m) =>
          `<article data-testid="message"><h2>${esc(m.subject)}</h2><p>Para: <b data-testid="to">${esc(m.to)}</b> · De: ${esc(m.from)} · ${esc(m.receivedAt)}</p><details><summary>Cabeçalhos</summary><pre>${esc(JSON.stringify(m.headers, null, 2))}</pre></details><iframe sandbox="" srcdoc="${esc(m.html)}" style="width:100%;height:240px;border:1px solid #ccc"></iframe></article>`,
      )
      .join('\n');
    sendText(
      res,
      200,
      `<!doctype html><meta charset="utf-8"><title>SendGrid sandbox — caixa de saída</title><h1>SendGrid sandbox — ${journal.length} mensagens</h1>${rows}`,
      'text/html; charset=utf-8',
      {
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
      },
    );
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path === '/__sendgrid/journal') {
      if (method === 'DELETE') {
        journal = [];
        events = [];
        return sendJson(res, 200, { count: 0 });
      }
      const key = url.searchParams.get('arg');
      const value = url.searchParams.get('value');
      const list = journal.filter((m) => !key || m.customArgs[key] === value);
      return sendJson(res, 200, { count: list.length, messages: list });
    }
    if (path === '/__sendgrid/inbox') return inbox(url, res);
    if (path === '/__sendgrid/calls') return sendJson(res, 200, { count: calls.length, calls });
    if (path === '/__sendgrid/webhooks') {
      const pendingDeliveries = deliveries.filter((d) => d.status === null && !d.error).length + pending.size;
      return sendJson(res, 200, { deliveries, events: events.length, pending: pendingDeliveries });
    }
    if (path === '/__sendgrid/events') {
      const key = url.searchParams.get('arg');
      const value = url.searchParams.get('value');
      const list = events.filter((e) => !key || e[key] === value);
      return sendJson(res, 200, { count: list.length, events: list });
    }
    if (path === '/__sendgrid/settings') {
      if (method === 'POST') sandbox.configure(JSON.parse((await readBody(req)) || '{}'));
      return sendJson(res, 200, settings);
    }
    if (path === '/__sendgrid/faults') {
      if (method === 'DELETE') sandbox.setFault(null);
      if (method === 'POST') {
        const b = JSON.parse((await readBody(req)) || '{}') as { kind?: SendgridFaultKind; times?: number; resetSeconds?: number };
        sandbox.setFault(b.kind ?? null, b.times ?? 1, b.resetSeconds ?? 1);
      }
      return sendJson(res, 200, { fault });
    }
    return sendJson(res, 404, { errors: [{ message: `unknown control ${method} ${path}` }] });
  }

  const listener = ((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const fail = (error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { errors: [{ message: (error as Error).message }] });
    };
    if (url.pathname.startsWith('/__sendgrid/')) return void control(req, res, url).catch(fail);
    if (url.pathname === '/v3/mail/send' && req.method === 'POST') return void mailSend(req, res).catch(fail);
    if (url.pathname === '/v3/messages' && req.method === 'GET') {
      const auth = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!apiKeys.some((k) => safeEqual(k, auth))) return sendJson(res, 401, sendgridErrors('authorization required'));
      return activity(url, res);
    }
    sendJson(res, 404, sendgridErrors('Not found'));
  }) as SendgridSandbox;

  const sandbox = Object.assign(listener, {
    journal: () => journal.slice(),
    clearJournal() {
      journal = [];
      events = [];
      calls = [];
    },
    settings: () => ({ ...settings }),
    configure(next: Partial<SendgridSandboxSettings>) {
      if (next.ratePerSecond !== undefined) settings.ratePerSecond = Math.max(1, Number(next.ratePerSecond));
      if (next.webhookUrl !== undefined) settings.webhookUrl = next.webhookUrl;
      if (next.eventsEnabled !== undefined) settings.eventsEnabled = Boolean(next.eventsEnabled);
      if (next.duplicateRate !== undefined) settings.duplicateRate = Math.min(1, Math.max(0, Number(next.duplicateRate)));
      if (next.eventDelayMs !== undefined) settings.eventDelayMs = Math.max(0, Number(next.eventDelayMs));
      if (Array.isArray(next.webhookRetryDelaysMs)) settings.webhookRetryDelaysMs = next.webhookRetryDelaysMs.map((d) => Math.max(0, Number(d) || 0));
      if (next.activityDelayMs !== undefined) settings.activityDelayMs = Math.max(0, Number(next.activityDelayMs));
      if (next.activityPerMinute !== undefined) settings.activityPerMinute = Math.max(1, Number(next.activityPerMinute));
      if (next.failureRate !== undefined) settings.failureRate = Math.min(1, Math.max(0, Number(next.failureRate)));
    },
    calls: () => calls.slice(),
    setFault(kind: SendgridFaultKind | null, times = 1, resetSeconds = 1) {
      fault = kind ? { kind, remaining: times, resetSeconds } : null;
    },
    webhookDeliveries: () => deliveries.slice(),
    events: () => events.slice(),
    async flushWebhooks() {
      while (pending.size) await Promise.all([...pending]);
    },
  });
  return sandbox;
}
