import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSendgridSandbox, SENDGRID_SANDBOX_API_KEY } from './sendgrid.js';

const sandbox = createSendgridSandbox();
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(sandbox);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const send = (body: unknown, key = SENDGRID_SANDBOX_API_KEY) =>
  fetch(`${base}/v3/mail/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const mail = (addresses: string[]) => ({
  personalizations: addresses.map((email) => ({ to: [{ email }], substitutions: { '-n-': email.split('@')[0]! } })),
  from: { email: 'loja@x.com' },
  subject: 'Oi -n-',
  content: [{ type: 'text/html', value: '<p>Olá -n-</p>' }],
  custom_args: { batch: 'b1' },
});

describe('SendGrid sandbox Mail Send', () => {
  it('accepts with 202 and X-Message-Id, applies substitutions and journals every recipient', async () => {
    sandbox.clearJournal();
    const res = await send(mail(['a@x.com', 'b@x.com']));
    expect(res.status).toBe(202);
    expect(res.headers.get('x-message-id')).toBeTruthy();
    expect(sandbox.journal().map((m) => [m.to, m.subject, m.html])).toEqual([
      ['a@x.com', 'Oi a', '<p>Olá a</p>'],
      ['b@x.com', 'Oi b', '<p>Olá b</p>'],
    ]);
  });
  it('refuses the whole request for a repeated address, more than 1,000 personalizations, or a bad key', async () => {
    sandbox.clearJournal();
    const dup = await send(mail(['a@x.com', 'c@x.com', 'A@x.com']));
    expect(dup.status).toBe(400);
    expect(((await dup.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/unique between to, cc, and bcc/);
    const many = await send(mail(Array.from({ length: 1001 }, (_, i) => `c${i}@x.com`)));
    expect(many.status).toBe(400);
    expect((await send(mail(['a@x.com']), 'SG.wrong')).status).toBe(401);
    expect(sandbox.journal()).toEqual([]);
  });
  it('answers 429 with X-RateLimit-Reset over its rate, and finds messages by custom arg', async () => {
    sandbox.configure({ ratePerSecond: 1 });
    // Wait for a fresh second so both calls fall in the same window.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));
    expect((await send(mail(['d@x.com']))).status).toBe(202);
    const limited = await send(mail(['e@x.com']));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBe(Math.floor(Date.now() / 1000) + 1);
    sandbox.configure({ ratePerSecond: 50 });
    const activity = await fetch(`${base}/v3/messages?query=${encodeURIComponent(`unique_args['batch']="b1"`)}&limit=1000`, {
      headers: { authorization: `Bearer ${SENDGRID_SANDBOX_API_KEY}` },
    });
    expect(((await activity.json()) as { messages: { to_email: string }[] }).messages.map((m) => m.to_email)).toContain('d@x.com');
  });
  it('accept-then-drop journals the mail but cuts the connection', async () => {
    sandbox.clearJournal();
    sandbox.setFault('accept-then-drop', 1);
    await expect(send(mail(['f@x.com']))).rejects.toThrow();
    expect(sandbox.journal().map((m) => m.to)).toEqual(['f@x.com']);
  });
});

describe('SendGrid sandbox Event Webhook', () => {
  it('posts the events again, newly signed, until the endpoint answers 2xx (SendGrid retries for 24 h)', async () => {
    // An endpoint that fails twice — a 503 and then a dropped connection — and then accepts.
    const received: { status: number; signature: string | undefined; events: { email: string; event: string; sg_event_id: string }[] }[] = [];
    let calls = 0;
    const endpoint = createServer((req, res) => {
      calls += 1;
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (calls === 2) return void req.socket.destroy();
        const status = calls === 1 ? 503 : 200;
        received.push({ status, signature: req.headers['x-twilio-email-event-webhook-signature'] as string | undefined, events: JSON.parse(body) });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', () => r()));
    const settings = sandbox.settings();
    try {
      sandbox.clearJournal();
      sandbox.configure({
        webhookUrl: `http://127.0.0.1:${(endpoint.address() as { port: number }).port}/events`,
        eventDelayMs: 0,
        duplicateRate: 0,
        webhookRetryDelaysMs: [10, 10, 10],
      });
      expect((await send(mail(['g@x.com']))).status).toBe(202);
      await sandbox.flushWebhooks();
      expect(received.map((r) => r.status)).toEqual([503, 200]);
      // The same events each time, and what was accepted in the end is the delivery.
      expect(received[1]!.events).toEqual(received[0]!.events);
      expect(received[1]!.events.map((e) => e.event)).toContain('delivered');
      // Event ids as SendGrid's reference shows them: padded URL-safe base64 (what the webhook once dropped).
      expect(received[1]!.events.every((e) => /^[\w-]{22}==$/.test(e.sg_event_id))).toBe(true);
      expect(received[1]!.signature).toBeTruthy();
      expect(sandbox.webhookDeliveries().map((d) => [d.attempt, d.status ?? 'cut'])).toEqual([
        [1, 503],
        [2, 'cut'],
        [3, 200],
      ]);
    } finally {
      sandbox.configure(settings);
      endpoint.closeAllConnections();
      endpoint.close();
    }
  });
});

describe("SendGrid sandbox error bodies, as SendGrid's contract documents them", () => {
  it('{errors: [{message, field}]}: field only when a field is at fault, never null; no help', async () => {
    const refused = (await (await send(mail(['a@x.com', 'A@x.com']))).json()) as { errors: Record<string, unknown>[] };
    expect(refused.errors).toEqual([{ message: expect.any(String), field: expect.stringMatching(/^personalizations/) }]);
    const noSubject = await send({ ...mail(['a@x.com']), subject: '' });
    expect(noSubject.status).toBe(400);
    expect(((await noSubject.json()) as { errors: Record<string, unknown>[] }).errors).toEqual([
      { message: expect.stringMatching(/^The subject is required/), field: 'subject' },
    ]);
    const limit = await fetch(`${base}/v3/messages?query=${encodeURIComponent(`to_email="a@x.com"`)}&limit=1001`, {
      headers: { authorization: `Bearer ${SENDGRID_SANDBOX_API_KEY}` },
    });
    expect(limit.status).toBe(400);
    expect(((await limit.json()) as { errors: Record<string, unknown>[] }).errors).toEqual([{ message: expect.any(String), field: 'limit' }]);
    const badKey = (await (await send(mail(['a@x.com']), 'SG.wrong')).json()) as { errors: Record<string, unknown>[] };
    expect(badKey.errors).toEqual([{ message: expect.any(String) }]);
  });
});
