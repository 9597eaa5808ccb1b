import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SendgridFaultKind } from '../../../sandboxes/src/sendgrid.js';
import {
  clickSend,
  deliverUntilFinished,
  jobDeps,
  LINK_BASE,
  receivedCounts,
  removeCampaignProjects,
  recipientAddress,
  seedCampaignProject,
  sendState,
  startSendgridSandbox,
  type SendgridUnderTest,
} from '../../../test-support/campaigns.js';
import { runSendJob } from './send-job.js';
import type { CampaignSendTask } from './start-send.js';

// The send job against the Firestore emulator and the SendGrid sandbox, through the real
// @sendgrid/client. The sandbox's journal (every recipient it accepted) is the witness.
let sendgrid: SendgridUnderTest;
beforeAll(async () => {
  sendgrid = await startSendgridSandbox();
});
afterAll(async () => {
  await sendgrid?.stop();
  await removeCampaignProjects();
});
beforeEach(() => {
  sendgrid.sandbox.setFault(null);
  sendgrid.sandbox.configure({ ratePerSecond: 50 });
});

/** Everyone expected got exactly one message, nobody else got any, and the send is finished with the right counts. */
async function expectExactlyOnce(project: string, expected: string[]) {
  const counts = receivedCounts(sendgrid.sandbox, project);
  expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
  expect([...counts.keys()].sort()).toEqual([...expected].sort());
  const state = await sendState(project);
  expect(state.status).toBe('finished');
  expect(state.sent).toBe(expected.length);
  expect(state.total).toBe(expected.length);
  expect(state.lease).toBeUndefined(); // released: a later click or delivery sees a finished send
}

describe('campaign send job', () => {
  it('sends each member once, in batches of at most 1,000, leaving out unsubscribed, competitors and bad addresses', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-plain', 2300);
    const queued: CampaignSendTask[] = [];
    const click = await clickSend(project, campaignId, queued);
    expect(click.started).toBe(true);
    expect(queued).toHaveLength(1);
    const run = await deliverUntilFinished(project, jobDeps(sendgrid.url));
    expect(run.results.at(-1)).toBe('finished');
    await expectExactlyOnce(project, expected);
    const state = await sendState(project);
    expect(state.leftOut).toEqual({ 'no-address': 1, unsubscribed: 1, competitor: 1 });
    expect(state.batches).toBe(3);
    const journal = sendgrid.sandbox.journal().filter((m) => m.customArgs.console_project === project);
    expect(journal.some((m) => m.to === 'saiu@exemplo.com.br' || m.to === 'rival@concorrente.com.br')).toBe(false);
    expect(new Set(journal.map((m) => m.requestId)).size).toBe(3);

    // The rendered message: the customer's name, the products, the unsubscribe link and headers.
    const ana = journal.find((m) => m.to === recipientAddress(0))!;
    expect(ana.subject).toBe('Oferta para Ana');
    expect(ana.html).toContain('Olá, Ana!');
    expect(ana.html).toContain('Panela Inox 20 cm por R$');
    expect(ana.from).toBe('naoresponda@loja.test');
    expect(ana.replyTo).toBe('atendimento@loja.test');
    expect(ana.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${LINK_BASE}/api/campaign-email/unsubscribe\\?project=${project}&e=[\\w-]+&s=[\\w-]+>$`));
    expect(ana.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(ana.html).toContain(ana.headers['List-Unsubscribe']!.slice(1, -1).replace(/&/g, '&amp;'));
  });

  it('ten parallel clicks start one send, and a task delivered twice at once runs once', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-clicks', 1500);
    const queued: CampaignSendTask[] = [];
    const clicks = await Promise.all(Array.from({ length: 10 }, () => clickSend(project, campaignId, queued)));
    expect(clicks.filter((c) => c.started)).toHaveLength(1);
    expect(queued).toHaveLength(1);
    const deps = jobDeps(sendgrid.url);
    const twice = await Promise.allSettled([runSendJob(project, 'email-promo', deps), runSendJob(project, 'email-promo', deps)]);
    const values = twice.map((r) => (r.status === 'fulfilled' ? r.value : `error: ${(r.reason as Error).message}`));
    expect(values).toContain('finished');
    await deliverUntilFinished(project, deps);
    await expectExactlyOnce(project, expected);
    // A click after the end starts nothing.
    const late = await clickSend(project, campaignId, queued);
    expect(late.started).toBe(false);
    expect(queued).toHaveLength(1);
  });

  const faults: [SendgridFaultKind, number, string][] = [
    ['429', 3, 'waits for X-RateLimit-Reset and sends once'],
    ['500', 2, 'backs off on 5xx and sends once'],
    ['503', 2, 'backs off on 503 and sends once'],
    ['accept-then-drop', 2, 'does not resend what the provider accepted before the connection dropped'],
    ['hang', 1, 'settles a call that never answered before sending again'],
  ];
  for (const [kind, times, behaviour] of faults) {
    it(`${kind}: ${behaviour}`, async () => {
      const { project, campaignId, expected } = await seedCampaignProject(`send-${kind}`, 1200);
      await clickSend(project, campaignId);
      sendgrid.sandbox.setFault(kind, times, 1);
      const run = await deliverUntilFinished(project, jobDeps(sendgrid.url));
      expect(run.results.at(-1)).toBe('finished');
      await expectExactlyOnce(project, expected);
      if (kind === 'accept-then-drop') {
        // The dropped batches were accepted once each and never sent again: 2 requests + the rest.
        const requests = new Set(
          sendgrid.sandbox
            .journal()
            .filter((m) => m.customArgs.console_project === project)
            .map((m) => m.requestId),
        );
        expect(requests.size).toBe(2);
      }
    });
  }

  it('a worker that dies after the provider accepted a batch, before recording it, is taken over without a second send', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-crash', 2100);
    await clickSend(project, campaignId);
    let calls = 0;
    // The first worker stops forever right after SendGrid accepted its second batch (its lease stays).
    const dying = runSendJob(
      project,
      'email-promo',
      jobDeps(sendgrid.url, {
        leaseMs: 1500,
        afterProviderCall: async () => {
          calls += 1;
          if (calls === 2) await new Promise(() => undefined);
        },
      }),
    );
    void dying;
    const deadline = Date.now() + 20_000;
    while (receivedCounts(sendgrid.sandbox, project).size < 2000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(receivedCounts(sendgrid.sandbox, project).size).toBe(2000);
    // A redelivery while the lease lives is turned away; after it expires it takes over.
    expect(await runSendJob(project, 'email-promo', jobDeps(sendgrid.url))).toBe('busy');
    await new Promise((r) => setTimeout(r, 1600));
    const run = await deliverUntilFinished(project, jobDeps(sendgrid.url));
    expect(run.results.at(-1)).toBe('finished');
    await expectExactlyOnce(project, expected);
  });

  it('a worker that crashes (throws) after an accepted batch is resumed by the next delivery without duplicates', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-throw', 1500);
    await clickSend(project, campaignId);
    let calls = 0;
    const deps = jobDeps(sendgrid.url, {
      afterProviderCall: () => {
        calls += 1;
        if (calls === 1) throw new Error('worker died');
      },
    });
    const run = await deliverUntilFinished(project, deps);
    expect(run.errors).toEqual(['worker died']);
    await expectExactlyOnce(project, expected);
  });

  it('is never finished while anyone is pending: a provider down past the retries leaves the send open, and it resumes', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-down', 1100);
    await clickSend(project, campaignId);
    sendgrid.sandbox.setFault('503', 1000, 1);
    const first = await deliverUntilFinished(project, jobDeps(sendgrid.url), 1);
    expect(first.errors).toHaveLength(1);
    let state = await sendState(project);
    expect(state.status).toBe('sending');
    expect(state.sent).toBe(0);
    expect(state.lastError).toMatch(/HTTP 503/);
    // 'Enviar' again resumes it (no live lease): a new task is queued.
    const queued: CampaignSendTask[] = [];
    expect((await clickSend(project, campaignId, queued)).started).toBe(false);
    expect(queued).toHaveLength(1);
    sendgrid.sandbox.setFault(null);
    await deliverUntilFinished(project, jobDeps(sendgrid.url));
    state = await sendState(project);
    await expectExactlyOnce(project, expected);
  });
});
