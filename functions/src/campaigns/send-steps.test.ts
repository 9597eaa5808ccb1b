import { describe, expect, it } from 'vitest';
import { emailAddressing, type SegmentMember } from '@console/shared';
import { type RecipientOutcome, type SettledOutcome } from './send-channel.js';
import { checkSegmentSize, claimFirstChunk, MAX_BATCHES, memberListOf, planPage } from './send-snapshot.js';
import { claimChanges, nextBatchStep, unclaimChanges } from './send-claim.js';
import { reconcileChanges, inDoubtOf } from './send-reconcile.js';
import { callChanges, ChunksOnWire } from './send-call.js';
import { applyChanges, nextFailureRun, sendCountersUpdate } from './send-record.js';
import { autoPauseReason, endingOf } from './send-finish.js';
import { leaseDecision } from './send-lease.js';
import type { StoredBatch, StoredRecipient } from './send-store.js';

/** The send job's steps, each on its own (the emulator tests run them together against the sandboxes). */

const member = (i: number, extra: Partial<SegmentMember> = {}): SegmentMember => ({
  customerId: `c${i}`,
  email: `cliente${String(i).padStart(4, '0')}@exemplo.com.br`,
  phoneNumber: null,
  firstName: `Nome${i}`,
  lastName: null,
  ...extra,
});
const recipient = (key: string, state: StoredRecipient['state'], extra: Partial<StoredRecipient> = {}): StoredRecipient => ({
  key,
  address: `${key}@exemplo.com.br`,
  customerId: key,
  firstName: null,
  lastName: null,
  state,
  ...extra,
});
const batchOf = (recipients: StoredRecipient[], state: StoredBatch['state'] = 'pending'): StoredBatch => ({
  index: 0,
  key: 'k',
  state,
  attempts: 0,
  recipients,
});

async function* pages<T>(...list: T[][]): AsyncIterable<T[]> {
  for (const page of list) {
    await new Promise((r) => setTimeout(r, 1));
    yield page;
  }
}

describe('snapshot: members → recipients in batches, a page at a time', () => {
  it('reads a source page by page, in order, and a one-shot source as one list; read again from any position', async () => {
    const list = await memberListOf(pages([member(1), member(2)], [], [member(3)]));
    expect(list.total).toBe(3);
    const read = async (size: number, from: number) => {
      const out: string[][] = [];
      for await (const page of list.pages(size, from)) out.push(page.map((m) => m.customerId!));
      return out;
    };
    expect(await read(2, 0)).toEqual([['c1', 'c2'], ['c3']]);
    expect(await read(2, 1)).toEqual([['c2', 'c3']]);
    expect((await memberListOf(Promise.resolve([member(7)]))).total).toBe(1);
  });

  const plan = (members: SegmentMember[], seen = new Set<string>(), firstIndex = 0, preferences = new Map()) =>
    planPage({ members, preferences, addressing: emailAddressing, sendKey: 'p\nemail-c', seen, firstIndex });

  it('batches of the channel size in member order, keys derived from the send and the batch number', () => {
    const members = Array.from({ length: 2500 }, (_, i) => member(2500 - i));
    const page = plan(members);
    expect(page.recipients).toBe(2500);
    expect(page.batches.map((b) => b.recipients.length)).toEqual([1000, 1000, 500]);
    expect(page.batches[0]!.recipients[0]!.customerId).toBe('c2500');
    expect(new Set(page.batches.map((b) => b.key)).size).toBe(3);
    expect(page.batches.every((b) => b.attempts === 0 && b.recipients.every((r) => r.state === 'pending'))).toBe(true);
    // The same members give the same keys (a redelivered snapshot is the same send); numbering continues across pages.
    expect(plan(members).batches.map((b) => b.key)).toEqual(page.batches.map((b) => b.key));
    expect(plan(members.slice(0, 10), new Set(), 3).batches.map((b) => b.index)).toEqual([3]);
  });

  it('plans an address once across pages (the addresses seen are carried), and counts the left-out by reason', () => {
    const seen = new Set<string>();
    const preferences = new Map([[member(2).email!, { unsubscribed: true }]]);
    const first = plan([member(1), member(2), member(3, { email: null })], seen, 0, preferences);
    const second = plan([member(1, { customerId: 'outro' }), member(2), member(4)], seen, first.batches.length, preferences);
    expect(first.batches.flatMap((b) => b.recipients.map((r) => r.customerId))).toEqual(['c1']);
    expect(first.leftOut.map((m) => m.reason)).toEqual(['unsubscribed', 'no-address']);
    expect(second.batches.flatMap((b) => b.recipients.map((r) => r.customerId))).toEqual(['c4']);
    expect(second.leftOut).toEqual([]);
  });

  it('refuses a segment over the batches one send holds, in Portuguese', () => {
    expect(() => checkSegmentSize(MAX_BATCHES + 1, 1)).toThrow('Segmento grande demais para um envio (451 destinatários).');
    expect(() => checkSegmentSize(MAX_BATCHES, 1)).not.toThrow();
  });

  it('the last commit claims the first chunk of its first batch, since the snapshot', () => {
    const [batch] = plan(Array.from({ length: 600 }, (_, i) => member(i))).batches;
    const first = claimFirstChunk(batch!, 400, 1000);
    expect(first.batch.attempts).toBe(1);
    expect(first.batch.recipients.slice(0, 400).every((r) => r.state === 'sending' && r.since === 1000 && r.checks === 0)).toBe(true);
    expect(first.batch.recipients.slice(400).every((r) => r.state === 'pending')).toBe(true);
    expect(first.chunk.map((r) => r.key)).toEqual(batch!.recipients.slice(0, 400).map((r) => r.key));
  });
});

describe('claim a chunk (exactly-once lease of recipients)', () => {
  it('takes pending recipients only, never those of this run on the wire, at most the chunk size', () => {
    const batch = batchOf([recipient('a', 'sent'), recipient('b', 'pending'), recipient('c', 'pending'), recipient('d', 'pending'), recipient('e', 'pending')]);
    const step = nextBatchStep(batch, new Set(['b']), 2);
    expect(step).toMatchObject({ kind: 'claim' });
    expect(step.kind === 'claim' && step.chunk.map((r) => r.key)).toEqual(['c', 'd']);
  });

  it('reconciles recipients found sending that are not on this run wire before anyone is claimed', () => {
    const batch = batchOf([recipient('a', 'sending', { since: 5 }), recipient('b', 'sending'), recipient('c', 'pending')]);
    const step = nextBatchStep(batch, new Set(['b']), 10);
    expect(step.kind).toBe('reconcile');
    expect(step.kind === 'reconcile' && step.inDoubt.map((r) => r.key)).toEqual(['a']);
    expect(inDoubtOf([recipient('x', 'sending')])[0]!.since).toBe(0);
  });

  it('says on-wire while only this run chunks are left, close when nothing is, done when stored done', () => {
    expect(nextBatchStep(batchOf([recipient('a', 'sent'), recipient('b', 'sending')]), new Set(['b']), 5).kind).toBe('on-wire');
    expect(nextBatchStep(batchOf([recipient('a', 'sent'), recipient('b', 'failed', { reason: 'x' })]), new Set(), 5).kind).toBe('close');
    expect(nextBatchStep(batchOf([recipient('a', 'pending')], 'done'), new Set(), 5).kind).toBe('done');
  });

  it('a claim marks sending since the claim; an unclaim puts them back to pending', () => {
    const chunk = [recipient('a', 'pending'), recipient('b', 'pending')];
    expect([...claimChanges(chunk, 42).values()]).toEqual([
      { state: 'sending', since: 42, checks: 0 },
      { state: 'sending', since: 42, checks: 0 },
    ]);
    expect([...unclaimChanges(chunk).values()]).toEqual([{ state: 'pending' }, { state: 'pending' }]);
  });
});

describe('reconcile: the provider verdicts on recipients in doubt', () => {
  it('settles what the provider knows, resends what it never took, waits for the rest and gives up after the checks', () => {
    const inDoubt = [
      recipient('sent', 'sending'),
      recipient('never', 'sending'),
      recipient('later', 'sending', { checks: 3 }),
      recipient('last', 'sending', { checks: 29 }),
      recipient('silent', 'sending'),
    ];
    const verdicts = new Map<string, SettledOutcome>([
      ['sent', { state: 'sent' }],
      ['never', { state: 'not-sent' }],
      ['later', { state: 'unknown', reason: 'aguardando' }],
      ['last', { state: 'unknown', reason: 'aguardando' }],
    ]);
    const { changes, waiting } = reconcileChanges(inDoubt, verdicts, 30);
    expect(Object.fromEntries(changes)).toEqual({
      sent: { state: 'sent' },
      never: { state: 'pending' },
      later: { state: 'sending', checks: 4 },
      last: { state: 'unknown', reason: 'aguardando' },
      silent: { state: 'sending', checks: 1 },
    });
    expect(waiting).toBe(2);
  });
});

describe('call: what a chunk call outcomes change', () => {
  const chunk = [recipient('a', 'sending'), recipient('b', 'sending'), recipient('c', 'sending')];
  it('sent and refused settle, retry goes back to pending, no answer stays sending since the call', () => {
    const outcomes = new Map<string, RecipientOutcome>([
      ['a', { state: 'sent' }],
      ['b', { state: 'retry', reason: 'HTTP 503' }],
    ]);
    const result = callChanges(chunk, outcomes, 77);
    expect(Object.fromEntries(result.changes)).toEqual({
      a: { state: 'sent' },
      b: { state: 'pending' },
      c: { state: 'sending', since: 77, checks: 0 },
    });
    expect(result).toMatchObject({ taken: true, notTaken: 'HTTP 503', failureRun: 'reset' });
  });

  it('a chunk not taken at all adds to the run of failures', () => {
    const outcomes = new Map<string, RecipientOutcome>(chunk.map((r) => [r.key, { state: 'retry', reason: 'HTTP 429' }]));
    expect(callChanges(chunk, outcomes, 1)).toMatchObject({ taken: false, notTaken: 'HTTP 429', failureRun: 'add' });
  });

  it('keeps this run chunks on the wire until they are recorded, and at most sendsAtOnce calls', async () => {
    const wire = new ChunksOnWire();
    const order: string[] = [];
    let endFirst!: () => void;
    const first = wire.start([recipient('a', 'sending')], async (freeCall) => {
      await new Promise<void>((r) => (endFirst = r));
      freeCall();
      order.push('first recorded');
    });
    expect(wire.recipients.has('a')).toBe(true);
    const slot = wire.callSlot(1).then(() => order.push('slot free'));
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual([]);
    endFirst();
    await first;
    await slot;
    expect(order).toEqual(['first recorded', 'slot free']);
    expect(wire.recipients.size).toBe(0);
    void wire.start([recipient('b', 'sending')], async () => {
      throw new Error('worker killed');
    });
    await expect(wire.drain()).rejects.toThrow('worker killed');
    expect(() => wire.throwIfFailed()).toThrow('worker killed');
  });
});

describe('record outcomes', () => {
  it('moves recipients, counts only those that settle now, and never changes a settled one', () => {
    const recipients = [recipient('a', 'sending', { since: 1, checks: 2 }), recipient('b', 'sent'), recipient('c', 'sending'), recipient('d', 'pending')];
    const applied = applyChanges(
      recipients,
      new Map([
        ['a', { state: 'failed' as const, reason: 'recusado' }],
        ['b', { state: 'failed' as const, reason: 'tarde demais' }],
        ['c', { state: 'sending' as const }],
        ['d', { state: 'sending' as const, since: 9, checks: 0 }],
      ]),
      100,
    );
    expect(applied.recipients).toEqual([
      { ...recipient('a', 'failed'), reason: 'recusado' },
      recipient('b', 'sent'),
      { ...recipient('c', 'sending'), since: 100, checks: 0 },
      { ...recipient('d', 'sending'), since: 9, checks: 0 },
    ]);
    expect(applied.settled).toEqual({ sent: 0, failed: 1, 'opted-out': 0, unknown: 0 });
    expect(applied.done).toBe(false);
    expect(applyChanges([recipient('a', 'sending')], new Map([['a', { state: 'sent' as const }]]), 1).done).toBe(true);
  });

  it('the run of chunks not taken: add, reset, keep; a sent recipient clears the problem shown', () => {
    expect([nextFailureRun(2, 'add'), nextFailureRun(2, 'reset'), nextFailureRun(2, 'keep')]).toEqual([3, 0, 2]);
    expect(sendCountersUpdate({ sent: 1, failed: 0, 'opted-out': 0, unknown: 0 }, 0, 'reset')).toHaveProperty('lastError', null);
    expect(sendCountersUpdate({ sent: 0, failed: 1, 'opted-out': 0, unknown: 0 }, 0, 'reset')).not.toHaveProperty('lastError');
  });
});

describe('finish, and the lease', () => {
  it('finished only while sending with every batch done', () => {
    expect(endingOf('sending', true)).toBe('finished');
    expect(endingOf('sending', false)).toBe('continue');
    expect(endingOf('paused', true)).toBe('paused');
    expect(endingOf('cancelled', false)).toBe('cancelled');
    expect(autoPauseReason(5, 'HTTP 503')).toBe('Pausado automaticamente: 5 tentativas seguidas sem aceite do provedor (HTTP 503).');
  });

  it('one runner at a time: another owner live lease is busy, an expired one is taken over', () => {
    expect(leaseDecision(undefined, 'me', 0)).toBe('missing');
    expect(leaseDecision({ status: 'finished' }, 'me', 0)).toBe('finished');
    expect(leaseDecision({ status: 'sending', lease: { owner: 'other', until: 100 } }, 'me', 50)).toBe('busy');
    expect(leaseDecision({ status: 'sending', lease: { owner: 'other', until: 100 } }, 'me', 150)).toBe('claimed');
    expect(leaseDecision({ status: 'preparing' }, 'me', 0)).toBe('claimed');
  });
});
