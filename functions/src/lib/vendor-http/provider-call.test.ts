import { createServer } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { callProvider, memoryPaceStore, postJson, ProviderPacer, retryDelayMs, TransportError, type PaceStore, type ProviderAnswer } from '../vendor-http.js';

// The account pacer: slots come from one store, so pacers of different processes (here: two
// pacers on one store) together keep to the account's rate; a hold seen by one moves the other.
describe('ProviderPacer', () => {
  /** The most calls in any window of `ms` of these start times. */
  const mostInWindow = (times: number[], ms = 1000) => {
    const sorted = [...times].sort((x, y) => x - y);
    let most = 0;
    for (let i = 0, j = 0; i < sorted.length; i += 1) {
      while (sorted[i]! - sorted[j]! >= ms) j += 1;
      most = Math.max(most, i - j + 1);
    }
    return most;
  };

  it("two pacers sharing a store keep to the account's rate together, in every window of a second", async () => {
    const store = memoryPaceStore();
    const a = new ProviderPacer({ perSecond: 40, concurrent: 8 }, store, 'acct');
    const b = new ProviderPacer({ perSecond: 40, concurrent: 8 }, store, 'acct');
    const starts: Record<'a' | 'b', number[]> = { a: [], b: [] };
    const call = (who: 'a' | 'b') => async () => void starts[who].push(Date.now());
    await Promise.all([...Array.from({ length: 30 }, () => a.schedule(call('a'))), ...Array.from({ length: 30 }, () => b.schedule(call('b')))]);
    // Each process: never more than the account's 40 calls in a second.
    for (const own of [starts.a, starts.b]) expect(mostInWindow(own)).toBeLessThanOrEqual(40);
    // Together: the slots of one store, 25 ms apart, so 60 calls span at least 59 intervals less
    // the lateness a slot is still taken with (200 ms), and a second holds at most 40 + 8 of them.
    const all = [...starts.a, ...starts.b];
    expect(Math.max(...all) - Math.min(...all)).toBeGreaterThanOrEqual(59 * 25 - 200);
    expect(mostInWindow(all)).toBeLessThanOrEqual(48);
    expect(a.stats.calls + b.stats.calls).toBe(60);
  });

  /**
   * 100 calls through a pacer of 100 a second on Vitest's clock, the event loop taken `blockedMs(turn)`
   * of every turn (the clock moves and no timer fires) and free for 2 ms; their start times. A real
   * busy loop also met the machine's own load (other processes taking the core for 100 ms and more),
   * which bunched the calls by itself and failed this at a load of 7.
   */
  async function busyRun(blockedMs: (turn: number) => number) {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const pacer = new ProviderPacer({ perSecond: 100, concurrent: 100 });
      const starts: number[] = [];
      let done = false;
      const all = Promise.all(Array.from({ length: 100 }, () => pacer.schedule(async () => void starts.push(Date.now())))).then(() => (done = true));
      for (let turn = 1; !done; turn += 1) {
        vi.setSystemTime(Date.now() + blockedMs(turn));
        await vi.advanceTimersByTimeAsync(2);
      }
      await all;
      return { starts, lostSlots: pacer.stats.lostSlots };
    } finally {
      vi.useRealTimers();
    }
  }

  it('a busy process (every timer late) keeps the rate: the calls due leave together, within the window', async () => {
    // A busy worker: the event loop is taken 6 ms of every 8, so every timer fires late.
    const { starts, lostSlots } = await busyRun(() => 6);
    // The slots were used, not left to go stale while the calls waited (with Bottleneck feeding
    // the pump, 60 of the 100 were), and never more than the account's 100 in a second…
    expect(lostSlots).toBeLessThanOrEqual(20);
    expect(mostInWindow(starts)).toBeLessThanOrEqual(100);
    // …nor bunched: a tenth of a second holds at most 15 % of them and one.
    expect(mostInWindow(starts, 100)).toBeLessThanOrEqual(16);
  });

  it('a process stalled 180 ms now and then (18 slots due at once) lets them go spread, never bunched', async () => {
    const { starts } = await busyRun((turn) => (turn % 40 === 0 ? 180 : 6));
    expect(starts).toHaveLength(100);
    expect(mostInWindow(starts)).toBeLessThanOrEqual(100);
    expect(mostInWindow(starts, 100)).toBeLessThanOrEqual(16);
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

  it('does not retry an exception of the call itself (no answer of the provider)', async () => {
    const pacer = new ProviderPacer({ perSecond: 1000, concurrent: 1 });
    let calls = 0;
    const failed = callProvider(pacer, async () => {
      calls += 1;
      throw new Error('bug');
    });
    await expect(failed).rejects.toThrow('bug');
    expect(calls).toBe(1);
  });

  it('backs off exponentially, randomised, within the policy', () => {
    const policy = { retries: 5, minTimeoutMs: 500, maxTimeoutMs: 8000 };
    expect(retryDelayMs(1, policy, () => 0)).toBe(500);
    expect(retryDelayMs(2, policy, () => 0.5)).toBe(1500);
    expect(retryDelayMs(6, policy, () => 1)).toBe(8000);
  });
});

describe('postJson', () => {
  it('tells a reset after the request was written from an answer', async () => {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (JSON.parse(body).reset) return void req.socket.resetAndDestroy();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ echo: JSON.parse(body).n }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/messages`;
    try {
      expect((await postJson(url, { n: 1 }, { timeoutMs: 5000 })).body).toEqual({ echo: 1 });
      const error = await postJson(url, { reset: true }, { timeoutMs: 5000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).written).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('ProviderPacer.prepare', () => {
  it("places the prepared slot a write ahead: the first call, coming after the caller's write, takes it (not dropped as late)", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      // 1 call a second: a slot more than 500 ms late is dropped.
      const pacer = new ProviderPacer({ perSecond: 1, concurrent: 1 }, memoryPaceStore(), 'prepared');
      pacer.prepare(1);
      // The caller's write (the snapshot) takes 650 ms before the first call.
      await vi.advanceTimersByTimeAsync(650);
      const call = pacer.schedule(async () => Date.now());
      await vi.advanceTimersByTimeAsync(2000);
      expect(await call).toBe(1_000_650);
      expect(pacer.stats.lostSlots).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
