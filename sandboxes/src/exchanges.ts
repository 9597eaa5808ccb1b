import { appendFileSync, mkdirSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join } from 'node:path';

/**
 * The exchanges a sandbox had — each request and the answer it got, bodies parsed — recorded for
 * the contract checks (sandboxes/src/contracts, scripts/contract-report.mjs): kept in memory for
 * in-process tests and, when SANDBOX_EXCHANGE_LOG names a folder, appended as one JSON line each to
 * `<folder>/<sandbox>.jsonl`, so a whole `npm test` run (unit tests in-process, the stacks' sandboxes
 * in a process of their own) can be checked at its end. Node built-ins only: the sandboxes' bundle
 * takes nothing external.
 */

export interface Exchange {
  sandbox: string;
  time: string;
  method: string;
  /** The path as the sandbox received it, without the query (Bling's starts with /Api/v3). */
  path: string;
  /** Each query parameter by its name as sent (`codigos[]`); a repeated one is a list. */
  query: Record<string, string | string[]>;
  /** Request headers, credentials masked (the scheme of Authorization kept). */
  requestHeaders: Record<string, string | string[]>;
  /** JSON parsed, a form as an object, text as text; absent when empty or binary. */
  requestBody?: unknown;
  /** Bytes of the request body. */
  requestBytes: number;
  /** The vendor answered before reading the whole body (its end never arrived): the body is not checked. */
  requestIncomplete?: true;
  /** null when no answer left (a hang, a dropped or reset connection). */
  status: number | null;
  responseHeaders: Record<string, string | string[]>;
  responseBody?: unknown;
  responseBytes: number;
  /** Left out of the contract check: a sandbox control route, or an answer a fault replaced. */
  skip?: 'control' | 'fault';
  /** The fault applied, in the header syntax. */
  fault?: string;
}

/** What the recorder fills in as the request goes on. */
export interface Recording {
  skip?: 'control' | 'fault';
  fault?: string;
}

const MAX_EXCHANGES = 2000;
/** Bodies beyond this (video uploads) are counted, not kept. */
const MAX_BODY_BYTES = 256 * 1024;

const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|accesskey|api-key|x-api-key|x-goog-api-key)$|token|secret|password/i;
const CREDENTIAL_FIELD = /^(client_secret|password|senha|secret|api_?key)$/i;

/** Set by a vendor sandbox on an answer its own fault controls made (not by withFaults): left out of the contract check as a fault. */
export const VENDOR_FAULT_HEADER = 'x-sandbox-fault';

function maskHeader(name: string, value: string): string {
  if (!CREDENTIAL_HEADER.test(name)) return value;
  // The scheme stays visible: a contract may require `Bearer` or `Basic`; the credential becomes a
  // word, as a contract may give it a pattern (Meta's: `^Bearer\s+[A-Za-z0-9\-_.]+`), which `***` fails.
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} masked` : '***';
}

function headerRecord(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const name = key.toLowerCase();
    out[name] = Array.isArray(value) ? value.map((v) => maskHeader(name, String(v))) : maskHeader(name, String(value));
  }
  return out;
}

function maskFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskFields);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, CREDENTIAL_FIELD.test(k) && typeof v === 'string' ? '***' : maskFields(v)]));
}

/** A repeated key becomes a list, as a server framework reads it. */
function formRecord(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/** The body as its content type says: JSON parsed (kept as text when it is not JSON), a form as an object. */
export function parseBody(bytes: Buffer, contentType: string | undefined): unknown {
  if (bytes.length === 0 || bytes.length > MAX_BODY_BYTES) return undefined;
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const text = bytes.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') return maskFields(formRecord(new URLSearchParams(text)));
  if (type === 'application/json' || type.endsWith('+json') || (!type && /^\s*[[{]/.test(text))) {
    try {
      return maskFields(JSON.parse(text));
    } catch {
      return text;
    }
  }
  if (!type || type.startsWith('text/') || type === 'application/xml' || type.endsWith('+xml')) return text;
  return undefined;
}

/** Copies of the chunks written, up to MAX_BODY_BYTES (the count goes on). */
class Tap {
  private chunks: Buffer[] = [];
  bytes = 0;
  add(chunk: unknown, encoding?: unknown): void {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    this.bytes += buffer.length;
    if (this.bytes <= MAX_BODY_BYTES) this.chunks.push(buffer);
  }
  buffer(): Buffer {
    return this.bytes <= MAX_BODY_BYTES ? Buffer.concat(this.chunks) : Buffer.alloc(MAX_BODY_BYTES + 1);
  }
}

export interface ExchangeRecorder {
  /** Starts recording this request; the exchange is kept once the answer is finished (or the connection closed). */
  record(req: IncomingMessage, res: ServerResponse, recording: Recording): Recording;
  exchanges(): Exchange[];
  clear(): void;
}

export function exchangeRecorder(sandbox: string, folder = process.env.SANDBOX_EXCHANGE_LOG || null): ExchangeRecorder {
  let kept: Exchange[] = [];
  let folderMade = false;
  const file = folder ? join(folder, `${sandbox}.jsonl`) : null;

  const keep = (exchange: Exchange) => {
    kept.push(exchange);
    if (kept.length > MAX_EXCHANGES) kept.splice(0, kept.length - MAX_EXCHANGES);
    if (!file || !folder) return;
    try {
      if (!folderMade) mkdirSync(folder, { recursive: true });
      folderMade = true;
      // One write per line: lines from the two lanes' sandboxes never interleave within a line.
      appendFileSync(file, `${JSON.stringify(exchange)}\n`);
    } catch (error) {
      process.stderr.write(`sandbox ${sandbox}: could not record an exchange in ${file}: ${(error as Error).message}\n`);
    }
  };

  return {
    exchanges: () => kept.slice(),
    clear() {
      kept = [];
    },
    record(req, res, recording) {
      const time = new Date().toISOString();
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const requestTap = new Tap();
      const responseTap = new Tap();
      // The HTTP parser pushes each body chunk into the request: a copy is taken there, whoever
      // reads the body and however (stream, async iterator, not at all).
      const push = req.push.bind(req);
      req.push = (chunk: unknown, encoding?: BufferEncoding) => {
        if (chunk !== null) requestTap.add(chunk, encoding);
        return push(chunk, encoding);
      };
      let head: Record<string, string | string[]> = {};
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
      (res as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
        const headers = args.find((a, i) => i > 0 && a && typeof a === 'object');
        if (Array.isArray(headers)) {
          // The raw form: [name, value, name, value, …].
          for (let i = 0; i + 1 < headers.length; i += 2) head[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
        } else if (headers) {
          head = { ...head, ...headerRecord(headers as OutgoingHttpHeaders) };
        }
        return writeHead(...args);
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      (res as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => {
        responseTap.add(chunk, rest[0]);
        return write(chunk, ...rest);
      };
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      (res as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
        responseTap.add(chunk, rest[0]);
        return end(chunk, ...rest);
      };

      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        const answered = res.writableFinished;
        const responseHeaders = { ...headerRecord(res.getHeaders()), ...head };
        const requestBytes = requestTap.buffer();
        const responseBytes = responseTap.buffer();
        const exchange: Exchange = {
          sandbox,
          time,
          method: (req.method ?? 'GET').toUpperCase(),
          path: url.pathname,
          query: formRecord(url.searchParams),
          requestHeaders: headerRecord(req.headers),
          requestBytes: requestTap.bytes,
          status: answered ? res.statusCode : null,
          responseHeaders: answered ? responseHeaders : {},
          responseBytes: responseTap.bytes,
        };
        // Node drops a body nobody read once the answer is sent: what arrived is less than was sent.
        const declared = Number(req.headers['content-length'] ?? NaN);
        if (!req.complete || (Number.isFinite(declared) && requestTap.bytes < declared)) exchange.requestIncomplete = true;
        const requestBody = exchange.requestIncomplete ? undefined : parseBody(requestBytes, req.headers['content-type']);
        if (requestBody !== undefined) exchange.requestBody = requestBody;
        const contentType = responseHeaders['content-type'];
        const responseBody = answered ? parseBody(responseBytes, Array.isArray(contentType) ? contentType[0] : contentType) : undefined;
        if (responseBody !== undefined) exchange.responseBody = responseBody;
        if (recording.skip) exchange.skip = recording.skip;
        if (recording.fault) exchange.fault = recording.fault;
        // A vendor sandbox's own faults (SendGrid's /__sendgrid/faults) declare themselves on the answer.
        const vendorFault = responseHeaders[VENDOR_FAULT_HEADER];
        if (vendorFault !== undefined) {
          exchange.skip ??= 'fault';
          exchange.fault ??= String(vendorFault);
        }
        keep(exchange);
      };
      let settling = false;
      const settle = () => {
        if (settling) return;
        settling = true;
        // The answer may leave before the body was read (an early refusal): the rest is drained so
        // what the client sent is recorded whole, or marked incomplete when it never arrives.
        if (req.complete || req.destroyed) return finish();
        const timer = setTimeout(finish, 1000);
        timer.unref();
        req.once('end', () => {
          clearTimeout(timer);
          finish();
        });
        req.once('close', () => setImmediate(finish));
        req.resume();
      };
      res.once('finish', settle);
      res.once('close', settle);
      return recording;
    },
  };
}
