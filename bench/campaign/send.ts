// Bundled by bench/campaign.mjs: the send job (functions/src/campaigns) with the real SendGrid
// client against an in-process SendGrid sandbox limited to `ratePerSecond` Mail Send requests.
import { createServer } from 'node:http';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createSendgridSandbox, SENDGRID_SANDBOX_API_KEY } from '../../sandboxes/src/sendgrid.js';
import { createEmailChannel, DEFAULT_SENDGRID_LIMITS } from '../../functions/src/campaigns/email-channel.js';
import { createSendgridClient } from '../../functions/src/campaigns/sendgrid-client.js';
import { loadSegmentMembers } from '../../functions/src/campaigns/segment-members.js';
import { runSendJob, sendDocPath } from '../../functions/src/campaigns/send-job.js';
import { startCampaignSend } from '../../functions/src/campaigns/start-send.js';

export async function benchCampaign({ recipients, ratePerSecond, projectId }: { recipients: number; ratePerSecond: number; projectId: string }) {
  const app = getApps()[0] ?? initializeApp({ projectId });
  const firestore = getFirestore(app);
  const sandbox = createSendgridSandbox();
  // 1% of Mail Send requests answered 503 at random, and one 429 burst at the start.
  sandbox.configure({ ratePerSecond, eventsEnabled: false, failureRate: 0.01 });
  sandbox.setFault('429', 3, 1);
  const server = createServer(sandbox);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const project = `bench-campaign-${Date.now().toString(36)}`;
    const base = `project/${project}`;
    const emails = Array.from({ length: recipients }, (_, i) => `cliente${String(i).padStart(6, '0')}@exemplo.com.br`);
    const batch = firestore.batch();
    batch.set(firestore.doc(base), { name: 'Bench' });
    batch.set(firestore.doc(`${base}/config/sendgrid`), { email: 'naoresponda@loja.test' });
    batch.set(firestore.doc(`${base}/email-template/t`), { subject: 'Oferta para {{firstName}}', body: '<p>Olá, {{firstName}}!</p>' });
    batch.set(firestore.doc(`${base}/customer-segment/s`), { name: 'Todos', emails, rules: [] });
    batch.set(firestore.doc(`${base}/campaign-email/c`), { name: 'Bench', emailTemplateId: 't', customerSegmentId: 's', batchs: [] });
    await batch.commit();

    const channel = createEmailChannel({
      firestore,
      client: () => createSendgridClient({ apiKey: SENDGRID_SANDBOX_API_KEY, baseUrl: url }),
      linkBase: () => 'http://console.test',
      linkSecret: () => 'bench',
      limits: () => ({ ...DEFAULT_SENDGRID_LIMITS, mailSendPerSecond: ratePerSecond, activityPerSecond: 1, indexingDelayMs: 2000 }),
    });
    const started = performance.now();
    const startedAt = Date.now();
    await startCampaignSend(firestore, { project, channel: 'email', campaignId: 'c', caller: { uid: 'bench', email: null }, enqueue: async () => undefined });
    let result = '';
    for (let i = 0; i < 5 && result !== 'finished'; i += 1) {
      result = await runSendJob(project, 'email-c', { firestore, channel, loadMembers: (p, c) => loadSegmentMembers(firestore, p, c.customerSegmentId) });
    }
    const seconds = (performance.now() - started) / 1000;
    const journal = sandbox.journal();
    const unique = new Set(journal.map((m) => m.to)).size;
    const state = (await firestore.doc(sendDocPath(project, 'email-c')).get()).data()!;
    const requests = new Set(journal.map((m) => m.requestId)).size;
    await firestore.recursiveDelete(firestore.doc(base));
    const times = [...new Set(journal.map((m) => m.receivedAt))].map((t) => Date.parse(t)).sort((a, b) => a - b);
    // The journal holds accepted messages only: its first is the first request SendGrid took, after
    // the 429 burst the bench plays. The first request of all is the sandbox's first call.
    const firstRequestS = (times[0]! - startedAt) / 1000;
    const firstCallAt = Math.min(...sandbox.calls().map((c) => c.at));
    const snapshotAt = (state.snapshotAt as { toMillis(): number } | undefined)?.toMillis() ?? NaN;
    const sendingS = (times.at(-1)! - times[0]!) / 1000;
    return {
      firstRequestS,
      /** From the snapshot's write to the first Mail Send request (whatever its answer), s. */
      snapshotToFirstCallS: (firstCallAt - snapshotAt) / 1000,
      snapshotS: (snapshotAt - startedAt) / 1000,
      sendingS,
      seconds,
      accepted: journal.length,
      unique,
      duplicates: journal.length - unique,
      missing: recipients - unique,
      requests,
      faults: sandbox.calls().filter((c) => c.fault).length,
      /** Every Mail Send request as the sandbox saw it: seconds after 'Enviar', status, fault. */
      calls: sandbox.calls().map((c) => ({ atS: (c.at - startedAt) / 1000, status: c.status, fault: c.fault })),
      status: state.status,
      sent: state.sent,
      /** Where the last run's time went (send-job.ts SendTrace), ms per phase and the pacer's figures. */
      trace: (state.runTrace ?? {}) as Record<string, number>,
    };
  } finally {
    server.close();
    server.closeAllConnections();
  }
}
