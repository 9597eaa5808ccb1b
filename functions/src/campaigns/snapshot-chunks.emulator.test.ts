// Issue 31: a large snapshot is written in several commits while the send stays 'preparing' (its
// progress on the send document); only the last commit makes it 'sending'. Batches of 1,000 with
// one batch per commit here, so a 2,300-member segment takes three commits. The members are read
// from the warehouse (test-support/campaigns.ts passes the warehouse's member source).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickSend,
  deliverUntilFinished,
  jobDeps,
  receivedCounts,
  removeCampaignProjects,
  seedCampaignProject,
  sendState,
  startSendgridSandbox,
  type SendgridUnderTest,
} from '../../../test-support/campaigns.js';
import { testFirestore } from '../../../test-support/stack.js';

let sendgrid: SendgridUnderTest;
beforeAll(async () => {
  sendgrid = await startSendgridSandbox();
  sendgrid.sandbox.configure({ ratePerSecond: 50 });
});
afterAll(async () => {
  await sendgrid?.stop();
  await removeCampaignProjects();
});

describe('a snapshot written in several commits', () => {
  it('shows its progress, sends each member once, and drops the batches a longer earlier attempt left', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-chunks', 2300);
    await clickSend(project, campaignId, []);
    const db = testFirestore();
    const sendRef = db.doc(`project/${project}/campaign-send/email-promo`);
    // An earlier attempt cut short after writing more batches than this plan has.
    await db
      .doc(`project/${project}/campaign-send/email-promo/batch/00007`)
      .set({ index: 7, key: 'velho', state: 'pending', attempts: 0, recipientsJson: '[{"key":"x","address":"antigo@exemplo.com.br","state":"pending"}]' });
    await sendRef.update({ snapshotProgress: { written: 8, batches: 8 } });

    const progress: unknown[] = [];
    const stop = sendRef.onSnapshot((snap) => {
      const data = snap.data();
      if (data?.status === 'preparing' && data.snapshotProgress) progress.push(data.snapshotProgress);
    });
    const run = await deliverUntilFinished(project, jobDeps(sendgrid.url, { snapshotBatchesPerWrite: 1 }));
    stop();
    expect(run.results.at(-1)).toBe('finished');
    expect(progress).toContainEqual({ written: 1, batches: 3 });
    expect(progress).toContainEqual({ written: 2, batches: 3 });

    const counts = receivedCounts(sendgrid.sandbox, project);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...expected].sort());
    const state = await sendState(project);
    expect(state).toMatchObject({
      status: 'finished',
      sent: expected.length,
      total: expected.length,
      batches: 3,
      snapshotProgress: { written: 3, batches: 3 },
    });
    expect((await db.collection(`project/${project}/campaign-send/email-promo/batch`).get()).docs.map((d) => d.id)).toEqual(['00000', '00001', '00002']);
  }, 180_000);
});
