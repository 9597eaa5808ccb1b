import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryPaceStore, ProviderPacer } from '../vendor-http.js';

// Meta's limit as the WhatsApp sandbox plays it (sandboxes/src/whatsapp.ts): a number's messages
// are counted when they reach the provider, and the 81st within any second is refused (130429).
// The pacer never sees that moment: it lies between the call leaving and its answer. Here the
// provider is simulated on a fake clock (no wall-clock time is asserted): each call reaches it
// after a latency, delayed further while the provider (or the loopback, or our own process) is
// stalled, and is answered a little after it arrived.
const LIMIT = 80;

/** The most arrivals within any second, as the sandbox counts them (`now - t < 1000`). */
function mostInAnySecond(times: number[]): number {
  const sorted = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[j]! >= 1000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

interface Road {
  /** ms from leaving to reaching the provider, before any stall. */
  latency: (n: number) => number;
  /** Periods [from, to) in which nothing reaches the provider: what arrives then is let in at `to`. */
  stalls: [number, number][];
  /** ms from reaching the provider to the answer. */
  answerMs: number;
}

/** Sends `count` messages through the number's pacer (as whatsapp-channel.ts configures it) on `road`; answers when each reached the provider. */
async function campaign(count: number, road: Road, arrivalsPerWindow: number | undefined) {
  const pacer = new ProviderPacer({ perSecond: LIMIT * 0.95, concurrent: LIMIT, arrivalsPerWindow }, memoryPaceStore(), 'whatsapp|number');
  const arrivals: number[] = [];
  const started = Date.now();
  let sent = 0;
  const message = (n: number) => () =>
    new Promise<void>((answered) => {
      let at = Date.now() + road.latency(n);
      for (const [from, to] of road.stalls) if (at >= from && at < to) at = to;
      setTimeout(() => {
        arrivals.push(Date.now());
        setTimeout(answered, road.answerMs);
      }, at - Date.now());
    });
  const all = Promise.all(Array.from({ length: count }, (_, n) => pacer.schedule(message(n)).then(() => (sent += 1))));
  while (sent < count) await vi.advanceTimersByTimeAsync(50);
  await all;
  return { most: mostInAnySecond(arrivals), seconds: (Date.now() - started) / 1000 };
}

describe("the number's pacer against Meta's 80 messages in any second, counted on arrival", () => {
  beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => void vi.useRealTimers());

  it('a provider stalled 150 ms now and then (a busy machine) refuses nothing, and the number keeps ≥ 0.9 of its rate', async () => {
    const t0 = Date.now();
    // What arrives during a stall is let in at its end, bunched with what follows: counted from
    // when they left, the stalled second's calls and the next second's made 88 arrivals in a second.
    const stalls = [500, 2200, 4900, 7300].map((at): [number, number] => [t0 + at, t0 + at + 150]);
    const { most, seconds } = await campaign(800, { latency: () => 10, stalls, answerMs: 5 }, LIMIT);
    expect(most).toBeLessThanOrEqual(LIMIT);
    expect(800 / seconds).toBeGreaterThanOrEqual(0.9 * LIMIT);
  });

  it('whatever the latency and the stalls on the way, no second holds more than 80 arrivals, and the rate follows the latency', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 8000 }), ms: fc.integer({ min: 10, max: 400 }) }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 50 }),
        async (latencies, stallList, answerMs) => {
          const t0 = Date.now();
          const stalls = stallList.map(({ at, ms }): [number, number] => [t0 + at, t0 + at + ms]);
          const { most, seconds } = await campaign(600, { latency: (n) => latencies[n % latencies.length]!, stalls, answerMs }, LIMIT);
          expect(most).toBeLessThanOrEqual(LIMIT);
          // Each message keeps its place in the window for a second past its answer: the rate is
          // at least 80 / (1 s + the slowest round trip), less the stalls' own time.
          const slowest = (Math.max(...latencies) + Math.max(0, ...stallList.map((s) => s.ms)) + answerMs) / 1000;
          const stalled = stallList.reduce((sum, s) => sum + s.ms, 0) / 1000;
          expect(seconds).toBeLessThanOrEqual((600 / LIMIT) * (1 + slowest) + stalled + 1);
        },
      ),
      { numRuns: 25, seed: 30 },
    );
  });
});
