// Issue 31: a large snapshot is written in several commits while the send stays 'preparing' (its
// progress on the send document); only the last commit makes it 'sending'. Batches of 1,000 with
// one batch per commit here, so a 2,300-member segment takes three commits. The members are read
// from the warehouse (test-support/campaigns.ts passes the warehouse's member source).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSendJob } from './send-job.js';
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
import { getWarehouse } from '../warehouse/index.js';
import type { MemberList } from './send-snapshot.js';
import { warehouseMemberSource } from './warehouse-member-source.js';

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

  it('resumes a snapshot cut short at a page from its cursor: the same member run, the pages after those written, each member once', async () => {
    const { project, campaignId, expected } = await seedCampaignProject('send-resume', 2300);
    await clickSend(project, campaignId, []);
    const db = testFirestore();
    const sendRef = db.doc(`project/${project}/campaign-send/email-promo`);
    const source = warehouseMemberSource(db, getWarehouse(), { maxLagMs: 5_000 });
    const asked: { resume: unknown; from: number[] }[] = [];
    /** The warehouse's list, read through a wrapper that records what was asked and dies at page `dieAt`. */
    const watched =
      (dieAt: number) =>
      async (p: string, c: Record<string, unknown>, resume: { run: string; total: number } | null): Promise<MemberList> => {
        const list = await source(p, c, resume);
        const call = { resume, from: [] as number[] };
        asked.push(call);
        return {
          ...list,
          async *pages(size, from) {
            call.from.push(from);
            let page = 0;
            for await (const members of list.pages(size, from)) {
              if (++page === dieAt) throw new Error('o processo morreu no meio da leitura');
              yield members;
            }
          },
        };
      };
    // The first run dies asking for its third page: the first page is written (the second was held
    // until the next arrived), the send still 'preparing'.
    await expect(runSendJob(project, 'email-promo', jobDeps(sendgrid.url, { snapshotBatchesPerWrite: 1, loadMembers: watched(3) }))).rejects.toThrow(/morreu/);
    const cut = (await sendRef.get()).data()!;
    expect(cut).toMatchObject({ status: 'preparing', snapshotProgress: { written: 1, batches: 3 }, snapshotCursor: { after: 1000, batches: 1 } });
    expect(receivedCounts(sendgrid.sandbox, project).size).toBe(0);

    const run = await deliverUntilFinished(project, jobDeps(sendgrid.url, { snapshotBatchesPerWrite: 1, loadMembers: watched(0) }));
    expect(run.results.at(-1)).toBe('finished');
    // The second run read the first run's list again, after the members already written.
    expect(asked[0]).toMatchObject({ resume: null, from: [0] });
    expect(asked[1]).toEqual({ resume: { run: cut.snapshotCursor.run, total: cut.snapshotCursor.total }, from: [1000] });
    const counts = receivedCounts(sendgrid.sandbox, project);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...expected].sort());
    expect(await sendState(project)).toMatchObject({ status: 'finished', sent: expected.length, total: expected.length, batches: 3 });
    expect((await sendRef.get()).get('snapshotCursor')).toBeUndefined();
  }, 180_000);
});
