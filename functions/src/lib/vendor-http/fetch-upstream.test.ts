import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backoffDelay, basicAuth, fetchUpstream, joinUrl, parseRetryAfter, redactUrl, UpstreamError } from '../vendor-http.js';

// A real loopback server whose next answers each test scripts: no mocks of fetch or of our code.
type Answer = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let base: string;
let script: Answer[] = [];
let calls: { at: number; method: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    calls.push({ at: Date.now(), method: req.method ?? 'GET', authorization: req.headers.authorization });
    const answer = script.shift() ?? ((_, r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  script = [];
  calls = [];
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_, res) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const hang: Answer = () => {};

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

const fast = { backoffMs: 5, timeoutMs: 2000 };

describe('fetchUpstream', () => {
  it('retries 5xx and a dropped connection, then returns the parsed answer', async () => {
    script = [json(503, { erro: 'indisponível' }), (_, res) => res.socket?.destroy(), json(200, { data: { id: 7 } })];
    const schema = z.object({ data: z.object({ id: z.number() }) });
    const result = await fetchUpstream('Bling', `${base}/produtos/7`, { ...fast, retries: 2, schema });
    expect(result.data.id).toBe(7);
    expect(calls).toHaveLength(3);
  });

  it('honours Retry-After (seconds) on 429', async () => {
    script = [json(429, { erro: 'limite' }, { 'retry-after': '1' }), json(200, { ok: true })];
    const started = Date.now();
    await fetchUpstream('Bling', `${base}/x`, { ...fast, retries: 1 });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const at = new Date(Date.now() + 1500).toUTCString(); // second precision: waits 0.5–1.5 s
    script = [json(429, {}, { 'retry-after': at }), json(200, { ok: true })];
    await fetchUpstream('Bling', `${base}/x`, { ...fast, retries: 1 });
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(400);
  });

  it("honours SendGrid's X-RateLimit-Reset (epoch seconds) when there is no Retry-After", async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1; // 0–1 s from now, at second precision
    script = [json(429, { errors: [{ field: null, message: 'too many requests' }] }, { 'x-ratelimit-reset': String(reset) }), json(200, { ok: true })];
    await fetchUpstream('SendGrid', `${base}/v3/messages`, { ...fast, backoffMs: 0, retries: 1 });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at).toBeGreaterThanOrEqual(reset * 1000 - 50);
  });

  it('tells when the vendor said to come back on the last 429', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 60;
    script = [json(429, {}, { 'x-ratelimit-reset': String(reset) })];
    const error = await failure(fetchUpstream('SendGrid', `${base}/x`, { ...fast, retries: 0 }));
    expect([error.kind, error.retryAtMs]).toEqual(['rate-limit', reset * 1000]);
  });

  it('gives up with the last failure, not the most frequent one', async () => {
    script = [json(503, {}), json(503, {}), json(500, {})];
    const error = await failure(fetchUpstream('Doka', `${base}/x`, { ...fast, retries: 2 }));
    expect(error.message).toBe('Doka: erro no servidor (HTTP 500)');
    expect(error.attempts).toBe(3);
  });

  it('fails at once when Retry-After exceeds the longest wait allowed', async () => {
    script = [json(429, {}, { 'retry-after': '120' })];
    const error = await failure(fetchUpstream('Bling', `${base}/x`, { ...fast, retries: 3, maxDelayMs: 1000 }));
    expect(error.kind).toBe('rate-limit');
    expect(error.message).toBe('Bling: limite de requisições excedido (HTTP 429)');
    expect(calls).toHaveLength(1);
  });

  it('names the upstream when the JSON is malformed, without retrying', async () => {
    script = [(_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [{"id": 1, "nom')];
    const error = await failure(fetchUpstream('Bling', `${base}/x`, { ...fast, retries: 2 }));
    expect(error.message).toBe('Bling: resposta inválida (JSON malformado)');
    expect(error.kind).toBe('malformed');
    expect(error.status).toBe(502);
    expect(error.upstreamStatus).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('names the field when the answer has an unexpected shape', async () => {
    script = [json(200, { data: { id: 'sete' } })];
    const schema = z.object({ data: z.object({ id: z.number() }) });
    const error = await failure(fetchUpstream('Franke', `${base}/x`, { ...fast, schema }));
    expect(error.message).toBe('Franke: resposta inválida (formato inesperado no campo data.id)');
  });

  it('times out a hanging upstream with a 504 and a message in seconds', async () => {
    script = [hang, hang];
    const started = Date.now();
    const error = await failure(fetchUpstream('Tramontina webservice', `${base}/x`, { timeoutMs: 300, retries: 1, backoffMs: 5 }));
    expect(error.message).toBe('Tramontina webservice: tempo esgotado após 0,3 s');
    expect(error.status).toBe(504);
    expect(error.attempts).toBe(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up after the last attempt with the last reason', async () => {
    script = [json(500, {}), json(502, {}), json(503, {})];
    const error = await failure(fetchUpstream('Doka', `${base}/x`, { ...fast, retries: 2 }));
    expect(error.message).toBe('Doka: erro no servidor (HTTP 503)');
    expect(error.upstreamStatus).toBe(503);
    expect(error.attempts).toBe(3);
    expect(calls).toHaveLength(3);
  });

  it('does not retry client errors; 404 answers 404, credentials refused 502', async () => {
    script = [json(404, { erro: 'Produto não encontrado.' })];
    const notFound = await failure(fetchUpstream('Franke', `${base}/x`, { ...fast, retries: 2 }));
    expect([notFound.kind, notFound.status, calls.length]).toEqual(['not-found', 404, 1]);

    script = [json(401, { erro: 'token=abc123 inválido' })];
    const auth = await failure(fetchUpstream('TStock', `${base}/x`, { ...fast, retries: 2 }));
    expect(auth.message).toBe('TStock: credenciais recusadas (HTTP 401)');
    expect(auth.detail).not.toContain('abc123');
  });

  it('retries a POST only when the upstream refused it (429), unless told it is idempotent', async () => {
    script = [json(503, {})];
    await failure(fetchUpstream('Bling', `${base}/x`, { ...fast, method: 'POST', body: '{}', retries: 2 }));
    expect(calls).toHaveLength(1);

    calls = [];
    script = [json(429, {}, { 'retry-after': '0' }), json(200, { ok: true })];
    await fetchUpstream('Bling', `${base}/x`, { ...fast, method: 'POST', body: '{}', retries: 2 });
    expect(calls).toHaveLength(2);

    calls = [];
    script = [json(503, {}), json(200, { ok: true })];
    await fetchUpstream('TStock', `${base}/x`, { ...fast, method: 'POST', body: '{}', retries: 2, idempotent: true });
    expect(calls).toHaveLength(2);
  });

  it('reports a refused connection as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(fetchUpstream('Doka', `http://127.0.0.1:${port}/`, { ...fast, retries: 1 }));
    expect(error.message).toBe('Doka: falha de conexão (ECONNREFUSED)');
    expect(error.status).toBe(502);
  });

  it('returns text when asked (stock files, HTML pages)', async () => {
    script = [(_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>ok</html>')];
    await expect(fetchUpstream('Doka', `${base}/p`, { ...fast, responseType: 'text' })).resolves.toBe('<html>ok</html>');
  });

  it('sends the headers given (Basic credentials) and never puts them in the error', async () => {
    script = [json(500, { erro: 'falhou' })];
    const error = await failure(
      fetchUpstream('TStock', `${base}/x?senha=segredo`, { ...fast, retries: 0, headers: { authorization: basicAuth('u', 'segredo') } }),
    );
    expect(calls[0]!.authorization).toBe(basicAuth('u', 'segredo'));
    expect(`${error.message} ${error.detail} ${error.stack}`).not.toContain('segredo');
  });

  it('stops waiting when the caller cancels', async () => {
    script = [hang];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(fetchUpstream('Bling', `${base}/x`, { ...fast, timeoutMs: 5000, signal: controller.signal }));
    expect(error.reason).toBe('requisição cancelada');
  });
});

describe('helpers', () => {
  it('parses Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:30:00 GMT'))).toBe(0);
    expect(parseRetryAfter('amanhã')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it('draws full-jitter backoff within the doubled step and the ceiling', () => {
    expect(backoffDelay(0, 300, 30_000, () => 0.999)).toBeLessThanOrEqual(300);
    expect(backoffDelay(3, 300, 30_000, () => 1)).toBe(2400);
    expect(backoffDelay(20, 300, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(5, 300, 30_000, () => 0)).toBe(0);
  });

  it('drops query strings from URLs it logs, and joins bases that carry a path', () => {
    expect(redactUrl('https://tstock.example/arq/1.xls?assinatura=abc')).toBe('https://tstock.example/arq/1.xls');
    expect(joinUrl('https://api.bling.com.br/Api/v3/', '/produtos', { pagina: 1, limite: undefined })).toBe(
      'https://api.bling.com.br/Api/v3/produtos?pagina=1',
    );
  });
});
