import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaultSpecError, formatFault, matchesRequest, parseFaultConfig, parseFaultHeader, seededRandom, validateFault, withFaults } from './faults.js';

describe('parseFaultHeader', () => {
  it('reads every fault of the header syntax', () => {
    expect(parseFaultHeader('latency=200;status=503;times=1')).toEqual({ latencyMs: 200, status: 503, times: 1 });
    expect(parseFaultHeader(' error-rate=0.25 ; seed=42 ')).toEqual({ errorRate: 0.25, seed: 42 });
    expect(parseFaultHeader('429=2')).toEqual({ tooManyRequests: { retryAfterSeconds: 2 } });
    expect(parseFaultHeader('retry-after=0.5')).toEqual({ tooManyRequests: { retryAfterSeconds: 0.5 } });
    expect(parseFaultHeader('429')).toEqual({ tooManyRequests: { retryAfterSeconds: 1 } });
    expect(parseFaultHeader('malformed;hang=false')).toEqual({ malformed: true, hang: false });
    expect(parseFaultHeader('path=/api/v1/produtos*;method=get;hang')).toEqual({ path: '/api/v1/produtos*', method: 'GET', hang: true });
    expect(parseFaultHeader('')).toEqual({});
  });

  it('refuses unknown faults and out-of-range values, in Portuguese', () => {
    expect(() => parseFaultHeader('explode=1')).toThrow(new FaultSpecError('Falha desconhecida: explode'));
    expect(() => parseFaultHeader('status=99')).toThrow('Valor inválido para status: 99');
    expect(() => parseFaultHeader('error-rate=1.5')).toThrow('Valor inválido para error-rate: 1.5');
    expect(() => parseFaultHeader('latency=-1')).toThrow('Valor inválido para latency: -1');
    expect(() => parseFaultHeader('times=0')).toThrow('Valor inválido para times: 0');
    expect(() => parseFaultHeader('latency')).toThrow('Valor inválido para latency: (vazio)');
    expect(() => parseFaultHeader('hang=talvez')).toThrow('Valor inválido para hang: talvez');
  });

  it('round-trips through formatFault', () => {
    const text = 'path=/x;latency=10;error-rate=0.5;seed=3;status=502;429=4;malformed;hang;times=2';
    expect(formatFault(parseFaultHeader(text))).toBe(text);
  });
});

describe('parseFaultConfig', () => {
  it('accepts {faults}, a list, one object, and header strings', () => {
    expect(parseFaultConfig({ faults: [{ status: 500, times: 2 }] })).toEqual([{ status: 500, times: 2 }]);
    expect(parseFaultConfig([{ tooManyRequests: { retryAfterSeconds: 3 } }, 'hang'])).toEqual([{ tooManyRequests: { retryAfterSeconds: 3 } }, { hang: true }]);
    expect(parseFaultConfig({ latencyMs: 50, path: '/a' })).toEqual([{ latencyMs: 50, path: '/a' }]);
    expect(parseFaultConfig({})).toEqual([]);
  });

  it('refuses unknown fields and bad values', () => {
    expect(() => validateFault({ latency: 5 })).toThrow('Falha desconhecida: latency');
    expect(() => validateFault({ status: 'x' })).toThrow('Valor inválido para status: x');
    expect(() => validateFault({ path: '/a;status=500' })).toThrow('Valores não podem conter ";".');
    expect(() => parseFaultConfig({ faults: 3 })).toThrow('faults deve ser uma lista.');
  });
});

describe('matching and dice', () => {
  it('matches by path prefix with * and by method', () => {
    expect(matchesRequest({ path: '/api/v1/produtos' }, 'GET', '/api/v1/produtos/1/2')).toBe(true);
    expect(matchesRequest({ path: '/api/*/produtos' }, 'GET', '/api/v9/produtos')).toBe(true);
    expect(matchesRequest({ path: '/api/v1/autenticacao' }, 'POST', '/api/v1/produtos')).toBe(false);
    expect(matchesRequest({ method: 'POST' }, 'get', '/x')).toBe(false);
  });

  it('gives the same sequence for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const seq = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(seq);
    expect(seq.every((n) => n >= 0 && n < 1)).toBe(true);
  });
});

describe('withFaults over HTTP', () => {
  let server: Server;
  let base: string;
  const { listener, control } = withFaults('teste', (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, caminho: req.url, lista: [1, 2, 3, 4, 5, 6, 7, 8] }));
  });

  beforeAll(async () => {
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    control.clearFaults();
    control.clearRequests();
  });

  it('passes requests through and logs method, path (without query) and status', async () => {
    const res = await fetch(`${base}/produtos/1?token=segredo`);
    expect(await res.json()).toMatchObject({ ok: true });
    const log = await (await fetch(`${base}/__sandbox/requests`)).json();
    expect(log.requests).toEqual([{ method: 'GET', path: '/produtos/1', time: expect.any(String), status: 200 }]);
    expect(JSON.stringify(log)).not.toContain('segredo');
  });

  it('applies a header fault with times to that many requests carrying it', async () => {
    const headers = { 'x-sandbox-fault': 'status=503;times=2' };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${base}/a`, { headers })).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('applies a query-parameter fault', async () => {
    const res = await fetch(`${base}/a?__fault=${encodeURIComponent('429=7')}`);
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await res.json()).erro).toContain('Limite de requisições');
  });

  it('configures, lists and clears faults with /__sandbox/faults', async () => {
    const set = await fetch(`${base}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ faults: [{ path: '/b', status: 500, times: 1 }] }) });
    expect((await set.json()).faults).toEqual([{ path: '/b', status: 500, times: 1, remaining: 1 }]);
    expect((await fetch(`${base}/a`)).status).toBe(200);
    expect((await fetch(`${base}/b`)).status).toBe(500);
    expect((await fetch(`${base}/b`)).status).toBe(200);
    expect((await (await fetch(`${base}/__sandbox/faults`)).json()).faults[0].remaining).toBe(0);

    await fetch(`${base}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ status: 502 }) });
    expect((await fetch(`${base}/c`)).status).toBe(502);
    await fetch(`${base}/__sandbox/faults`, { method: 'DELETE' });
    expect((await fetch(`${base}/c`)).status).toBe(200);
    expect((await (await fetch(`${base}/__sandbox/requests?path=/b`)).json()).count).toBe(2);
    await fetch(`${base}/__sandbox/requests`, { method: 'DELETE' });
    expect((await (await fetch(`${base}/__sandbox/requests`)).json()).count).toBe(0);
  });

  it('answers 400 to a bad fault, in Portuguese', async () => {
    const bad = await fetch(`${base}/__sandbox/faults`, { method: 'POST', body: '{"faults":[{"explode":true}]}' });
    expect([bad.status, (await bad.json()).erro]).toEqual([400, 'Falha desconhecida: explode']);
    const header = await fetch(`${base}/a`, { headers: { 'x-sandbox-fault': 'status=abc' } });
    expect(header.status).toBe(400);
  });

  it('cuts the answer in half for malformed, so JSON.parse fails', async () => {
    const text = await (await fetch(`${base}/a`, { headers: { 'x-sandbox-fault': 'malformed' } })).text();
    expect(text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('delays by latency, and hangs until the client gives up', async () => {
    const started = Date.now();
    await fetch(`${base}/a`, { headers: { 'x-sandbox-fault': 'latency=120' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    await expect(fetch(`${base}/a`, { headers: { 'x-sandbox-fault': 'hang' }, signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect(control.requests().at(-1)).toMatchObject({ status: null, fault: 'hang' });
  });

  it('drops a hanging request when the faults change, so its caller is not held past the test', async () => {
    control.setFaults([{ hang: true }]);
    const hung = fetch(`${base}/a`, { signal: AbortSignal.timeout(10_000) }).then(
      () => 'answered',
      (error: Error) => error.name,
    );
    await expect.poll(() => control.requests().at(-1)?.fault).toBe('hang');
    await fetch(`${base}/__sandbox/faults`, { method: 'DELETE' });
    // Dropped at once: a fetch error, not the 10 s timeout.
    expect(await hung).toBe('TypeError');
    expect((await fetch(`${base}/a`)).status).toBe(200);
  });

  it('fails a seeded share of requests, the same share every run', async () => {
    const run = async () => {
      control.setFaults([{ errorRate: 0.5, seed: 9 }]);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await fetch(`${base}/r`)).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.filter((s) => s === 500).length).toBeGreaterThan(0);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(0);
  });
});
