import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../http-client.js';
import { AccountPacer, BLING_LIMITS, pacerFor } from './pacing.js';

describe('Bling pacing', () => {
  it('lets at most perWindow requests start in any window, in the order they asked', async () => {
    const pacer = new AccountPacer({ perWindow: 2, windowMs: 100, perDay: 100 });
    const started: { n: number; at: number }[] = [];
    await Promise.all([0, 1, 2, 3, 4, 5].map((n) => pacer.take().then(() => started.push({ n, at: performance.now() }))));
    expect(started.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5]);
    for (let i = 2; i < started.length; i++) expect(started[i]!.at - started[i - 2]!.at).toBeGreaterThanOrEqual(95);
  });

  it("refuses past the day's quota with a Portuguese rate-limit error, and keeps serving the queue after it", async () => {
    const pacer = new AccountPacer({ perWindow: 10, windowMs: 1000, perDay: 2 });
    await pacer.take();
    await pacer.take();
    const refused = await pacer.take().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ kind: 'rate-limit', message: 'Bling: limite diário de 2 requisições da conta atingido; tente novamente amanhã' });
    expect(pacer.requestsToday).toBe(2);
  });

  it('gives every client of one account the same pacer, with a margin over Bling’s second', () => {
    expect(pacerFor('conta-a')).toBe(pacerFor('conta-a'));
    expect(pacerFor('conta-a')).not.toBe(pacerFor('conta-b'));
    expect(BLING_LIMITS.perWindow).toBe(3);
    expect(BLING_LIMITS.windowMs).toBeGreaterThan(1000);
  });
});
