// The production WhatsApp client against the Graph API sandbox over loopback HTTP: template pages,
// template sends, the error codes the send job branches on, the limits, faults and the signed
// status webhooks.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandboxes, type StartedSandboxes } from '../../../sandboxes/src/index.js';
import { createWhatsappSandbox } from '../../../sandboxes/src/whatsapp.js';
import { createWhatsappClient, TEMPLATE_READ_RETRY, WhatsappApiError } from './client.js';
import { verifyHubSignature } from './webhook.js';
import { expectExchangesConform, type Exchange } from '../../../test-support/contracts.js';
import { checkRequest, contractFromDocument, loadContract, type Contract } from '../../../sandboxes/src/contracts/index.js';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

let sandboxes: StartedSandboxes;
let hook: Server;
const received: { body: Buffer; signature: string | undefined; url: string }[] = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), signature: req.headers['x-hub-signature-256'] as string | undefined, url: req.url ?? '' });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  sandboxes = await startSandboxes({ whatsappWebhookUrl: `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook` });
});
afterAll(async () => {
  await sandboxes.stop();
  hook.close();
});
/** Every exchange of the file with the Graph sandbox (kept before each test clears the log), checked against Meta's contract at the end. */
const exchanges: Exchange[] = [];
beforeEach(() => {
  if (sandboxes.controls.whatsapp) exchanges.push(...sandboxes.controls.whatsapp.exchanges());
  sandboxes.whatsapp.reset();
  sandboxes.whatsapp.configure({ webhookUrl: `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`, stepMs: 20 });
  sandboxes.controls.whatsapp.clearFaults();
  sandboxes.controls.whatsapp.clearRequests();
  received.length = 0;
});

const account = () => sandboxes.whatsapp.accounts.find((a) => a.project === 'main')!;
const client = () => createWhatsappClient({ baseUrl: `${sandboxes.urls.whatsapp}/v21.0`, token: account().token, timeoutMs: 2000 });
const send = (to: string, name = 'boas_vindas', components: Record<string, unknown>[] = []) =>
  client().sendTemplate(account().phoneNumberId, { to, name, language: 'pt_BR', components, opaque: 'v1|main|test' });
/** The template reads the Graph sandbox received since the test began. */
const templateReads = () => sandboxes.controls.whatsapp.requests().filter((r) => r.path.endsWith('/message_templates'));
async function failure(promise: Promise<unknown>): Promise<WhatsappApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WhatsappApiError);
  return error as WhatsappApiError;
}

describe('templates', () => {
  it('lists every page by cursor', async () => {
    const templates = await client().listTemplates(account().wabaId);
    expect(templates).toHaveLength(7);
    expect(sandboxes.controls.whatsapp.requests().filter((r) => r.path.endsWith('/message_templates'))).toHaveLength(3);
    expect(templates.find((t) => t.name === 'oferta_churrasco')!.components.map((c) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);
  });
  it('refuses a bad token and another WABA', async () => {
    const bad = createWhatsappClient({ baseUrl: `${sandboxes.urls.whatsapp}/v21.0`, token: 'nope' });
    const refused = await failure(bad.listTemplates(account().wabaId));
    expect(refused).toMatchObject({ kind: 'auth', code: 190 });
    expect(refused.message).toBe('WhatsApp: token do WhatsApp inválido ou expirado (HTTP 401, código 190).');
    expect((await failure(client().listTemplates('100000000000002'))).kind).toBe('auth');
    // A refusal is not retried.
    expect(templateReads()).toHaveLength(2);
  });

  describe('through the vendor layer, as sends are (paced, retried)', () => {
    // Short waits between tries; the policy's shape (2 retries) is the production one.
    const reads = (timeoutMs = 2000) =>
      createWhatsappClient({
        baseUrl: `${sandboxes.urls.whatsapp}/v21.0`,
        token: account().token,
        timeoutMs,
        readRetry: { ...TEMPLATE_READ_RETRY, minTimeoutMs: 10, maxTimeoutMs: 40 },
      });
    const TEMPLATES = '/v21.0/*/message_templates';

    it('retries a 5xx and a connection reset, then lists every page', async () => {
      sandboxes.controls.whatsapp.setFaults([
        { path: TEMPLATES, status: 503, times: 1 },
        { path: TEMPLATES, resetBefore: true, times: 1 },
      ]);
      expect(await reads().listTemplates(account().wabaId)).toHaveLength(7);
      expect(templateReads().map((r) => r.status)).toEqual([503, null, 200, 200, 200]);
    });

    it("waits a 429's Retry-After before trying again", async () => {
      // 2 s: without a Retry-After the WABA is held 1 s, so the gap tells the header was read.
      sandboxes.controls.whatsapp.setFaults([{ path: TEMPLATES, tooManyRequests: { retryAfterSeconds: 2 }, times: 1 }]);
      expect(await reads().listTemplates(account().wabaId)).toHaveLength(7);
      const [limited, retried] = templateReads();
      expect([limited!.status, retried!.status]).toEqual([429, 200]);
      // The vendor's own wait, measured on the sandbox's clock (its log), not a backoff of ours.
      expect(Date.parse(retried!.time) - Date.parse(limited!.time)).toBeGreaterThanOrEqual(1950);
    });

    it('gives up after its retries with a message in Portuguese', async () => {
      sandboxes.controls.whatsapp.setFaults([{ path: TEMPLATES, status: 503, times: 10 }]);
      const unavailable = await failure(reads().listTemplates(account().wabaId));
      expect(unavailable).toMatchObject({ kind: 'transient', httpStatus: 503 });
      expect(unavailable.message).toBe('WhatsApp: a Meta está indisponível no momento; tente de novo em instantes (HTTP 503, código 2).');
      expect(templateReads()).toHaveLength(3);

      sandboxes.controls.whatsapp.clearRequests();
      sandboxes.controls.whatsapp.setFaults([{ path: TEMPLATES, tooManyRequests: { retryAfterSeconds: 0 }, times: 10 }]);
      const limited = await failure(reads().listTemplates(account().wabaId));
      expect(limited.message).toBe('WhatsApp: limite de consultas da Meta atingido; tente de novo em alguns minutos (HTTP 429, código 130429).');
      expect(templateReads()).toHaveLength(3);
    });

    it('tries a timeout once more, and does not repeat a body that is not JSON', async () => {
      sandboxes.controls.whatsapp.setFaults([{ path: TEMPLATES, hang: true, times: 10 }]);
      const silent = await failure(reads(300).listTemplates(account().wabaId));
      expect(silent).toMatchObject({ kind: 'transient', httpStatus: null });
      expect(silent.message).toBe('WhatsApp: a Meta não respondeu em 0,3 s; tente de novo em instantes.');
      expect(templateReads()).toHaveLength(2);

      sandboxes.controls.whatsapp.clearFaults();
      sandboxes.controls.whatsapp.clearRequests();
      sandboxes.controls.whatsapp.setFaults([{ path: TEMPLATES, malformed: true, times: 1 }]);
      const malformed = await failure(reads().listTemplates(account().wabaId));
      expect(malformed.message).toBe('WhatsApp: resposta inválida da Meta (não é JSON); tente de novo.');
      expect(templateReads()).toHaveLength(1);
    });
  });
});

describe('sends', () => {
  it('answers the message id and the wa_id (without the ninth digit for area codes 31+)', async () => {
    const sent = await send('+5531987654321');
    expect(sent.messageId).toMatch(/^wamid\./);
    expect(sent.waId).toBe('553187654321');
    expect((await send('+5511987654321')).waId).toBe('5511987654321');
  });

  it('classifies the error codes', async () => {
    sandboxes.whatsapp.configure({ optedOut: ['5511991110001'], marketingLimited: ['+55 11 99111-0002'] });
    const params = [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ana' },
          { type: 'text', text: 'X' },
        ],
      },
    ];
    expect(await failure(send('5511991110001', 'oferta_churrasco', params))).toMatchObject({ kind: 'opted-out', code: 131050, retryable: false });
    // The opt-out holds whether the number comes with or without the ninth digit.
    expect((await failure(send('551191110001', 'oferta_churrasco', params))).code).toBe(131050);
    expect(await failure(send('5511991110002', 'oferta_churrasco', params))).toMatchObject({ kind: 'marketing-limit', code: 131049, retryable: false });
    expect(await failure(send('5511911110003', 'oferta_churrasco'))).toMatchObject({ kind: 'parameters', code: 132000, retryable: false });
    expect((await failure(send('5511911110003', 'nao_existe'))).code).toBe(132001);
    await send('5511911110004');
    const pair = await failure(send('5511911110004'));
    expect(pair).toMatchObject({ kind: 'pair-rate', code: 131056, retryable: true });
    expect(pair.message).toBe('WhatsApp: muitas mensagens para o mesmo número em pouco tempo (131056).');
  });

  it('holds the throughput limit per number per second', async () => {
    sandboxes.whatsapp.configure({ throughputPerSecond: 5 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => send(`55119222200${String(i).padStart(2, '0')}`)));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as WhatsappApiError);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(refused.every((e) => e.kind === 'throughput' && e.code === 130429 && e.retryable)).toBe(true);
  });

  it("counts customers' messages in the number's throughput, as Meta does (inbound and outbound)", async () => {
    sandboxes.whatsapp.configure({ throughputPerSecond: 2 });
    for (const from of ['5511944440001', '5511944440002']) {
      const inbound = await fetch(`${sandboxes.urls.whatsapp}/__whatsapp/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ project: 'main', from, text: 'Oi' }),
      });
      expect(inbound.status).toBe(200);
    }
    expect(await failure(send('5511944440003'))).toMatchObject({ kind: 'throughput', code: 130429 });
  });

  it('turns faults into retryable or clear errors', async () => {
    sandboxes.controls.whatsapp.setFaults([{ path: '/v21.0', status: 503, times: 1 }]);
    expect((await failure(send('5511933330001'))).kind).toBe('transient');
    // A 200 we cannot read, or no answer after the request left: it may have been sent (not retried blindly).
    sandboxes.controls.whatsapp.setFaults([{ path: '/v21.0', malformed: true, times: 1 }]);
    expect((await failure(send('5511933330002'))).message).toBe('WhatsApp: resposta de envio em formato inesperado.');
    sandboxes.controls.whatsapp.setFaults([{ path: '/v21.0', hang: true, times: 1 }]);
    expect((await failure(send('5511933330003'))).message).toBe('WhatsApp: sem resposta depois do envio (tempo esgotado).');
    // A 503 without Graph's body (a proxy) is still Meta not taking it: retryable.
    sandboxes.controls.whatsapp.setFaults([{ path: '/v21.0', status: 503, bare: true, times: 1 }]);
    expect((await failure(send('5511933330004'))).retryable).toBe(true);
  });
});

describe('status webhooks', () => {
  it('are signed with the app secret, shuffled, and name the project', async () => {
    sandboxes.whatsapp.configure({ readEvery: 1, duplicateRate: 1 });
    await send('5511944440001');
    await new Promise((r) => setTimeout(r, 2000));
    expect(received.length).toBeGreaterThanOrEqual(2);
    for (const r of received) {
      expect(r.url).toBe('/hook?project=main');
      expect(verifyHubSignature(r.body, r.signature, account().appSecret)).toBe(true);
      expect(verifyHubSignature(r.body, r.signature, 'another-secret')).toBe(false);
    }
    const statuses = received.flatMap(
      (r) => JSON.parse(r.body.toString()).entry[0].changes[0].value.statuses as { status: string; biz_opaque_callback_data: string }[],
    );
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['sent', 'delivered', 'read']));
    expect(statuses.every((s) => s.biz_opaque_callback_data === 'v1|main|test')).toBe(true);
    // Duplicated: every batch came twice (sent, delivered and read in one or more batches).
    expect(statuses.length).toBe(6);
  });
});

describe("what Meta's contract refuses, the sandbox refuses", () => {
  // A sandbox of its own, unrecorded: these requests are written by hand to be refused, not our
  // client's, and must not reach the contract report of the run.
  const bare = createWhatsappSandbox();
  const server = createServer(bare);
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const post = (template: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/v21.0/${account().phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account().token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '5511944440009', type: 'template', template, ...extra }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error?: { code?: number } } }));
  const language = { policy: 'deterministic', code: 'pt_BR' };

  it('a language policy other than deterministic, a recipient_type other than individual or group, an unknown component, a button without index', async () => {
    for (const [template, extra] of [
      [{ name: 'boas_vindas', language: { policy: 'fallback', code: 'pt_BR' } }, {}],
      [{ name: 'boas_vindas', language }, { recipient_type: 'broadcast' }],
      [{ name: 'boas_vindas', language, components: [{ type: 'footer', parameters: [] }] }, {}],
      [{ name: 'boas_vindas', language, components: [{ type: 'button', sub_type: 'quick_reply', parameters: [{ type: 'payload', payload: 'X' }] }] }, {}],
    ] as const) {
      const answer = await post(template, extra);
      expect(answer, JSON.stringify(template)).toMatchObject({ status: 400, body: { error: { code: 100 } } });
    }
  });
});

/**
 * Meta's webhook body as its contract describes it (components.schemas.WebhookPayload), checked
 * like a request to an endpoint of ours: the contract describes it as a schema, not an operation.
 */
let webhookContract: Promise<Contract> | undefined;
function webhookPayloadProblems(body: unknown) {
  webhookContract ??= (() => {
    const document = parseYaml(readFileSync(new URL('../../../sandboxes/contracts/whatsapp/openapi.yaml', import.meta.url), 'utf8')) as { components: unknown };
    const schema = { $ref: '#/components/schemas/WebhookPayload' };
    const operation = {
      operationId: 'webhook',
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: { '200': { description: 'ok' } },
    };
    return contractFromDocument(
      { openapi: '3.1.0', info: { title: 'WhatsApp webhook', version: 'v23.0' }, paths: { '/webhook': { post: operation } }, components: document.components },
      'whatsapp-webhook',
    );
  })();
  return webhookContract.then((contract) =>
    checkRequest(contract, { method: 'POST', path: '/webhook', headers: { 'content-type': 'application/json' }, body }),
  );
}

describe("Meta's webhook payload schema", () => {
  // Statuses only: the document's IncomingMessage maps each type to the *outgoing* message schemas
  // (TextMessage, with messaging_product and `to` required), so Meta's own incoming example fails it
  // (sandboxes/contracts/whatsapp/SOURCE.md, 'Known errors').
  it("takes Meta's own status example (the fixture replayed through our webhook)", async () => {
    for (const fixture of ['status-delivered.json']) {
      const body: unknown = JSON.parse(readFileSync(new URL(`../../../sandboxes/fixtures/whatsapp/${fixture}`, import.meta.url), 'utf8'));
      expect(await webhookPayloadProblems(body), fixture).toEqual([]);
    }
  });
  it('and every status webhook the sandbox posts (sent, delivered, read, failed) is of that shape', async () => {
    sandboxes.whatsapp.configure({ readEvery: 1, undeliverable: ['5511944440022'] });
    await send('5511944440021');
    await send('5511944440022');
    await new Promise((r) => setTimeout(r, 1500));
    const statuses = received.map((r) => JSON.parse(r.body.toString()) as { entry: { changes: { value: { statuses?: { status: string }[] } }[] }[] });
    expect(new Set(statuses.flatMap((b) => b.entry[0]!.changes[0]!.value.statuses ?? []).map((st) => st.status))).toEqual(
      new Set(['sent', 'delivered', 'read', 'failed']),
    );
    for (const body of statuses) expect(await webhookPayloadProblems(body), JSON.stringify(body)).toEqual([]);
  });
});

describe("Meta's contract, both sides", () => {
  it("takes Meta's own example of template components (a quick-reply button at index '0'), and a message our client writes with it", async () => {
    const contract = await loadContract('whatsapp');
    // TemplateObject.components' example in the document, as published.
    const components = [
      { type: 'header', parameters: [{ type: 'image', image: { link: 'http(s)://example.com/image.jpg' } }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Hello {{1}}! Your order of {{2}} is confirmed for {{3}}.' }] },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'ORDER_DETAILS_CLICKED' }] },
    ];
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      type: 'template',
      template: { name: 'order_confirmation', language: { policy: 'deterministic', code: 'en_US' }, components },
    };
    expect(
      checkRequest(contract, {
        method: 'POST',
        path: '/v23.0/106540352242922/messages',
        headers: { authorization: 'Bearer EAAmasked', 'content-type': 'application/json' },
        body,
      }),
    ).toEqual([]);
  });
  it('every request the client sent in this file and every answer the sandbox gave conform (faults and the refusals above included)', async () => {
    exchanges.push(...sandboxes.controls.whatsapp.exchanges());
    await expectExchangesConform('whatsapp', exchanges);
  });
});
