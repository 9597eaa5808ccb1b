import type { Exchange } from '../exchanges.js';
import { checkRequest, checkResponse, type ContractRequest, type ContractViolation } from './check.js';
import type { Contract, ContractVendor } from './load.js';

/**
 * Which contract each sandbox plays, and where that contract's server base sits in the sandbox's
 * paths (Bling's sandbox serves the API under /Api/v3 as bling.com.br does; OpenAI's under /v1).
 * `outside` lists paths a sandbox serves that are not the contract's (Bunny's TUS upload, CDN and
 * player are other services of Bunny's than the Stream API): they are counted, not checked.
 */
export interface SandboxContract {
  vendor: ContractVendor;
  base: string;
  outside?: { prefix: string; why: string }[];
}

export const SANDBOX_CONTRACTS: Record<string, SandboxContract | undefined> = {
  bling: { vendor: 'bling', base: '/Api/v3' },
  'tramontina-webservice': { vendor: 'tramontina', base: '' },
  'tramontina-tstock': { vendor: 'tstock', base: '' },
  franke: { vendor: 'franke', base: '' },
  doka: { vendor: 'doka', base: '' },
  'site-cookstore': { vendor: 'sites', base: '' },
  'site-centergarbin': { vendor: 'sites', base: '' },
  'site-excellenceshop': { vendor: 'sites', base: '' },
  'site-cookeletroraro': { vendor: 'sites', base: '' },
  // `files` plays any web server a file is downloaded from: no vendor, no contract.
  'bunny-stream': {
    vendor: 'bunny-stream',
    base: '',
    outside: [
      { prefix: '/tusupload', why: "Bunny's TUS upload endpoint (the tus 1.0 protocol, not the Stream API)" },
      { prefix: '/cdn/', why: "Bunny's CDN (thumbnails), not the Stream API" },
      { prefix: '/embed/', why: "Bunny's player page, not the Stream API" },
    ],
  },
  openai: { vendor: 'openai', base: '/v1' },
  sendgrid: { vendor: 'sendgrid', base: '' },
  whatsapp: { vendor: 'whatsapp', base: '' },
  'google-oauth': {
    vendor: 'google-oauth',
    base: '',
    outside: [{ prefix: '/o/oauth2/v2/auth/approve', why: "the sandbox's consent form (Google's own page, no API of Google's)" }],
  },
};

/** Why an exchange is not checked against its contract, or null when it is. */
export function notChecked(exchange: Exchange, { includeFaults = false } = {}): string | null {
  if (exchange.skip === 'control') return 'sandbox control route';
  if (exchange.skip === 'fault' && !includeFaults) return `answer replaced by an injected fault (${exchange.fault ?? ''})`;
  // A browser that opens a vendor's page (Google's consent, Bling's authorization) asks for its icon by itself.
  if (exchange.method === 'GET' && exchange.path === '/favicon.ico') return "a browser's own request for a page's icon, no vendor API";
  const entry = SANDBOX_CONTRACTS[exchange.sandbox];
  if (!entry) return `no contract for the sandbox ${exchange.sandbox}`;
  const outside = entry.outside?.find((o) => exchange.path.startsWith(o.prefix));
  if (outside) return outside.why;
  return null;
}

/** The exchange's request as the contract sees it: the path relative to the contract's server base. */
export function exchangeRequest(exchange: Exchange, base = SANDBOX_CONTRACTS[exchange.sandbox]?.base ?? ''): ContractRequest {
  const path = base && exchange.path.startsWith(base) ? exchange.path.slice(base.length) || '/' : exchange.path;
  const request: ContractRequest = { method: exchange.method, path, query: exchange.query, headers: exchange.requestHeaders };
  if (exchange.requestBody !== undefined) request.body = exchange.requestBody;
  return request;
}

/** Both sides of a recorded exchange checked: the client's request, then the sandbox's answer. */
export function checkExchange(contract: Contract, exchange: Exchange, base?: string): ContractViolation[] {
  const request = exchangeRequest(exchange, base);
  const entryBase = base ?? SANDBOX_CONTRACTS[exchange.sandbox]?.base ?? '';
  if (entryBase && !exchange.path.startsWith(entryBase))
    return [{ where: 'request', message: `${exchange.method} ${exchange.path}: outside the contract's server base ${entryBase}` }];
  let out = checkRequest(contract, request);
  // A body the vendor did not wait for was not recorded whole: only the rest of the request counts.
  if (exchange.requestIncomplete) out = out.filter((v) => !v.message.startsWith('body'));
  if (out.some((v) => !v.operation)) return out;
  if (exchange.status !== null) {
    const response: { status: number; headers: Exchange['responseHeaders']; body?: unknown } = { status: exchange.status, headers: exchange.responseHeaders };
    if (exchange.responseBody !== undefined) response.body = exchange.responseBody;
    out.push(...checkResponse(contract, request, response));
  }
  return out;
}
