import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesSandbox, sampleFiles } from '../../../sandboxes/src/files.js';
import {
  BLOCKED_ADDRESS_MESSAGE,
  blockedHostName,
  classifyAddress,
  fileNameFromDisposition,
  fileNameFromUrl,
  METADATA_MESSAGE,
  parseOriginList,
  parseTargetUrl,
  safeFetch,
  SafeFetchError,
  type SafeFetchOptions,
} from './safe-fetch.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.170', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'reserved'],
    ['::ffff:127.0.0.1', 'ipv4Mapped:loopback'],
    ['::ffff:10.1.2.3', 'ipv4Mapped:private'],
    ['::ffff:7f00:1', 'ipv4Mapped:loopback'],
    ['::7f00:1', 'ipv4Compatible:loopback'], // what the URL parser makes of [::127.0.0.1]
    ['::a00:1', 'ipv4Compatible:private'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    const verdict = classifyAddress(address);
    expect(verdict).toMatchObject({ allowed: false, range, reason: BLOCKED_ADDRESS_MESSAGE });
  });

  it.each(['169.254.169.254', '::ffff:169.254.169.254', 'fd00:ec2::254', '100.100.100.200'])('names the metadata service for %s', (address) => {
    expect(classifyAddress(address)).toMatchObject({ allowed: false, reason: METADATA_MESSAGE });
  });

  it.each(['8.8.8.8', '142.250.79.14', '172.32.0.1', '100.128.0.1', '2800:3f0:4001:80b::200e', '::ffff:8.8.8.8', '[2606:4700::1111]'])(
    'lets public %s through',
    (address) => {
      expect(classifyAddress(address).allowed).toBe(true);
    },
  );

  it('refuses what is not an address', () => {
    expect(classifyAddress('example.com').allowed).toBe(false);
    expect(classifyAddress('').allowed).toBe(false);
    expect(classifyAddress('::127.0.0.1').allowed).toBe(false);
  });
});

describe('host names and URLs', () => {
  it('refuses this machine and metadata names before any lookup', () => {
    expect(blockedHostName('localhost')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(blockedHostName('LOCALHOST.')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(blockedHostName('api.localhost')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(blockedHostName('metadata.google.internal')).toBe(METADATA_MESSAGE);
    expect(blockedHostName('metadata.google.internal.')).toBe(METADATA_MESSAGE);
    expect(blockedHostName('db.internal')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(blockedHostName('www.tramontina.com.br')).toBeNull();
  });

  it('takes http and https only', () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a', 'gopher://example.com', 'data:text/plain,oi', 'javascript:alert(1)']) {
      expect(() => parseTargetUrl(url)).toThrow('Somente endereços http e https são permitidos');
    }
    expect(() => parseTargetUrl('não é url')).toThrow('URL inválida');
    // The WHATWG parser turns the odd IPv4 spellings into the dotted form, so they are classified as what they are.
    expect(parseTargetUrl('http://0x7f.1/').hostname).toBe('127.0.0.1');
    expect(parseTargetUrl('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(parseTargetUrl('http://[::127.0.0.1]/').hostname).toBe('[::7f00:1]');
  });

  it('reads origins of the allowlist exactly', () => {
    expect(parseOriginList('http://127.0.0.1:7139, https://files.example.com/x  nonsense')).toEqual(['http://127.0.0.1:7139', 'https://files.example.com']);
    expect(parseOriginList('')).toEqual([]);
  });

  it('names the file from Content-Disposition, else from the URL', () => {
    expect(fileNameFromDisposition(`attachment; filename="Manual.pdf"; filename*=UTF-8''Manual%20do%20produto%20%E2%80%93%20Panela.pdf`)).toBe(
      'Manual do produto – Panela.pdf',
    );
    expect(fileNameFromDisposition('inline; filename="foto \\"1\\".jpg"')).toBe('foto "1".jpg');
    expect(fileNameFromDisposition('attachment; filename=relatorio.csv')).toBe('relatorio.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromUrl(new URL('https://cdn.example.com/imagens/panela%20inox.jpg?v=2'))).toBe('panela inox.jpg');
    expect(fileNameFromUrl(new URL('https://cdn.example.com/'))).toBeNull();
  });
});

describe('safeFetch', () => {
  let sandbox: Server;
  let other: Server;
  let origin: string;
  let otherOrigin: string;
  const samples = new Map(sampleFiles().map((f) => [f.path, f]));
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  beforeAll(async () => {
    sandbox = createServer(createFilesSandbox());
    origin = await listen(sandbox);
    // Another loopback service, standing for anything internal.
    other = createServer((_req, res) => res.end('segredo interno'));
    otherOrigin = await listen(other);
  });
  afterAll(async () => {
    sandbox.closeAllConnections();
    other.closeAllConnections();
    await Promise.all([new Promise((r) => sandbox.close(r)), new Promise((r) => other.close(r))]);
  });

  const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    maxBytes: 1024 * 1024,
    timeoutMs: 3000,
    maxRedirects: 5,
    allowedOrigins: [origin],
    ...extra,
  });
  const refusal = async (url: string, extra?: Partial<SafeFetchOptions>) => {
    const error = await safeFetch(url, options(extra)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  };

  it('downloads from an allowed origin with its type and name', async () => {
    const result = await safeFetch(`${origin}/files/manual.pdf`, options());
    expect(result.body.equals(samples.get('/files/manual.pdf')!.body)).toBe(true);
    expect(result.contentType).toBe('application/pdf');
    expect(result.fileName).toBe('Manual do produto – Panela Inox.pdf');
    const png = await safeFetch(`${origin}/files/logo-loja.png`, options());
    expect([png.fileName, png.contentType]).toEqual(['logo-loja.png', 'image/png']);
  });

  it('refuses loopback when the origin is not the allowed one (another port, localhost, no allowlist)', async () => {
    expect((await refusal(`${otherOrigin}/`)).message).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect((await refusal(`${origin}/files/manual.pdf`, { allowedOrigins: [] })).code).toBe('blocked-address');
    const port = new URL(origin).port;
    expect((await refusal(`http://localhost:${port}/files/manual.pdf`)).code).toBe('blocked-address');
    expect((await refusal(`http://[::1]:${port}/`)).code).toBe('blocked-address');
    expect((await refusal(`http://[::ffff:127.0.0.1]:${port}/`)).code).toBe('blocked-address');
    expect((await refusal('http://169.254.169.254/computeMetadata/v1/')).message).toBe(METADATA_MESSAGE);
    expect((await refusal('http://metadata.google.internal/computeMetadata/v1/')).message).toBe(METADATA_MESSAGE);
  });

  it('vets every redirect hop: out of the allowed origin into another loopback port is refused', async () => {
    const inside = await safeFetch(`${origin}/redirect?to=${encodeURIComponent('/files/logo-loja.png')}`, options());
    expect(inside.redirects).toBe(1);
    const error = await refusal(`${origin}/redirect?to=${encodeURIComponent(`${otherOrigin}/`)}`);
    expect(error.code).toBe('blocked-address');
    expect((await refusal(`${origin}/redirect?to=${encodeURIComponent('http://10.0.0.1/')}`)).code).toBe('blocked-address');
    expect((await refusal(`${origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`)).code).toBe('scheme');
  });

  it('follows at most maxRedirects', async () => {
    expect((await safeFetch(`${origin}/redirect/chain/4`, options())).redirects).toBe(5);
    const error = await refusal(`${origin}/redirect/chain/5`);
    expect([error.code, error.message]).toEqual(['too-many-redirects', 'Redirecionamentos demais (máximo 5)']);
  });

  it('refuses a body over the limit, announced or not', async () => {
    expect((await refusal(`${origin}/large?mb=2`)).code).toBe('too-large');
    expect((await refusal(`${origin}/large?mb=2&chunked=1`)).message).toBe('Arquivo grande demais (limite de 1 MB)');
  });

  it('gives up on a body that trickles past the time limit', async () => {
    const started = Date.now();
    const error = await refusal(`${origin}/slow?seconds=30&bytes=100`, { timeoutMs: 500 });
    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('resolves names itself, refuses a name with any internal answer and connects to the vetted address', async () => {
    const port = new URL(origin).port;
    const mixed = await refusal(`http://files.example.test:${port}/files/logo-loja.png`, {
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    expect(mixed.code).toBe('blocked-address');
    // An allowed origin by name: the only route to it is the address the resolver gave (the system
    // DNS does not know this name), so the connection used the vetted, pinned address.
    const named = `http://files.example.test:${port}`;
    const pinned = await safeFetch(
      `${named}/files/logo-loja.png`,
      options({ allowedOrigins: [named], resolve: async () => [{ address: '127.0.0.1', family: 4 }] }),
    );
    expect(pinned.body.equals(samples.get('/files/logo-loja.png')!.body)).toBe(true);
    const unknown = await refusal(`http://files.example.test:${port}/`, { resolve: async () => [] });
    expect(unknown.code).toBe('dns');
  });

  it('reports an HTTP error status', async () => {
    const error = await refusal(`${origin}/files/nao-existe.jpg`);
    expect([error.code, error.message]).toEqual(['http-status', 'O servidor respondeu HTTP 404']);
  });
});
