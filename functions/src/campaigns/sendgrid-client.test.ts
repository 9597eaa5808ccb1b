// The SendGrid client (@sendgrid/client) against the SendGrid sandbox over loopback, every exchange
// recorded and checked against SendGrid's pinned contract (sandboxes/contracts/sendgrid/): the
// requests our client sends and the answers the sandbox gives, refusals and limits included.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExchangesConform } from '../../../test-support/contracts.js';
import { withFaults } from '../../../sandboxes/src/faults.js';
import { createSendgridSandbox, SENDGRID_SANDBOX_API_KEY } from '../../../sandboxes/src/sendgrid.js';
import { createSendgridClient, type MailSendBody } from './sendgrid-client.js';

const sandbox = createSendgridSandbox();
const { listener, control } = withFaults('sendgrid', sandbox);
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A campaign batch as email-channel.ts writes it: substitutions, one-click unsubscribe headers and our custom args per recipient. */
const batch = (addresses: string[]): MailSendBody => ({
  personalizations: addresses.map((email, i) => ({
    to: [{ email }],
    substitutions: { '[%firstName%]': 'Ana', '[%text:firstName%]': 'Ana', '[%unsubscribeUrl%]': `https://loja.test/u?e=${i}` },
    headers: { 'List-Unsubscribe': `<https://loja.test/u?e=${i}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    custom_args: { console_project: 'main', console_send: 'email-promo', console_batch: 'b0001', console_recipient: (0x10000000 + i).toString(16) },
  })),
  from: { email: 'naoresponda@loja.test', name: 'Loja' },
  reply_to: { email: 'atendimento@loja.test' },
  subject: 'Oferta para [%text:firstName%]',
  content: [{ type: 'text/html', value: '<p>Olá, [%firstName%]!</p>' }],
});

describe("SendGrid's contract, both sides", () => {
  it('Mail Send accepted, refused (a repeated address, a bad key) and rate-limited; the activity filter; all as the contract says', async () => {
    const client = createSendgridClient({ apiKey: SENDGRID_SANDBOX_API_KEY, baseUrl, timeoutMs: 3000 });
    expect(await client.send(batch(['a@exemplo.com.br', 'b@exemplo.com.br']))).toMatchObject({ kind: 'accepted' });
    expect(await client.send(batch(['a@exemplo.com.br', 'A@exemplo.com.br']))).toMatchObject({ kind: 'refused', status: 400 });
    const stranger = createSendgridClient({ apiKey: 'SG.not-a-key', baseUrl, timeoutMs: 3000 });
    expect(await stranger.send(batch(['c@exemplo.com.br']))).toMatchObject({ kind: 'refused', status: 401 });
    expect(await client.recipientsWithArg('console_batch', 'b0001')).toEqual(new Set(['a@exemplo.com.br', 'b@exemplo.com.br']));
    // Over the account's rate: 429 with X-RateLimit-Reset, not taken (the job waits for the reset).
    sandbox.configure({ ratePerSecond: 1 });
    const answers = [await client.mailSend(batch(['d@exemplo.com.br'])), await client.mailSend(batch(['e@exemplo.com.br']))];
    sandbox.configure({ ratePerSecond: 50 });
    expect(answers.map((a) => a.kind)).toContain('not-taken');
    // The sandbox's own fault (a 503 SendGrid's contract does not list) is marked as ours and left out of the check.
    await fetch(`${baseUrl}/__sendgrid/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: '503', times: 1 }),
    });
    expect(await client.mailSend(batch(['f@exemplo.com.br']))).toMatchObject({ kind: 'not-taken', status: 503 });
    expect(control.exchanges().at(-1)).toMatchObject({ status: 503, skip: 'fault', fault: '503' });
    await expectExchangesConform('sendgrid', control.exchanges());
  });
});
