import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimeLeft, sendProgressFigures } from './send-progress.js';

const base = { status: 'sending', total: 1000, sent: 0, failed: 0, optedOut: 0, unknown: 0, run: { startedAt: 0, sentAtStart: 0 } };

describe('sendProgressFigures', () => {
  it('counts what the provider accepted in the rate, and every settled outcome in the share done', () => {
    const figures = sendProgressFigures({ ...base, sent: 300, failed: 50, unknown: 50 }, 60_000);
    expect(figures.settled).toBe(400);
    expect(figures.percent).toBe(40);
    expect(figures.perMinute).toBe(300);
    // 600 left at 300 a minute.
    expect(figures.secondsLeft).toBe(120);
  });
  it('measures the current run only (a resumed send does not count what went before)', () => {
    const figures = sendProgressFigures({ ...base, sent: 600, run: { startedAt: 0, sentAtStart: 500 } }, 30_000);
    expect(figures.perMinute).toBe(200);
  });
  it('has no rate or time left before anything was accepted, or while paused', () => {
    expect(sendProgressFigures(base, 60_000)).toMatchObject({ perMinute: null, secondsLeft: null });
    expect(sendProgressFigures({ ...base, sent: 10, status: 'paused' }, 60_000).secondsLeft).toBeNull();
  });
  it('keeps the share within 0..100 and the time left non-negative', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.nat(5000), fc.integer({ min: 1, max: 10_000_000 }), (total, sent, unknown, now) => {
        const f = sendProgressFigures({ ...base, total, sent, unknown }, now);
        expect(f.percent).toBeGreaterThanOrEqual(0);
        expect(f.percent).toBeLessThanOrEqual(100);
        if (f.secondsLeft !== null) expect(f.secondsLeft).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('formatTimeLeft', () => {
  it('says seconds, minutes and hours as the panel shows them', () => {
    expect(formatTimeLeft(45)).toBe('45 s');
    expect(formatTimeLeft(200)).toBe('3 min 20 s');
    expect(formatTimeLeft(7500)).toBe('2 h 5 min');
  });
});
