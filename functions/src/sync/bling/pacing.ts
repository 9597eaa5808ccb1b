import { ApiError } from '../../lib/api-error.js';
import { type DailyBudgetStore, memoryDailyBudgetStore } from '../../lib/pace-store.js';
import { type PaceStore, type PacerLimits as ProviderPacerLimits, ProviderPacer, accountPacer, memoryPaceStore } from '../../lib/vendor-http.js';

/**
 * Bling's limits are per Bling account, across every app and every instance calling it
 * (developer.bling.com.br/limites): 3 requests a second and 120 000 a day. Every function instance
 * paces an account through the campaign pacer (lib/vendor-http/pacer.ts) with its slots in Firestore
 * (lib/pace-store.ts, one document per account), and claims the day's requests from the same
 * document in blocks, so all instances together keep to both limits.
 */
export const BLING_REQUESTS_PER_SECOND = 3;
export const BLING_REQUESTS_PER_DAY = 120_000;

/**
 * Bling counts arrivals in its second, we count departures: a call leaving a little late, or
 * delayed on its way, lands next to the ones after it. The window we keep is 50 ms longer than
 * Bling's (3 calls each 350 ms: 0.952 of the limit, the most that leaves any margin at the 0.95
 * the bench asks for), and a slot more than 20 ms late is given up rather than used, so 4 calls
 * arrive within one of Bling's seconds only if one is delayed more than 30 ms on its way. (35 ms
 * of margin and 30 ms of lateness met a 429 once on this loaded machine.)
 */
const WINDOW_MARGIN_MS = 50;
const LATE_MS = 20;
/**
 * A Firestore round trip under load takes more than LATE_MS: a reservation's first slot is placed
 * this far ahead, or an idle account's slot would be late on arrival and lost (the bench's first
 * run: 0.80 of the limit with one instance, 0.75 with two). Slots are reserved one call at a time,
 * never ahead: a slot reserved ahead and not used in time is lost to every instance.
 */
const LEAD_MS = 150;

export interface BlingLimits {
  /** Requests a second per account. */
  perSecond: number;
  /** Requests a day per account (Bling's day: see blingDay). */
  perDay: number;
  /** Bling's window for perSecond, ms (1000). */
  windowMs: number;
}

export const BLING_LIMITS: BlingLimits = { perSecond: BLING_REQUESTS_PER_SECOND, perDay: BLING_REQUESTS_PER_DAY, windowMs: 1000 };

/** The campaign pacer's limits for a Bling account. */
export function providerLimits(limits: BlingLimits): ProviderPacerLimits {
  const windowMs = limits.windowMs + WINDOW_MARGIN_MS;
  return { perSecond: (limits.perSecond * 1000) / windowMs, windowMs, lateMs: LATE_MS, leadMs: LEAD_MS, noPrefetch: true, concurrent: 64 };
}

/**
 * Bling's day. Its /limites page does not say when the daily count restarts; we take midnight in
 * Brasília (UTC−3, no daylight saving since 2019), Bling's own time zone, and say so in the README.
 */
const BRASILIA_OFFSET_MS = 3 * 3_600_000;
export const blingDay = (at: number): string => new Date(at - BRASILIA_OFFSET_MS).toISOString().slice(0, 10);
/** The next midnight in Brasília after `at`, when the daily count restarts. */
export const nextBlingDay = (at: number): number => Date.parse(`${blingDay(at)}T00:00:00.000Z`) + BRASILIA_OFFSET_MS + 86_400_000;

/** pt-BR date and time in Brasília: '07/12/2026 às 00:00'. */
export function brasiliaDateTime(at: number): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} às ${part('hour')}:${part('minute')}`;
}

/**
 * The account's daily limit is spent (our count, or Bling's 429 with `period: 'day'`): the work is
 * not retried now but deferred to `resumeAt`, when Bling's day turns. HTTP 429 with `resumeAt` in
 * the answer, so the sync task reschedules itself and the screen says when it resumes.
 */
export class BlingDailyLimitError extends ApiError {
  constructor(
    readonly account: string,
    readonly resumeAt: number,
    limit = BLING_REQUESTS_PER_DAY,
  ) {
    super(
      429,
      `Bling: limite diário de ${limit.toLocaleString('pt-BR')} requisições da conta "${account}" atingido; a sincronização continua em ${brasiliaDateTime(resumeAt)} (horário de Brasília).`,
      { resumeAt: new Date(resumeAt).toISOString() },
    );
    this.name = 'BlingDailyLimitError';
  }
}

/** What a 429 from Bling says: `{error: {type: 'TOO_MANY_REQUESTS', limit, period: 'second' | 'day'}}`. */
export function rateLimitOf(body: string): { period: 'second' | 'day' | null; limit: number | null } {
  try {
    const error = (JSON.parse(body) as { error?: { period?: unknown; limit?: unknown } }).error;
    const period = error?.period === 'second' || error?.period === 'day' ? error.period : null;
    return { period, limit: typeof error?.limit === 'number' ? error.limit : null };
  } catch {
    return { period: null, limit: null };
  }
}
export const rateLimitPeriod = (body: string) => rateLimitOf(body).period;

/** Requests claimed from the day's budget at once (a store transaction per block, not per request). */
const BUDGET_BLOCK = 20;

/**
 * One Bling account's pace in this process: `take()` before every request (retries included)
 * waits for the account's next slot, shared by every instance, and for a request of the day's
 * budget; `rateLimited(body)` after a 429 decides what it means (see below).
 */
export class BlingAccountPacer {
  private budgetLeft = 0;
  private budgetDay = '';
  private claiming: Promise<void> | null = null;

  constructor(
    /** The account as messages name it. */
    private readonly description: string,
    readonly key: string,
    readonly pacer: ProviderPacer,
    private readonly budget: DailyBudgetStore,
    readonly limits: BlingLimits = BLING_LIMITS,
  ) {}

  /** Resolves when one request may leave; throws BlingDailyLimitError when the day's budget is spent. */
  async take(): Promise<void> {
    await this.claim();
    await this.pacer.schedule(async () => undefined);
  }

  private async claim(): Promise<void> {
    for (;;) {
      const day = blingDay(Date.now());
      if (this.budgetDay === day && this.budgetLeft > 0) {
        this.budgetLeft -= 1;
        return;
      }
      if (this.budgetDay !== day) {
        this.budgetDay = day;
        this.budgetLeft = 0;
      }
      this.claiming ??= this.budget
        .claim(this.key, day, this.limits.perDay, BUDGET_BLOCK)
        .then((granted) => {
          if (blingDay(Date.now()) !== day) return;
          if (granted === 0) throw new BlingDailyLimitError(this.description, nextBlingDay(Date.now()), this.limits.perDay);
          this.budgetLeft += granted;
        })
        .finally(() => {
          this.claiming = null;
        });
      await this.claiming;
    }
  }

  /**
   * After a 429: `period: 'day'` marks the day's budget spent for every instance and throws the
   * deferral (never retried now); `period: 'second'` (or a body without one) holds the account's
   * slots a second, Bling's window, in every instance — Bling documents no Retry-After — and the
   * request is retried once the pacer lets it go.
   */
  async rateLimited(body: string): Promise<void> {
    const { period, limit } = rateLimitOf(body);
    if (period === 'day') {
      const now = Date.now();
      this.budgetLeft = 0;
      await this.budget.exhaust(this.key, blingDay(now), this.limits.perDay).catch(() => undefined);
      throw new BlingDailyLimitError(this.description, nextBlingDay(now), limit ?? this.limits.perDay);
    }
    this.pacer.hold(Date.now() + this.limits.windowMs + WINDOW_MARGIN_MS, true);
  }
}

export interface BlingPaceStores {
  pace: PaceStore;
  budget: DailyBudgetStore;
}

const processStores: BlingPaceStores = { pace: memoryPaceStore(), budget: memoryDailyBudgetStore() };
const pacers = new Map<string, BlingAccountPacer>();
const storeIds = new WeakMap<PaceStore, number>();
let storeCount = 0;

/**
 * The pacer of a Bling account (`accountKey`: who Bling counts, see BlingAccountRef in token.ts),
 * one per process and stores; without stores, this process's memory (unit tests).
 */
export function blingPacer(
  accountKey: string,
  description: string,
  stores: BlingPaceStores = processStores,
  limits: BlingLimits = BLING_LIMITS,
): BlingAccountPacer {
  if (!storeIds.has(stores.pace)) storeIds.set(stores.pace, ++storeCount);
  const key = `bling|${accountKey}`;
  const id = `${key}|${storeIds.get(stores.pace)}|${limits.perSecond}/${limits.perDay}/${limits.windowMs}`;
  let pacer = pacers.get(id);
  if (!pacer) pacers.set(id, (pacer = new BlingAccountPacer(description, key, accountPacer(key, providerLimits(limits), stores.pace), stores.budget, limits)));
  return pacer;
}
