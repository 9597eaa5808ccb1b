import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readBody, sendJson } from './respond.js';
import { exchangeRecorder, type Exchange } from './exchanges.js';

export type { Exchange } from './exchanges.js';

/**
 * Fault injection for the sandboxes: any vendor's RequestListener wrapped so that a request can be
 * slowed, failed, rate-limited, answered with broken JSON or left hanging — per request (header
 * `x-sandbox-fault: latency=200;status=503;times=1` or query `?__fault=…`) or by configuration
 * (`POST /__sandbox/faults`). `GET /__sandbox/requests` lists the calls so tests can count them.
 */

export interface FaultSpec {
  /** Only requests whose path starts with this; `*` matches any run of characters. */
  path?: string;
  /** Only this HTTP method. */
  method?: string;
  /** Waits this long before answering (or before the other faults). */
  latencyMs?: number;
  /** Probability (0..1) that the fault applies to a matching request; without other effects it answers 500. */
  errorRate?: number;
  /** Seed of the error-rate dice: the same seed gives the same sequence of failures. */
  seed?: number;
  /** Answers this HTTP status (e.g. 500, 503) instead of the vendor's answer. */
  status?: number;
  /** Answers 429 with this Retry-After. */
  tooManyRequests?: { retryAfterSeconds: number };
  /** The vendor's answer cut in half: invalid JSON (or a broken page). */
  malformed?: boolean;
  /** Never answers. */
  hang?: boolean;
  /** The connection reset as soon as the request's head arrives, before its body is read (the vendor never sees it). */
  resetBefore?: boolean;
  /** The body read, then the connection reset without the vendor seeing the request. */
  resetAfter?: boolean;
  /** The vendor handles the request (and keeps what it accepted), then the connection is cut before the answer. */
  drop?: boolean;
  /** With `status`: the answer has no body (what a proxy or load balancer answers), instead of an error body. */
  bare?: boolean;
  /** Applies to the next N matching requests only. */
  times?: number;
}

export class FaultSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultSpecError';
  }
}

export const FAULT_HEADER = 'x-sandbox-fault';
export const FAULT_QUERY = '__fault';
export const CONTROL_PREFIX = '/__sandbox/';

function number(key: string, value: string | undefined, { min = 0, max = Number.MAX_SAFE_INTEGER, integer = true } = {}): number {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min || n > max) {
    throw new FaultSpecError(`Valor inválido para ${key}: ${value ?? '(vazio)'}`);
  }
  return n;
}

function flag(key: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new FaultSpecError(`Valor inválido para ${key}: ${value}`);
}

/**
 * Parses the header/query syntax: `key=value` pairs separated by `;`. Keys: latency, status,
 * error-rate, seed, 429 / retry-after (seconds of Retry-After), malformed, hang, times, path, method.
 */
export function parseFaultHeader(text: string): FaultSpec {
  const spec: FaultSpec = {};
  for (const part of text.split(';')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const eq = trimmed.indexOf('=');
    const key = (eq === -1 ? trimmed : trimmed.slice(0, eq)).trim().toLowerCase();
    const value = eq === -1 ? undefined : trimmed.slice(eq + 1).trim();
    switch (key) {
      case 'latency':
      case 'latencyms':
        spec.latencyMs = number(key, value, { max: 600_000 });
        break;
      case 'status':
        spec.status = number(key, value, { min: 100, max: 599 });
        break;
      case 'error-rate':
      case 'errorrate':
        spec.errorRate = number(key, value, { max: 1, integer: false });
        break;
      case 'seed':
        spec.seed = number(key, value);
        break;
      case '429':
      case 'retry-after':
      case 'retryafter':
      case 'too-many-requests':
      case 'toomanyrequests':
        spec.tooManyRequests = { retryAfterSeconds: value === undefined ? 1 : number(key, value, { max: 86_400, integer: false }) };
        break;
      case 'malformed':
        spec.malformed = flag(key, value);
        break;
      case 'hang':
        spec.hang = flag(key, value);
        break;
      case 'reset-before':
        spec.resetBefore = flag(key, value);
        break;
      case 'reset-after':
        spec.resetAfter = flag(key, value);
        break;
      case 'drop':
      case 'accept-then-drop':
        spec.drop = flag(key, value);
        break;
      case 'bare':
        spec.bare = flag(key, value);
        break;
      case 'times':
        spec.times = number(key, value, { min: 1 });
        break;
      case 'path':
        if (!value) throw new FaultSpecError('Valor inválido para path: (vazio)');
        spec.path = value;
        break;
      case 'method':
        if (!value) throw new FaultSpecError('Valor inválido para method: (vazio)');
        spec.method = value.toUpperCase();
        break;
      default:
        throw new FaultSpecError(`Falha desconhecida: ${key}`);
    }
  }
  return spec;
}

const SPEC_KEYS = new Set([
  'path',
  'method',
  'latencyMs',
  'errorRate',
  'seed',
  'status',
  'tooManyRequests',
  'malformed',
  'hang',
  'times',
  'resetBefore',
  'resetAfter',
  'drop',
  'bare',
]);

/** Checks one configured fault (JSON object, or a string in the header syntax). */
export function validateFault(input: unknown): FaultSpec {
  if (typeof input === 'string') return parseFaultHeader(input);
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new FaultSpecError('Cada falha deve ser um objeto.');
  const raw = input as Record<string, unknown>;
  const unknown = Object.keys(raw).find((key) => !SPEC_KEYS.has(key));
  if (unknown) throw new FaultSpecError(`Falha desconhecida: ${unknown}`);
  // Reuse the text parser so both syntaxes share one set of rules.
  const parts: string[] = [];
  const text = (key: string, value: unknown) => parts.push(`${key}=${String(value)}`);
  if (raw.path !== undefined) text('path', raw.path);
  if (raw.method !== undefined) text('method', raw.method);
  if (raw.latencyMs !== undefined) text('latency', raw.latencyMs);
  if (raw.errorRate !== undefined) text('error-rate', raw.errorRate);
  if (raw.seed !== undefined) text('seed', raw.seed);
  if (raw.status !== undefined) text('status', raw.status);
  if (raw.tooManyRequests !== undefined) {
    const tmr = raw.tooManyRequests as { retryAfterSeconds?: unknown } | null;
    if (!tmr || typeof tmr !== 'object') throw new FaultSpecError('tooManyRequests deve ser {retryAfterSeconds}.');
    text('retry-after', tmr.retryAfterSeconds ?? 1);
  }
  if (raw.malformed !== undefined) text('malformed', raw.malformed);
  if (raw.hang !== undefined) text('hang', raw.hang);
  if (raw.resetBefore !== undefined) text('reset-before', raw.resetBefore);
  if (raw.resetAfter !== undefined) text('reset-after', raw.resetAfter);
  if (raw.drop !== undefined) text('drop', raw.drop);
  if (raw.bare !== undefined) text('bare', raw.bare);
  if (raw.times !== undefined) text('times', raw.times);
  if (parts.some((p) => p.includes(';'))) throw new FaultSpecError('Valores não podem conter ";".');
  return parseFaultHeader(parts.join(';'));
}

/** The body of POST /__sandbox/faults: `{faults: [...]}`, a list, or one fault; `{}` clears. */
export function parseFaultConfig(body: unknown): FaultSpec[] {
  if (body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return [];
  const list = Array.isArray(body) ? body : body && typeof body === 'object' && 'faults' in body ? (body as { faults: unknown }).faults : [body];
  if (!Array.isArray(list)) throw new FaultSpecError('faults deve ser uma lista.');
  return list.map(validateFault);
}

/** A vendor's own control routes: `/__<vendor>/…`. */
const VENDOR_CONTROL = /^\/__[\w-]+\//;

function onlyLatency(spec: FaultSpec): boolean {
  const changes = Object.entries(spec).filter(([key, value]) => value !== undefined && !['path', 'method', 'times', 'seed', 'latencyMs'].includes(key));
  return changes.length === 0;
}

export function matchesRequest(spec: FaultSpec, method: string, path: string): boolean {
  if (spec.method && spec.method !== method.toUpperCase()) return false;
  if (!spec.path) return true;
  const pattern = spec.path
    .split('*')
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}`).test(path);
}

/** The spec in the header syntax, for logs and GET /__sandbox/faults. */
export function formatFault(spec: FaultSpec): string {
  const parts: string[] = [];
  if (spec.path) parts.push(`path=${spec.path}`);
  if (spec.method) parts.push(`method=${spec.method}`);
  if (spec.latencyMs !== undefined) parts.push(`latency=${spec.latencyMs}`);
  if (spec.errorRate !== undefined) parts.push(`error-rate=${spec.errorRate}`);
  if (spec.seed !== undefined) parts.push(`seed=${spec.seed}`);
  if (spec.status !== undefined) parts.push(`status=${spec.status}`);
  if (spec.tooManyRequests) parts.push(`429=${spec.tooManyRequests.retryAfterSeconds}`);
  if (spec.malformed) parts.push('malformed');
  if (spec.hang) parts.push('hang');
  if (spec.resetBefore) parts.push('reset-before');
  if (spec.resetAfter) parts.push('reset-after');
  if (spec.drop) parts.push('drop');
  if (spec.bare) parts.push('bare');
  if (spec.times !== undefined) parts.push(`times=${spec.times}`);
  return parts.join(';');
}

/** mulberry32: a small seeded generator, so `seed` makes the error rate reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fault with its running state: uses left and its dice. */
class ActiveFault {
  remaining: number | undefined;
  private readonly random: () => number;
  constructor(readonly spec: FaultSpec) {
    this.remaining = spec.times;
    this.random = spec.seed !== undefined ? seededRandom(spec.seed) : Math.random;
  }
  get exhausted(): boolean {
    return this.remaining !== undefined && this.remaining <= 0;
  }
  /** Whether this request gets the fault; consumes one use when it does. */
  take(): boolean {
    if (this.exhausted) return false;
    if (this.spec.errorRate !== undefined && this.random() >= this.spec.errorRate) return false;
    if (this.remaining !== undefined) this.remaining -= 1;
    return true;
  }
}

export interface RequestLogEntry {
  method: string;
  /** Path without the query string: queries may carry signatures or tokens. */
  path: string;
  time: string;
  /** Answer status; null while pending or when the request hung. */
  status: number | null;
  /** The fault applied, in the header syntax. */
  fault?: string;
}

const MAX_LOG = 2000;

export interface FaultController {
  readonly name: string;
  setFaults(specs: FaultSpec[]): void;
  clearFaults(): void;
  faults(): (FaultSpec & { remaining?: number })[];
  requests(): RequestLogEntry[];
  /** Every exchange (request and answer, bodies parsed), for the contract checks; cleared with the request log. */
  exchanges(): Exchange[];
  clearRequests(): void;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new FaultSpecError('Corpo não é JSON válido.');
  }
}

/** Lets the vendor answer, then sends only the first half of its body. */
function truncateAnswer(res: ServerResponse): void {
  const chunks: Buffer[] = [];
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  let head: unknown[] | null = null;
  const collect = (chunk: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  };
  (res as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
    head = args;
    return res;
  };
  (res as { write: unknown }).write = (chunk: unknown) => {
    collect(chunk);
    return true;
  };
  (res as { end: unknown }).end = (chunk?: unknown) => {
    collect(chunk);
    const body = Buffer.concat(chunks);
    const cut = body.length > 1 ? body.subarray(0, Math.floor(body.length / 2)) : Buffer.from('{"');
    res.removeHeader('content-length');
    if (head) {
      const [status, ...rest] = head;
      const headers = rest.find((h) => h && typeof h === 'object') as Record<string, unknown> | undefined;
      if (headers) for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-length') delete headers[key];
      writeHead(status, ...rest);
    }
    return end(cut);
  };
}

/**
 * Wraps a vendor's listener with fault injection, the request log and the /__sandbox/ control
 * endpoints. Returns the listener and its controller (for in-process tests).
 */
export function withFaults(
  name: string,
  vendor: RequestListener,
  /** The vendor's own error body for a simulated status (Graph's `{error: {code, …}}` for WhatsApp). */
  errorBody?: (status: number) => unknown,
): { listener: RequestListener; control: FaultController } {
  let configured: ActiveFault[] = [];
  // Per-request header specs carrying `times` or `seed` keep their state by their text, so
  // `status=503;times=2` sent on every retry fails the first two calls only.
  const byHeader = new Map<string, ActiveFault>();
  let log: RequestLogEntry[] = [];
  const recorder = exchangeRecorder(name);
  // Requests left hanging: changing the faults drops their connections, as a provider that comes
  // back does, so a caller's request (and the Functions worker waiting on it) does not outlive
  // the test that set the hang.
  const hanging = new Set<ServerResponse>();
  const releaseHanging = () => {
    for (const res of hanging) res.socket?.destroy();
    hanging.clear();
  };

  const control: FaultController = {
    name,
    setFaults(specs) {
      releaseHanging();
      configured = specs.map((spec) => new ActiveFault(spec));
      byHeader.clear();
    },
    clearFaults() {
      releaseHanging();
      configured = [];
      byHeader.clear();
    },
    faults: () => configured.map((f) => ({ ...f.spec, ...(f.remaining !== undefined ? { remaining: f.remaining } : {}) })),
    requests: () => log.slice(),
    exchanges: () => recorder.exchanges(),
    clearRequests() {
      log = [];
      recorder.clear();
    },
  };

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === `${CONTROL_PREFIX}faults`) {
      if (method === 'GET') return sendJson(res, 200, { sandbox: name, faults: control.faults() });
      if (method === 'DELETE') {
        control.clearFaults();
        return sendJson(res, 200, { sandbox: name, faults: [] });
      }
      if (method === 'POST' || method === 'PUT') {
        control.setFaults(parseFaultConfig(await readJson(req)));
        return sendJson(res, 200, { sandbox: name, faults: control.faults() });
      }
    }
    if (path === `${CONTROL_PREFIX}exchanges`) {
      if (method === 'GET') {
        const exchanges = control.exchanges();
        return sendJson(res, 200, { sandbox: name, count: exchanges.length, exchanges });
      }
      if (method === 'DELETE') {
        control.clearRequests();
        return sendJson(res, 200, { sandbox: name, count: 0, exchanges: [] });
      }
    }
    if (path === `${CONTROL_PREFIX}requests`) {
      if (method === 'GET') {
        const prefix = new URL(req.url ?? '/', 'http://sandbox').searchParams.get('path');
        const requests = prefix ? log.filter((r) => r.path.startsWith(prefix)) : log;
        return sendJson(res, 200, { sandbox: name, count: requests.length, requests });
      }
      if (method === 'DELETE') {
        control.clearRequests();
        return sendJson(res, 200, { sandbox: name, count: 0, requests: [] });
      }
    }
    return sendJson(res, 404, { erro: `Controle desconhecido: ${method} ${path}` });
  }

  /** The fault for this request: the per-request one first, then the first configured match. */
  function pick(req: IncomingMessage, url: URL, path: string): FaultSpec | null {
    const header = req.headers[FAULT_HEADER];
    const text = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get(FAULT_QUERY);
    const method = req.method ?? 'GET';
    if (text) {
      const spec = parseFaultHeader(text);
      if (!matchesRequest(spec, method, path)) return null;
      if (spec.times === undefined && spec.seed === undefined) {
        return new ActiveFault(spec).take() ? spec : null;
      }
      let active = byHeader.get(text);
      if (!active) byHeader.set(text, (active = new ActiveFault(spec)));
      return active.take() ? spec : null;
    }
    for (const active of configured) {
      if (active.exhausted || !matchesRequest(active.spec, method, path)) continue;
      if (active.take()) return active.spec;
    }
    return null;
  }

  const listener: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    if (path.startsWith(CONTROL_PREFIX)) {
      recorder.record(req, res, { skip: 'control' });
      handleControl(req, res, path).catch((error: unknown) => {
        const status = error instanceof FaultSpecError ? 400 : 500;
        if (!res.headersSent) sendJson(res, status, { erro: error instanceof Error ? error.message : String(error) });
      });
      return;
    }

    const entry: RequestLogEntry = { method: req.method ?? 'GET', path, time: new Date().toISOString(), status: null };
    log.push(entry);
    if (log.length > MAX_LOG) log.splice(0, log.length - MAX_LOG);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });

    // A vendor's own control routes (`/__openai/behaviour`, `/__sendgrid/journal` …) are ours, not the vendor's.
    const recording = recorder.record(req, res, VENDOR_CONTROL.test(path) ? { skip: 'control' } : {});
    let fault: FaultSpec | null;
    try {
      fault = pick(req, url, path);
    } catch (error) {
      recording.skip = 'fault';
      return sendJson(res, 400, { erro: `Falha de sandbox inválida: ${(error as Error).message}` });
    }
    if (!fault) return vendor(req, res);
    entry.fault = formatFault(fault);
    recording.fault = entry.fault;
    // Latency alone leaves the vendor's answer as it is: that exchange is still checked.
    if (!onlyLatency(fault)) recording.skip ??= 'fault';

    const apply = () => {
      if (fault.hang) {
        // The socket stays open until the client gives up, the faults change or the sandbox stops.
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (fault.resetBefore) return void req.socket.resetAndDestroy();
      if (fault.resetAfter) {
        req.resume();
        req.on('end', () => req.socket.resetAndDestroy());
        return;
      }
      if (fault.drop) {
        // The vendor does its work; its answer never leaves.
        (res as { writeHead: unknown }).writeHead = () => res;
        (res as { write: unknown }).write = () => true;
        (res as { end: unknown }).end = () => {
          req.socket.destroy();
          return res;
        };
        return vendor(req, res);
      }
      if (fault.tooManyRequests) {
        const seconds = fault.tooManyRequests.retryAfterSeconds;
        return sendJson(res, 429, errorBody?.(429) ?? { erro: `Limite de requisições excedido. Tente novamente em ${seconds} s.` }, {
          'retry-after': String(seconds),
        });
      }
      const failing = fault.status ?? (fault.errorRate !== undefined && !fault.malformed && !fault.latencyMs ? 500 : undefined);
      if (failing !== undefined) {
        if (fault.bare) {
          res.writeHead(failing, { 'content-type': 'text/html', 'content-length': '0' });
          return void res.end();
        }
        return sendJson(res, failing, errorBody?.(failing) ?? { erro: `Falha simulada pelo sandbox ${name} (HTTP ${failing}).` });
      }
      if (fault.malformed) truncateAnswer(res);
      return vendor(req, res);
    };

    if (fault.latencyMs) {
      const timer = setTimeout(apply, fault.latencyMs);
      res.on('close', () => clearTimeout(timer));
    } else {
      apply();
    }
  };

  return { listener, control };
}
