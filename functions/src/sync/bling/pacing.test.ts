import { describe, expect, it, vi } from 'vitest';
import { memoryDailyBudgetStore } from '../../lib/pace-store.js';
import { ProviderPacer, memoryPaceStore } from '../../lib/vendor-http.js';
import {
  BLING_LIMITS,
  BlingAccountPacer,
  BlingDailyLimitError,
  blingDay,
  blingPacer,
  brasiliaDateTime,
  nextBlingDay,
  providerLimits,
  rateLimitPeriod,
} from './pacing.js';

/** One function instance's pacer of an account whose slots and budget live in `stores` (shared, as Firestore is). */
function instance(stores: { pace: ReturnType<typeof memoryPaceStore>; budget: ReturnType<typeof memoryDailyBudgetStore> }, limits = BLING_LIMITS) {
  return new BlingAccountPacer('Conta Principal', 'bling|conta', new ProviderPacer(providerLimits(limits), stores.pace, 'bling|conta'), stores.budget, limits);
}
const sharedStores = () => ({ pace: memoryPaceStore(), budget: memoryDailyBudgetStore() });

describe("Bling's day", () => {
  it('turns at midnight in Brasília', () => {
    expect(blingDay(Date.parse('2026-12-07T02:59:59Z'))).toBe('2026-12-06');
    expect(blingDay(Date.parse('2026-12-07T03:00:00Z'))).toBe('2026-12-07');
    expect(new Date(nextBlingDay(Date.parse('2026-12-06T15:00:00Z'))).toISOString()).toBe('2026-12-07T03:00:00.000Z');
    expect(new Date(nextBlingDay(Date.parse('2026-12-07T02:59:59Z'))).toISOString()).toBe('2026-12-07T03:00:00.000Z');
    expect(brasiliaDateTime(Date.parse('2026-12-07T03:00:00Z'))).toBe('07/12/2026 às 00:00');
  });

  it("reads the period of Bling's 429 body", () => {
    const body = (period: string) =>
      JSON.stringify({ error: { type: 'TOO_MANY_REQUESTS', message: 'Limite de requisições atingido.', description: '…', limit: 3, period } });
    expect(rateLimitPeriod(body('second'))).toBe('second');
    expect(rateLimitPeriod(body('day'))).toBe('day');
    expect(rateLimitPeriod('<html>')).toBeNull();
  });
});

describe('Bling account pacer', () => {
  it('two instances together never start 4 requests within a second (one slot store)', async () => {
    // The pacer's clock and timers are Vitest's: the times below are the slots the pacer gave,
    // not when a loaded machine got round to running the callbacks (a real clock failed at load 20).
    vi.useFakeTimers({ now: Date.parse('2026-12-06T15:00:00Z') });
    const stores = sharedStores();
    const [a, b] = [instance(stores), instance(stores)];
    const started: number[] = [];
    const all = Promise.all([...Array(5)].flatMap(() => [a, b].map((p) => p.take().then(() => started.push(Date.now())))));
    try {
      await vi.advanceTimersByTimeAsync(10_000);
      await all;
    } finally {
      vi.useRealTimers();
    }
    started.sort((x, y) => x - y);
    expect(started).toHaveLength(10);
    for (let i = 3; i < started.length; i++) expect(started[i]! - started[i - 3]!).toBeGreaterThanOrEqual(1000);
    // …and no slower than the 0.95 of Bling's 3/s the bench asks for: 10 requests in ≤ 3.3 s.
    expect(started.at(-1)! - started[0]!).toBeLessThanOrEqual(3300);
  }, 15_000);

  it("counts the day's requests across instances and defers past the budget, saying when it resumes", async () => {
    const stores = sharedStores();
    const limits = { ...BLING_LIMITS, perSecond: 1000, perDay: 25 };
    const [a, b] = [instance(stores, limits), instance(stores, limits)];
    // Each instance claims the day's requests in blocks of 20: a block claimed and not used counts.
    const outcomes = await Promise.allSettled([...Array(15)].flatMap(() => [a.take(), b.take()]));
    const granted = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(granted).toBeGreaterThanOrEqual(20);
    expect(granted).toBeLessThanOrEqual(25);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason as BlingDailyLimitError);
    expect(refused).toHaveLength(30 - granted);
    await expect(instance(stores, limits).take()).rejects.toBeInstanceOf(BlingDailyLimitError);
    expect(refused[0]).toBeInstanceOf(BlingDailyLimitError);
    expect(refused[0]!.status).toBe(429);
    expect(refused[0]!.resumeAt).toBe(nextBlingDay(Date.now()));
    expect(refused[0]!.extra).toEqual({ resumeAt: new Date(nextBlingDay(Date.now())).toISOString() });
    expect(refused[0]!.message).toBe(
      `Bling: limite diário de 25 requisições da conta "Conta Principal" atingido; a sincronização continua em ${brasiliaDateTime(nextBlingDay(Date.now()))} (horário de Brasília).`,
    );
  });

  it("a daily-limit 429 defers at once and spends the day's budget for the other instances", async () => {
    const stores = sharedStores();
    const [a, b] = [instance(stores), instance(stores)];
    await a.take();
    await expect(a.rateLimited(JSON.stringify({ error: { type: 'TOO_MANY_REQUESTS', limit: 120000, period: 'day' } }))).rejects.toBeInstanceOf(
      BlingDailyLimitError,
    );
    await expect(b.take()).rejects.toBeInstanceOf(BlingDailyLimitError);
  });

  it('a per-second 429 holds every instance a second (no Retry-After to wait for)', async () => {
    const stores = sharedStores();
    const [a, b] = [instance(stores), instance(stores)];
    await a.take();
    const limited = Date.now();
    await a.rateLimited(JSON.stringify({ error: { type: 'TOO_MANY_REQUESTS', limit: 3, period: 'second' } }));
    await Promise.all([a.take(), b.take()]);
    expect(Date.now() - limited).toBeGreaterThanOrEqual(1000);
  });

  it('is one per account in a process, whichever client asks', () => {
    expect(blingPacer('conta-a', 'A')).toBe(blingPacer('conta-a', 'A'));
    expect(blingPacer('conta-a', 'A')).not.toBe(blingPacer('conta-b', 'B'));
  });
});
