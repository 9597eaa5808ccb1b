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
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { testFirestore } from '../../../test-support/stack.js';
import { controlCampaignSend } from './send-control.js';
import { runSendJob } from './send-job.js';
import type { CampaignSendTask } from './start-send.js';

const CACHE = fileURLToPath(new URL('../../../.cache/test-campaign-worker', import.meta.url));
mkdirSync(CACHE, { recursive: true });
const caller = { uid: 'tester', email: 'tester@loja.test' };

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

  // One test per fault, the provider's journal as the witness: each recipient exactly one message,
  // the counts equal the journal, nothing the provider did not accept counted as sent.
  const faults: [SendgridFaultKind, number, string][] = [
    ['503', 2, "retries a 503 with SendGrid's error body and sends once"],
    ['503-bare', 2, "retries a 503 without a body (a proxy's) and sends once"],
    ['500', 2, 'retries a 500 and sends once'],
    ['reset-before', 2, 'retries a connection reset before the body was read and sends once'],
    ['reset-after', 2, 'reconciles a connection reset after the body (not taken) before sending again'],
    ['accept-then-drop', 2, 'does not resend what the provider accepted before the connection dropped'],
    ['hang', 1, 'reconciles a call that never answered before sending again'],
  ];
  for (const [kind, times, behaviour] of faults) {
    it(`${kind}: ${behaviour}`, async () => {
      const { project, campaignId, expected } = await seedCampaignProject(`send-${kind}`, 1200);
      await clickSend(project, campaignId);
      // SendGrid indexes with a delay: the reconciliation must wait for it, not take "absent" at once.
      sendgrid.sandbox.configure({ activityDelayMs: 150 });
      sendgrid.sandbox.setFault(kind, times, 1);
      const run = await deliverUntilFinished(project, jobDeps(sendgrid.url));
      sendgrid.sandbox.configure({ activityDelayMs: 0 });
      expect(run.results.at(-1)).toBe('finished');
      await expectExactlyOnce(project, expected);
      expect((await sendState(project)).unknown).toBe(0);
      const calls = sendgrid.sandbox.calls().filter((c) => c.fault === kind);
      expect(calls).toHaveLength(times);
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

  it('429: X-RateLimit-Reset holds every call of the account, not only the one refused', async () => {
    // Two campaigns sending at once on one API key: their calls share the account's pacer.
    const a = await seedCampaignProject('send-429a', 4500);
    const b = await seedCampaignProject('send-429b', 4500);
    await clickSend(a.project, a.campaignId);
    await clickSend(b.project, b.campaignId);
    sendgrid.sandbox.clearJournal();
    sendgrid.sandbox.setFault('429', 1, 2);
    const runs = await Promise.all([deliverUntilFinished(a.project, jobDeps(sendgrid.url)), deliverUntilFinished(b.project, jobDeps(sendgrid.url))]);
    expect(runs.map((r) => r.results.at(-1))).toEqual(['finished', 'finished']);
    await expectExactlyOnce(a.project, a.expected);
    await expectExactlyOnce(b.project, b.expected);
    const calls = sendgrid.sandbox.calls();
    const refused = calls.find((c) => c.fault === '429')!;
    const resetAt = (Math.floor(refused.at / 1000) + 2) * 1000;
    // Calls already on the wire when the 429 left may still land; none starts after it until the reset.
    const during = calls.filter((c) => c.at > refused.at + 250 && c.at < resetAt - 50);
    expect(during).toEqual([]);
    expect(calls.filter((c) => c.at >= resetAt - 50).length).toBeGreaterThan(0);
  });

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

  it('pauses itself after consecutive provider failures, with the reason, and resumes once the operator says so', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-down', 1100);
    await clickSend(project, campaignId);
    sendgrid.sandbox.setFault('503-bare', 100_000, 1);
    const first = await deliverUntilFinished(project, jobDeps(sendgrid.url, { pauseAfterFailures: 3 }), 1);
    expect(first.results).toEqual(['paused']);
    let state = await sendState(project);
    expect(state.status).toBe('paused');
    expect(state.sent).toBe(0);
    expect(state.pausedReason).toMatch(/^Pausado automaticamente: 3 tentativas seguidas sem aceite do provedor \(SendGrid indisponível \(HTTP 503\)\)/);
    expect(sendgrid.sandbox.journal().filter((m) => m.customArgs.console_project === project)).toEqual([]);
    // 'Enviar' does not restart a paused send; 'Retomar' does (one new task).
    const queued: CampaignSendTask[] = [];
    expect((await clickSend(project, campaignId, queued)).started).toBe(false);
    expect(queued).toHaveLength(0);
    sendgrid.sandbox.setFault(null);
    const resumed = await controlCampaignSend(testFirestore(), {
      project,
      channel: 'email',
      campaignId,
      action: 'resume',
      caller,
      enqueue: async (t) => void queued.push(t),
    });
    expect(resumed.status).toBe('sending');
    expect(resumed.pausedReason).toBeNull();
    expect(queued).toHaveLength(1);
    await deliverUntilFinished(project, jobDeps(sendgrid.url));
    state = await sendState(project);
    await expectExactlyOnce(project, expected);
  });

  it('stops between chunks when paused or cancelled by the operator; a cancelled send sends nobody else', async () => {
    const { project, campaignId } = await seedCampaignProject('send-cancel', 3100);
    await clickSend(project, campaignId);
    let paused = false;
    const pausing = await runSendJob(
      project,
      'email-promo',
      jobDeps(sendgrid.url, {
        afterProviderCall: async () => {
          if (paused) return;
          paused = true;
          await controlCampaignSend(testFirestore(), { project, channel: 'email', campaignId, action: 'pause', caller, enqueue: async () => undefined });
        },
      }),
    );
    expect(pausing).toBe('paused');
    let state = await sendState(project);
    expect(state).toMatchObject({ status: 'paused', sent: 1000, pausedReason: 'Pausado pelo operador.' });
    expect(receivedCounts(sendgrid.sandbox, project).size).toBe(1000);
    // A redelivered task does not run a paused send.
    expect(await runSendJob(project, 'email-promo', jobDeps(sendgrid.url))).toBe('paused');
    await controlCampaignSend(testFirestore(), { project, channel: 'email', campaignId, action: 'cancel', caller, enqueue: async () => undefined });
    expect(await runSendJob(project, 'email-promo', jobDeps(sendgrid.url))).toBe('cancelled');
    state = await sendState(project);
    expect(state).toMatchObject({ status: 'cancelled', sent: 1000 });
    expect(receivedCounts(sendgrid.sandbox, project).size).toBe(1000);
    await expect(
      controlCampaignSend(testFirestore(), { project, channel: 'email', campaignId, action: 'resume', caller, enqueue: async () => undefined }),
    ).rejects.toThrow('Só um envio pausado pode ser retomado.');
  });

  it('the worker process running the send killed mid-send (SIGKILL), then the task redelivered: each recipient once', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-kill', 5100);
    await clickSend(project, campaignId);
    const worker = join(CACHE, 'campaign-worker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('../../../test-support/campaign-worker.ts', import.meta.url))],
      outfile: worker,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      alias: { '@console/shared': fileURLToPath(new URL('../../../shared/src/index.ts', import.meta.url)) },
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    const log = openSync(join(CACHE, 'campaign-worker.log'), 'w');
    const child = spawn(process.execPath, [worker], {
      env: { ...process.env, GCLOUD_PROJECT: process.env.GCLOUD_PROJECT ?? 'demo-console', CAMPAIGN_PROJECT: project, SENDGRID_URL: sendgrid.url },
      stdio: ['ignore', log, log],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((r) => child.on('exit', (code, signal) => r(signal ?? code)));
    // Killed once the provider accepted two batches (the worker paces two calls a second).
    const deadline = Date.now() + 150_000;
    while (receivedCounts(sendgrid.sandbox, project).size < 2000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const before = receivedCounts(sendgrid.sandbox, project).size;
    expect(before).toBeGreaterThanOrEqual(2000);
    expect(before).toBeLessThan(expected.length);
    // Cloud Tasks redelivers: turned away while the dead worker's lease lives, then takes over.
    await new Promise((r) => setTimeout(r, 1600));
    const run = await deliverUntilFinished(project, jobDeps(sendgrid.url));
    expect(run.results.at(-1)).toBe('finished');
    await expectExactlyOnce(project, expected);
  }, 240_000);
});
