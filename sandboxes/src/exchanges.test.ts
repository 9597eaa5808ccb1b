import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFaults } from './faults.js';
import { readBody, sendJson } from './respond.js';

// The exchanges withFaults records for the contract checks, through real HTTP.
describe('exchange recording', () => {
  const folder = mkdtempSync(join(tmpdir(), 'exchanges-'));
  const previous = process.env.SANDBOX_EXCHANGE_LOG;
  process.env.SANDBOX_EXCHANGE_LOG = folder;
  const { listener, control } = withFaults('loja', async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // An early refusal: answers before reading the body.
    if (url.pathname === '/recusa') return sendJson(res, 401, { error: 'invalid_client' });
    if (url.pathname === '/__loja/estado') return sendJson(res, 200, { ok: true });
    const text = await readBody(req);
    res.setHeader('x-ratelimit-remaining', '9');
    sendJson(res, 201, { recebido: text.length, access_token: 'tok' }, { 'retry-after': '1' });
  });
  // Assigning undefined would set the text 'undefined': the files after this one (one worker's
  // module cache) would record into ./undefined/.
  if (previous === undefined) delete process.env.SANDBOX_EXCHANGE_LOG;
  else process.env.SANDBOX_EXCHANGE_LOG = previous;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => control.clearRequests());

  /** The answer is sent before the exchange is kept: wait for it. */
  async function settled(count: number) {
    for (let i = 0; i < 50 && control.exchanges().length < count; i++) await new Promise((r) => setTimeout(r, 10));
    return control.exchanges();
  }

  it('keeps method, path, query as sent, masked headers, both bodies parsed and both heads', async () => {
    await fetch(`${base}/produtos/7?codigos[]=A&codigos[]=B&pagina=1`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer segredo-de-verdade', 'content-type': 'application/json', 'x-api-key': 'k' },
      body: JSON.stringify({ nome: 'Panela', password: 'p' }),
    });
    const [exchange] = await settled(1);
    expect(exchange).toMatchObject({
      sandbox: 'loja',
      method: 'PATCH',
      path: '/produtos/7',
      query: { 'codigos[]': ['A', 'B'], pagina: '1' },
      requestBody: { nome: 'Panela', password: '***' },
      status: 201,
      responseBody: { recebido: 32, access_token: 'tok' },
    });
    expect(exchange!.requestHeaders).toMatchObject({ authorization: 'Bearer masked', 'x-api-key': '***', 'content-type': 'application/json' });
    expect(exchange!.responseHeaders).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'retry-after': '1', 'x-ratelimit-remaining': '9' });
    expect(exchange!.skip).toBeUndefined();
    expect(JSON.stringify(exchange)).not.toContain('segredo');
  });

  it('reads a form body as an object and keeps a body the vendor never read', async () => {
    await fetch(`${base}/recusa`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&client_secret=s&scope=a&scope=b',
    });
    const [exchange] = await settled(1);
    expect(exchange).toMatchObject({ status: 401, requestBody: { grant_type: 'authorization_code', client_secret: '***', scope: ['a', 'b'] } });
  });

  it('flags control routes and answers replaced by faults; latency alone is still the vendor answering', async () => {
    await fetch(`${base}/__sandbox/requests`);
    await fetch(`${base}/__loja/estado`);
    await fetch(`${base}/a`, { method: 'POST', headers: { 'x-sandbox-fault': 'status=503' } });
    await fetch(`${base}/a`, { method: 'POST', headers: { 'x-sandbox-fault': 'latency=5' }, body: '{}' });
    const exchanges = await settled(4);
    expect(exchanges.map((e) => [e.path, e.status, e.skip ?? null, e.fault ?? null])).toEqual([
      ['/__sandbox/requests', 200, 'control', null],
      ['/__loja/estado', 200, 'control', null],
      ['/a', 503, 'fault', 'status=503'],
      ['/a', 201, null, 'latency=5'],
    ]);
  });

  it('serves them at /__sandbox/exchanges, clears them with the request log, and appends them to <folder>/<sandbox>.jsonl', async () => {
    await fetch(`${base}/b`, { method: 'POST', body: 'x' });
    await settled(1);
    const listed = (await (await fetch(`${base}/__sandbox/exchanges`)).json()) as { count: number; exchanges: { path: string }[] };
    expect(listed.exchanges.map((e) => e.path)).toEqual(['/b']);
    await fetch(`${base}/__sandbox/requests`, { method: 'DELETE' });
    expect(control.exchanges().map((e) => e.path)).toEqual(['/__sandbox/requests']);
    const lines = readFileSync(join(folder, 'loja.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { path: string });
    expect(lines.map((l) => l.path)).toContain('/b');
    expect(lines.map((l) => l.path)).toContain('/produtos/7');
  });
});
