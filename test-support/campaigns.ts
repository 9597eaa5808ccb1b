// Test support (imported by *.test.ts only): a SendGrid sandbox in-process on a free port, a store
// project with a campaign of N recipients, and the send job wired to the real SendGrid client.
import { createServer, type Server } from 'node:http';
import { createSendgridSandbox, SENDGRID_SANDBOX_API_KEY, type SendgridSandbox } from '../sandboxes/src/sendgrid.js';
import { withFaults } from '../sandboxes/src/faults.js';
import { testFirestore } from './stack.js';
import { createEmailChannel } from '../functions/src/campaigns/email-channel.js';
import { createSendgridClient } from '../functions/src/campaigns/sendgrid-client.js';
import { warehouseMemberSource } from '../functions/src/campaigns/warehouse-member-source.js';
import { getWarehouse } from '../functions/src/warehouse/index.js';
import { runSendJob, sendDocPath, type SendJobDeps } from '../functions/src/campaigns/send-job.js';
import { startCampaignSend, type CampaignSendTask } from '../functions/src/campaigns/start-send.js';

export const LINK_BASE = 'http://console.test';

export interface SendgridUnderTest {
  sandbox: SendgridSandbox;
  url: string;
  stop(): Promise<void>;
}

export async function startSendgridSandbox(webhookUrl: string | null = null): Promise<SendgridUnderTest> {
  const sandbox = createSendgridSandbox({ webhookUrl });
  // Wrapped as the stack's sandboxes are, so its exchanges are recorded for the contract report.
  const server: Server = createServer(withFaults('sendgrid', sandbox).listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address() as { port: number };
  return {
    sandbox,
    url: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** `n` addresses, deterministic, some with names. */
export const recipientAddress = (i: number) => `cliente${String(i).padStart(5, '0')}@exemplo.com.br`;

/**
 * A project of its own with config/sendgrid, a template, products, a segment of `count` explicit
 * e-mails (plus a duplicate in capitals, an invalid address, an unsubscribed one and a competitor)
 * and its campaign. Answers the project id and the addresses that must receive the campaign.
 */
const created: string[] = [];

/**
 * Removes the projects seedCampaignProject made (call in afterAll): a store document left behind
 * would show up in every admin's project list and in other tests' replication targets.
 */
export async function removeCampaignProjects(): Promise<void> {
  const db = testFirestore();
  await Promise.all(created.splice(0).map((project) => db.recursiveDelete(db.doc(`project/${project}`))));
}

export async function seedCampaignProject(prefix: string, count: number): Promise<{ project: string; campaignId: string; expected: string[] }> {
  const db = testFirestore();
  const project = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  created.push(project);
  const base = `project/${project}`;
  const emails = Array.from({ length: count }, (_, i) => recipientAddress(i));
  const batch = db.batch();
  batch.set(db.doc(base), { name: `Teste ${project}` });
  batch.set(db.doc(`${base}/config/sendgrid`), { email: 'naoresponda@loja.test', emailReply: 'atendimento@loja.test' });
  batch.set(db.doc(`${base}/config/store`), { name: 'Loja Teste', domain: 'www.loja.test' });
  batch.set(db.doc(`${base}/product/1001`), { ProductSiteName: 'Panela Inox 20 cm', Price: 199.9 });
  batch.set(db.doc(`${base}/email-template/oferta`), {
    title: 'Oferta',
    subject: 'Oferta para {{firstName}}',
    body: '<p>Olá, {{firstName}}!</p>{{#products}}<p>{{name}} por {{price}}</p>{{/products}}',
  });
  batch.set(db.doc(`${base}/customer/c-ana`), { email: emails[0]!.toUpperCase(), firstName: 'Ana', lastName: 'Souza' });
  batch.set(db.doc(`${base}/customer-segment/todos`), {
    name: 'Todos',
    emails: [...emails, emails[1]!.toUpperCase(), 'sem-arroba', 'saiu@exemplo.com.br', 'rival@concorrente.com.br'],
    rules: [],
  });
  batch.set(db.doc(`${base}/campaign-email-preference/saiu@exemplo.com.br`), { id: 'saiu@exemplo.com.br', email: 'saiu@exemplo.com.br', unsubscribed: true });
  batch.set(db.doc(`${base}/campaign-email-preference/rival`), { id: 'rival', email: 'rival@concorrente.com.br', competitor: true });
  batch.set(db.doc(`${base}/campaign-email/promo`), { name: 'Promo', emailTemplateId: 'oferta', customerSegmentId: 'todos', batchs: [{ sku: '1001' }] });
  await batch.commit();
  return { project, campaignId: 'promo', expected: emails };
}

export function jobDeps(sendgridUrl: string, extra: Partial<SendJobDeps> = {}, timeoutMs = 1500): SendJobDeps {
  const firestore = testFirestore();
  return {
    firestore,
    channel: createEmailChannel({
      firestore,
      client: () => createSendgridClient({ apiKey: SENDGRID_SANDBOX_API_KEY, baseUrl: sendgridUrl, timeoutMs }),
      linkBase: () => LINK_BASE,
      linkSecret: () => 'test-link-secret',
      // The sandbox's pace, and an indexing delay longer than the sandbox's (configured per test).
      limits: () => ({ mailSendPerSecond: 50, concurrent: 4, activityPerSecond: 20, indexingDelayMs: 400 }),
      retry: { retries: 4, minTimeoutMs: 50, maxTimeoutMs: 400 },
    }),
    // As deployed: the segment read from the warehouse, once its mirror has the test's customers.
    loadMembers: warehouseMemberSource(firestore, getWarehouse(), { maxLagMs: 5_000 }),
    // Backoffs and rate-limit waits shortened: the faults are counted, not timed.
    sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 100))),
    ...extra,
  };
}

/** 'Enviar' as the endpoint does it; the queued tasks are collected instead of sent to Cloud Tasks. */
export async function clickSend(project: string, campaignId: string, queued: CampaignSendTask[] = []) {
  return startCampaignSend(testFirestore(), {
    project,
    channel: 'email',
    campaignId,
    caller: { uid: 'tester', email: 'tester@loja.test' },
    enqueue: async (task) => {
      queued.push(task);
    },
  });
}

/** Delivers the send task until the send is finished (a redelivery after each failed run), at most `deliveries` times. */
export async function deliverUntilFinished(project: string, deps: SendJobDeps, deliveries = 10): Promise<{ results: string[]; errors: string[] }> {
  const results: string[] = [];
  const errors: string[] = [];
  for (let i = 0; i < deliveries; i += 1) {
    try {
      const result = await runSendJob(project, 'email-promo', deps);
      results.push(result);
      if (result === 'finished' || result === 'already-finished') break;
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  return { results, errors };
}

export async function sendState(project: string) {
  return (await testFirestore().doc(sendDocPath(project, 'email-promo')).get()).data()!;
}

/** How many messages each address got, from the sandbox's journal (the witness). */
export function receivedCounts(sandbox: SendgridSandbox, project: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of sandbox.journal()) if (m.customArgs.console_project === project) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
  return counts;
}
