// A functions worker of its own (bundled and run as a child process by the send job's emulator
// test): runs the campaign send job of `email-promo` in CAMPAIGN_PROJECT against the SendGrid at
// SENDGRID_URL, so a test can kill it for real (SIGKILL) in the middle of a send.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createEmailChannel } from '../functions/src/campaigns/email-channel.js';
import { runSendJob } from '../functions/src/campaigns/send-job.js';
import { warehouseMemberSource } from '../functions/src/campaigns/warehouse-member-source.js';
import { getWarehouse } from '../functions/src/warehouse/index.js';
import { createSendgridClient } from '../functions/src/campaigns/sendgrid-client.js';
import { SENDGRID_SANDBOX_API_KEY } from '../sandboxes/src/sendgrid.js';

const project = process.env.CAMPAIGN_PROJECT!;
const firestore = getFirestore(initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-console' }));
const result = await runSendJob(project, 'email-promo', {
  firestore,
  channel: createEmailChannel({
    firestore,
    client: () => createSendgridClient({ apiKey: SENDGRID_SANDBOX_API_KEY, baseUrl: process.env.SENDGRID_URL!, timeoutMs: 1500 }),
    linkBase: () => 'http://console.test',
    linkSecret: () => 'test-link-secret',
    limits: () => ({ mailSendPerSecond: 2, concurrent: 1, activityPerSecond: 20, indexingDelayMs: 400 }),
  }),
  loadMembers: warehouseMemberSource(firestore, getWarehouse(), { maxLagMs: 5_000 }),
  leaseMs: 1500,
});
process.stdout.write(`${result}\n`);
process.exit(0);
