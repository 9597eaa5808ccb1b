import { setTimeout as sleep } from 'node:timers/promises';
import { UpstreamError } from '../http-client.js';

/** Bling's limits per account: 3 requests a second and 120 000 a day. */
export const BLING_REQUESTS_PER_SECOND = 3;
export const BLING_REQUESTS_PER_DAY = 120_000;
// Bling counts arrivals, we count departures: a request delayed on the way can land next to a
// later one, so our second is a little longer than Bling's.
const ARRIVAL_JITTER_MS = 150;

export interface PacerLimits {
  /** Request starts allowed in any window. */
  perWindow: number;
  windowMs: number;
  perDay: number;
}

export const BLING_LIMITS: PacerLimits = {
  perWindow: BLING_REQUESTS_PER_SECOND,
  windowMs: 1000 + ARRIVAL_JITTER_MS,
  perDay: BLING_REQUESTS_PER_DAY,
};

/** The calendar day in Brasília (UTC−3, no daylight saving since 2019), when Bling's day turns. */
function brasiliaDay(at: number): string {
  return new Date(at - 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Paces one Bling account in this process: callers queue in order, and each is let through only
 * when fewer than `perWindow` requests started in the last `windowMs` (a sliding window, so bursts
 * never exceed the limit at any instant). Also counts the day's requests and refuses past the daily
 * quota. Instances of the function do not share it: each one paces what it sends itself.
 */
export class AccountPacer {
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  private day = '';
  private today = 0;

  constructor(private readonly limits: PacerLimits = BLING_LIMITS) {}

  /** Resolves when the caller may send one request. */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Requests let through today (Brasília time). */
  get requestsToday(): number {
    return this.day === brasiliaDay(Date.now()) ? this.today : 0;
  }

  private async waitForSlot(): Promise<void> {
    const day = brasiliaDay(Date.now());
    if (day !== this.day) {
      this.day = day;
      this.today = 0;
    }
    if (this.today >= this.limits.perDay) {
      throw new UpstreamError(
        'Bling',
        'rate-limit',
        `limite diário de ${this.limits.perDay.toLocaleString('pt-BR')} requisições da conta atingido; tente novamente amanhã`,
      );
    }
    for (;;) {
      const now = Date.now();
      while (this.starts.length && this.starts[0]! <= now - this.limits.windowMs) this.starts.shift();
      if (this.starts.length < this.limits.perWindow) break;
      await sleep(this.starts[0]! + this.limits.windowMs - now);
    }
    this.starts.push(Date.now());
    this.today += 1;
  }
}

const pacers = new Map<string, AccountPacer>();

/** The process-wide pacer of a Bling account (by client id): every client of the account shares it. */
export function pacerFor(clientId: string, limits: PacerLimits = BLING_LIMITS): AccountPacer {
  // Other limits (tests) get a pacer of their own rather than changing the account's.
  const key = limits === BLING_LIMITS ? clientId : `${clientId}|${limits.perWindow}/${limits.windowMs}/${limits.perDay}`;
  let pacer = pacers.get(key);
  if (!pacer) {
    pacer = new AccountPacer(limits);
    pacers.set(key, pacer);
  }
  return pacer;
}
