import { describe, expect, it } from 'vitest';
import { callProvider, memoryPaceStore, ProviderPacer, retryDelayMs, type PaceStore, type ProviderAnswer } from './provider-call.js';

// The account pacer: slots come from one store, so pacers of different processes (here: two
// pacers on one store) together keep to the account's rate; a hold seen by one moves the other.
describe('ProviderPacer', () => {
  it("two pacers sharing a store keep to the account's rate together", async () => {
    const store = memoryPaceStore();
    const a = new ProviderPacer({ perSecond: 40, concurrent: 8 }, store, 'acct');
    const b = new ProviderPacer({ perSecond: 40, concurrent: 8 }, store, 'acct');
    const starts: Record<'a' | 'b', number[]> = { a: [], b: [] };
    const call = (who: 'a' | 'b') => async () => void starts[who].push(Date.now());
    await Promise.all([...Array.from({ length: 12 }, () => a.schedule(call('a'))), ...Array.from({ length: 12 }, () => b.schedule(call('b')))]);
    // Each process's calls leave one at a time, 25 ms apart (a call after a late one at least 12.5 ms), however late its timers fire.
    for (const own of [starts.a, starts.b])
      expect(
        own
          .slice(1)
          .map((t, i) => t - own[i]!)
          .filter((gap) => gap < 11),
      ).toEqual([]);
    // Together: the slots of one store, 25 ms apart (a slot is taken up to 200 ms late).
    const all = [...starts.a, ...starts.b].sort((x, y) => x - y);
    expect(all.at(-1)! - all[0]!).toBeGreaterThanOrEqual(23 * 25 - 200);
    expect(a.stats.calls + b.stats.calls).toBe(24);
    // On average still the interval: 12 calls of one process span at least 11 intervals less a catch-up.
    for (const own of [starts.a, starts.b]) expect(own.at(-1)! - own[0]!).toBeGreaterThanOrEqual(11 * 25 - 13);
  });

  it("a hold by one pacer holds the other pacer's next calls", async () => {
    const store = memoryPaceStore();
    const a = new ProviderPacer({ perSecond: 50, concurrent: 4 }, store, 'acct');
    const b = new ProviderPacer({ perSecond: 50, concurrent: 4 }, store, 'acct');
    const until = Date.now() + 300;
    a.hold(until);
    await new Promise((r) => setTimeout(r, 5));
    const started = await b.schedule(async () => Date.now());
    expect(started).toBeGreaterThanOrEqual(until);
  });
});

describe('ProviderPacer and its store', () => {
  it('makes one store round trip at a time, a hold riding on the reservation it needs', async () => {
    const memory = memoryPaceStore();
    let inFlight = 0;
    let most = 0;
    const ops: string[] = [];
    const slow = async <T>(op: string, work: () => Promise<T>) => {
      ops.push(op);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 30));
      try {
        return await work();
      } finally {
        inFlight -= 1;
      }
    };
    const store: PaceStore = {
      reserve: (key, count, interval, notBefore, holdUntil) =>
        slow(holdUntil ? 'reserve+hold' : 'reserve', () => memory.reserve(key, count, interval, notBefore, holdUntil)),
      hold: (key, until) => slow('hold', () => memory.hold(key, until)),
    };
    const pacer = new ProviderPacer({ perSecond: 20, concurrent: 4 }, store, 'acct');
    const until = Date.now() + 150;
    pacer.prepare(1);
    pacer.hold(until);
    const started = await Promise.all([1, 2, 3].map(() => pacer.schedule(async () => Date.now())));
    expect(most).toBe(1);
    for (const t of started) expect(t).toBeGreaterThanOrEqual(until);
    // Another process sharing the store sees the hold.
    expect((await memory.reserve('acct', 1, 50, 0)).heldUntil).toBe(until);
    expect(ops.filter((o) => o === 'hold').length + ops.filter((o) => o === 'reserve+hold').length).toBe(1);
  });
});

describe('callProvider', () => {
  const notTaken = (retryAtMs?: number): ProviderAnswer<string> => ({ kind: 'not-taken', status: 429, body: null, reason: 'limite', retryAtMs });

  it('after a 429 with a reset, retries when the hold ends, with no backoff on top', async () => {
    const pacer = new ProviderPacer({ perSecond: 100, concurrent: 1 });
    const times: number[] = [];
    const answer = await callProvider(
      pacer,
      async () => {
        times.push(Date.now());
        return times.length === 1 ? notTaken(Date.now() + 200) : { kind: 'accepted', status: 200, value: 'ok' };
      },
      { retries: 3, minTimeoutMs: 60_000, maxTimeoutMs: 60_000 },
    );
    expect(answer).toEqual({ kind: 'accepted', status: 200, value: 'ok' });
    // A backoff of the policy (60 s) would have made the test time out.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(199);
    expect(pacer.stats.retries).toBe(1);
  });

  it('gives up after the retries with the last answer', async () => {
    const pacer = new ProviderPacer({ perSecond: 1000, concurrent: 1 });
    let calls = 0;
    const answer = await callProvider(
      pacer,
      async () => {
        calls += 1;
        return { kind: 'not-taken', status: 503, body: null, reason: 'indisponível' };
      },
      { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 5 },
    );
    expect(answer.kind).toBe('not-taken');
    expect(calls).toBe(3);
  });

  it('backs off exponentially, randomised, within the policy', () => {
    const policy = { retries: 5, minTimeoutMs: 500, maxTimeoutMs: 8000 };
    expect(retryDelayMs(1, policy, () => 0)).toBe(500);
    expect(retryDelayMs(2, policy, () => 0.5)).toBe(1500);
    expect(retryDelayMs(6, policy, () => 1)).toBe(8000);
  });
});
