import { readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { SEED_FILE, type SandboxProduct } from './catalogue.js';

/** Small helpers shared by the vendor sandboxes. */

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, body: string, contentType: string, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON body, or undefined when it is not JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return text.trim() ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface Credential {
  user: string;
  password: string;
}

/**
 * The manufacturer credentials the sandboxes accept: those of the seed's config/tramontina
 * documents (main and cookstore), so the functions, reading the same documents, log in.
 */
export function loadTramontinaCredentials(seedFile = process.env.SANDBOX_SEED_FILE ?? SEED_FILE): { tstock: Credential[]; webservice: Credential[] } {
  const documents = JSON.parse(readFileSync(seedFile, 'utf8')) as Record<string, Record<string, unknown>>;
  const tstock: Credential[] = [];
  const webservice: Credential[] = [];
  const pick = (value: unknown): Credential | null => {
    const v = value as Partial<Credential> | undefined;
    return v && typeof v.user === 'string' && typeof v.password === 'string' ? { user: v.user, password: v.password } : null;
  };
  for (const project of ['main', 'cookstore']) {
    const config = documents[`project/${project}/config/tramontina`];
    if (!config) continue;
    const t = pick(config.tstock);
    const w = pick(config.webservice);
    if (t) tstock.push(t);
    if (w) webservice.push(w);
  }
  return { tstock, webservice };
}

export function checkCredential(accepted: Credential[], user: unknown, password: unknown): boolean {
  if (typeof user !== 'string' || typeof password !== 'string') return false;
  return accepted.some((c) => safeEqual(c.user, user) && safeEqual(c.password, password));
}

/** The user and password of an `Authorization: Basic` header. */
export function basicCredentials(req: IncomingMessage): { user: string; password: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** FNV-1a: a stable number in [0, 1) per text, so invented values (stock, price variation) never change between runs. */
export function stableFraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 4294967296;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Sum of the product's stock over every warehouse of the seed. */
export function totalStock(product: SandboxProduct): number {
  return Object.values(product.Stock ?? {}).reduce((sum, s) => sum + (typeof s?.qty === 'number' ? s.qty : 0), 0);
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Fixed "last update" of the upstream data: the sandboxes answer the same bytes every run. */
export function updatedAt(product: SandboxProduct): string {
  const value = (product as { updatedAt?: { __timestamp?: string } }).updatedAt?.__timestamp;
  return typeof value === 'string' ? value : '2026-01-01T00:00:00.000Z';
}

/** A route handler error answered as JSON. */
export function notFoundJson(res: ServerResponse, what = 'Recurso'): void {
  sendJson(res, 404, { erro: `${what} não encontrado.` });
}
