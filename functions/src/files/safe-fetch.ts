import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetches a user-given URL on the server without letting it reach our own network (SSRF guard):
 * http/https only; the host is resolved here and every address it resolves to must be public
 * unicast — loopback, private, link-local (the cloud metadata service lives there), CGNAT,
 * multicast, unspecified, reserved and the IPv6 forms that embed such an IPv4 are refused; the
 * connection goes to the vetted address (pinned through the request's `lookup`, so a second DNS
 * answer cannot swap it: DNS rebinding); redirects are followed by hand, each hop vetted the same
 * way; the body is capped in size and the whole exchange in time.
 */

export type SafeFetchErrorCode =
  'invalid-url' | 'scheme' | 'blocked-address' | 'dns' | 'too-many-redirects' | 'too-large' | 'timeout' | 'http-status' | 'network';

/** A refused or failed download; `message` is Portuguese and says why (shown to the user). */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export const BLOCKED_ADDRESS_MESSAGE = 'Endereço não permitido (rede interna)';
export const METADATA_MESSAGE = 'Endereço não permitido (serviço de metadados da nuvem)';

/** Host names of cloud metadata services, refused before any lookup. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** IPv4 blocks ipaddr.js 1.9 files under 'unicast' that are not the public internet. */
const EXTRA_BLOCKED_V4: [ipaddr.IPv4, number][] = [
  ipaddr.IPv4.parseCIDR('198.18.0.0/15'), // benchmarking (RFC 2544)
  ipaddr.IPv4.parseCIDR('192.0.0.0/24'), // IETF protocol assignments
];
const EXTRA_BLOCKED_V6: [ipaddr.IPv6, number][] = [
  ipaddr.IPv6.parseCIDR('fec0::/10'), // deprecated site-local: still routed internally by some networks
  ipaddr.IPv6.parseCIDR('100::/64'), // discard-only
];

export interface AddressVerdict {
  /** The address as classified (an IPv4 embedded in IPv6 is unwrapped). */
  address: string;
  /** ipaddr.js range name ('unicast', 'private', 'loopback', ...) or ours ('benchmarking', ...). */
  range: string;
  allowed: boolean;
  /** Why it is refused, Portuguese. */
  reason?: string;
}

function v4Verdict(ip: ipaddr.IPv4, shown: string): AddressVerdict {
  const address = ip.toString();
  if (METADATA_ADDRESSES.has(address)) return { address, range: 'metadata', allowed: false, reason: METADATA_MESSAGE };
  let range: string = ip.range();
  if (range === 'unicast' && EXTRA_BLOCKED_V4.some((cidr) => ip.match(cidr))) range = 'reserved';
  return range === 'unicast' ? { address: shown, range, allowed: true } : { address: shown, range, allowed: false, reason: BLOCKED_ADDRESS_MESSAGE };
}

/**
 * Whether the server may connect to `address` (an IP literal, IPv6 without brackets). Only public
 * unicast passes; anything unparseable is refused.
 */
export function classifyAddress(address: string): AddressVerdict {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return { address, range: 'invalid', allowed: false, reason: BLOCKED_ADDRESS_MESSAGE };
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return v4Verdict(parsed as ipaddr.IPv4, parsed.toString());

  const v6 = parsed as ipaddr.IPv6;
  const shown = v6.toString();
  if (METADATA_ADDRESSES.has(shown)) return { address: shown, range: 'metadata', allowed: false, reason: METADATA_MESSAGE };
  const range = v6.range();
  // ::ffff:a.b.c.d reaches a.b.c.d: judge the IPv4 inside.
  if (range === 'ipv4Mapped') return { ...v4Verdict(v6.toIPv4Address(), shown), range: `ipv4Mapped:${v6.toIPv4Address().range()}` };
  // Deprecated IPv4-compatible ::a.b.c.d (ipaddr.js calls it unicast): the same.
  const p = v6.parts;
  if (p.slice(0, 6).every((x) => x === 0) && range === 'unicast') {
    const v4 = new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
    return { ...v4Verdict(v4, shown), range: `ipv4Compatible:${v4.range()}` };
  }
  if (range === 'unicast' && EXTRA_BLOCKED_V6.some((cidr) => v6.match(cidr))) {
    return { address: shown, range: 'reserved', allowed: false, reason: BLOCKED_ADDRESS_MESSAGE };
  }
  // NAT64 (64:ff9b::/96), 6to4, Teredo and SIIT embed IPv4 addresses that could be internal, and
  // are rare for file hosts: refused with the rest of the non-unicast ranges.
  return range === 'unicast' ? { address: shown, range, allowed: true } : { address: shown, range, allowed: false, reason: BLOCKED_ADDRESS_MESSAGE };
}

/** Host names refused without resolving them (they name this machine or the metadata service). */
export function blockedHostName(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return METADATA_MESSAGE;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return BLOCKED_ADDRESS_MESSAGE;
  return null;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface SafeFetchOptions {
  /** Body limit in bytes (Content-Length and the bytes actually read). */
  maxBytes: number;
  /** Limit for the whole exchange, redirects included. */
  timeoutMs: number;
  /** Redirects followed at most. */
  maxRedirects: number;
  /**
   * Origins (scheme://host:port, exact) exempt from the address check — the local sandbox on
   * loopback. The connection is still pinned and redirects out of them are vetted.
   */
  allowedOrigins?: readonly string[];
  /** DNS; the system resolver by default (tests inject one). */
  resolve?: Resolver;
  userAgent?: string;
}

export interface SafeFetchResult {
  body: Buffer;
  /** Content-Type as the server sent it ('application/octet-stream' when absent). */
  contentType: string;
  /** From Content-Disposition, else the last segment of the final URL's path. */
  fileName: string;
  finalUrl: string;
  redirects: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The origins of an allowlist written as a comma- or space-separated list; invalid entries are dropped. */
export function parseOriginList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((entry) => {
      try {
        const origin = new URL(entry).origin;
        return origin === 'null' ? [] : [origin];
      } catch {
        return [];
      }
    });
}

/** Parses and vets one URL's form (scheme, host names); throws SafeFetchError. */
export function parseTargetUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new SafeFetchError('invalid-url', 'URL inválida');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('scheme', 'Somente endereços http e https são permitidos');
  }
  if (!url.hostname) throw new SafeFetchError('invalid-url', 'URL inválida');
  return url;
}

/** Resolves the URL's host and vets every address; answers the one to connect to. */
export async function vetHost(url: URL, options: Pick<SafeFetchOptions, 'allowedOrigins' | 'resolve'>): Promise<ResolvedAddress> {
  const allowed = options.allowedOrigins?.includes(url.origin) ?? false;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(hostname)) {
    addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
  } else {
    const named = allowed ? null : blockedHostName(hostname);
    if (named) throw new SafeFetchError('blocked-address', named);
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new SafeFetchError('dns', `Não foi possível resolver o endereço ${hostname}`);
  }
  if (!allowed) {
    // Every answer must pass: a name resolving to one public and one internal address is refused.
    for (const { address } of addresses) {
      const verdict = classifyAddress(address);
      if (!verdict.allowed) throw new SafeFetchError('blocked-address', verdict.reason ?? BLOCKED_ADDRESS_MESSAGE);
    }
  }
  return addresses[0]!;
}

/** The file name of a Content-Disposition header (filename* in UTF-8 first), or null. */
export function fileNameFromDisposition(header: string | undefined | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const charset = extended[1]!.trim().toLowerCase();
      const raw = extended[2]!.trim().replace(/^"|"$/g, '');
      const name = charset === 'iso-8859-1' ? unescape(raw) : decodeURIComponent(raw);
      if (name.trim()) return cleanFileName(name);
    } catch {
      // fall through to filename=
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1]?.trim()) return cleanFileName(quoted[1].replace(/\\(.)/g, '$1'));
  const plain = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (plain?.[1]?.trim()) return cleanFileName(plain[1]);
  return null;
}

/** The last path segment of a URL, decoded, or null. */
export function fileNameFromUrl(url: URL): string | null {
  const segment = url.pathname.split('/').filter(Boolean).at(-1);
  if (!segment) return null;
  try {
    return cleanFileName(decodeURIComponent(segment)) || null;
  } catch {
    return cleanFileName(segment) || null;
  }
}

/** A name without directories or control characters (it becomes a File's name in the browser). */
export function cleanFileName(name: string): string {
  return (
    (name.split(/[/\\]/).at(-1) ?? '')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 255)
  );
}

interface Hop {
  status: number;
  location?: string;
  contentType?: string;
  disposition?: string;
  body?: Buffer;
}

/** One request to a vetted address: answers a redirect's Location, or the body within the limits. */
function requestOnce(url: URL, pinned: ResolvedAddress, options: SafeFetchOptions, deadline: number): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(timeoutError(options));
    // Pinned: whatever name the socket asks for, it gets the address vetted above.
    const lookup: LookupFunction = (_hostname, opts, callback) => {
      if ((opts as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const fail = (error: SafeFetchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const request = client.request(url, {
      method: 'GET',
      lookup,
      agent: false, // a fresh socket each hop: no pooled connection to another address
      headers: {
        'user-agent': options.userAgent ?? 'ConsoleFileFetcher/1.0',
        accept: '*/*',
        // The file as it is: no compressed body that would grow past the limit once decoded.
        'accept-encoding': 'identity',
      },
    });
    const timer = setTimeout(() => fail(timeoutError(options)), remaining);
    request.on('error', (error: NodeJS.ErrnoException) =>
      fail(new SafeFetchError('network', `Falha de conexão com ${url.host}${error.code ? ` (${error.code})` : ''}`)),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        settled = true;
        clearTimeout(timer);
        response.resume();
        request.destroy();
        return resolve({ status, location });
      }
      if (status < 200 || status > 299) {
        return fail(new SafeFetchError('http-status', `O servidor respondeu HTTP ${status}`));
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) return fail(tooLargeError(options));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return fail(tooLargeError(options));
        chunks.push(chunk);
      });
      response.on('error', () => fail(new SafeFetchError('network', `A conexão com ${url.host} caiu durante o download`)));
      response.on('aborted', () => fail(new SafeFetchError('network', `A conexão com ${url.host} caiu durante o download`)));
      response.on('end', () => {
        if (settled) return;
        if (!response.complete) return fail(new SafeFetchError('network', `A conexão com ${url.host} caiu durante o download`));
        settled = true;
        clearTimeout(timer);
        resolve({
          status,
          contentType: response.headers['content-type'],
          disposition: response.headers['content-disposition'],
          body: Buffer.concat(chunks, size),
        });
      });
    });
    request.end();
  });
}

function timeoutError(options: SafeFetchOptions) {
  return new SafeFetchError('timeout', `Tempo esgotado ao baixar o arquivo (limite de ${Math.round(options.timeoutMs / 1000)} s)`);
}
function tooLargeError(options: SafeFetchOptions) {
  return new SafeFetchError('too-large', `Arquivo grande demais (limite de ${Math.round(options.maxBytes / (1024 * 1024))} MB)`);
}

/** Downloads `input` under the guard; throws SafeFetchError with a Portuguese reason. */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const deadline = Date.now() + options.timeoutMs;
  let url = parseTargetUrl(input);
  for (let redirects = 0; ; redirects++) {
    const pinned = await withDeadline(vetHost(url, options), deadline, options);
    const hop = await requestOnce(url, pinned, options, deadline);
    if (hop.location !== undefined) {
      if (redirects >= options.maxRedirects) {
        throw new SafeFetchError('too-many-redirects', `Redirecionamentos demais (máximo ${options.maxRedirects})`);
      }
      url = parseTargetUrl(hop.location, url);
      continue;
    }
    const contentType = hop.contentType?.trim() || 'application/octet-stream';
    return {
      body: hop.body!,
      contentType,
      fileName: fileNameFromDisposition(hop.disposition) ?? fileNameFromUrl(url) ?? 'arquivo',
      finalUrl: url.toString(),
      redirects,
    };
  }
}

/** DNS can hang too: the lookup counts against the same deadline. */
async function withDeadline<T>(promise: Promise<T>, deadline: number, options: SafeFetchOptions): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError(options)), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
