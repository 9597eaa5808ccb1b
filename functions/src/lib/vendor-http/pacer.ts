import pLimit, { type LimitFunction } from 'p-limit';

export interface PacerLimits {
  /** Calls started per second at most. */
  perSecond: number;
  /** Calls in flight at once at most (in this process). */
  concurrent: number;
  /** The provider's window for its per-second limit, ms (default 1000): a margin over it absorbs arrival jitter (Bling). */
  windowMs?: number;
  /** How late a slot is still taken, ms (default: half an interval, at least 200 ms). */
  lateMs?: number;
  /**
   * How far ahead of now a reservation's first slot is placed, ms (default 0): more than a store
   * round trip, so the slot of an idle account is not already late when the reservation returns.
   */
  leadMs?: number;
  /** Slots reserved one call at a time, never ahead of the calls (default false: a block ahead). */
  noPrefetch?: boolean;
  /**
   * The provider counts calls when they reach it, over a sliding window (WhatsApp: 80 messages in
   * any second, error 130429 past it): at most this many calls of this process in any window,
   * each counted from when it left until a window after its answer — it reached the provider at
   * some moment between the two, which no clock of ours sees. Counted only from when they left
   * (without this), calls slowed on their way by a busy process, the loopback or the provider
   * arrived bunched with the next ones: 202 × 130429 in the WhatsApp bench at 54 messages a second
   * (load 13–17), though the pacer never let more than 76 leave in a second.
   */
  arrivalsPerWindow?: number;
}

/**
 * Where an account's call slots are handed out: one place for every process that calls the
 * account, so instances together keep to the provider's rate. A reservation takes `count` slots
 * `intervalMs` apart, starting no earlier than now, the end of the last reservation and the
 * account's hold; a hold (a 429's reset) moves every later reservation past it.
 */
export interface PaceStore {
  /** Reserves `count` slots; `holdUntil` also holds the account until then (a hold and a reservation in one round trip). */
  reserve(key: string, count: number, intervalMs: number, notBefore: number, holdUntil?: number): Promise<{ startAt: number; heldUntil: number }>;
  hold(key: string, untilMs: number): Promise<void>;
}

/** A pace store of this process only (unit tests, tools): the accounts' slots in memory. */
export function memoryPaceStore(): PaceStore {
  const accounts = new Map<string, { nextAt: number; heldUntil: number }>();
  const of = (key: string) => {
    let a = accounts.get(key);
    if (!a) accounts.set(key, (a = { nextAt: 0, heldUntil: 0 }));
    return a;
  };
  return {
    async reserve(key, count, intervalMs, notBefore, holdUntil = 0) {
      const a = of(key);
      a.heldUntil = Math.max(a.heldUntil, holdUntil);
      const startAt = Math.max(Date.now(), notBefore, a.nextAt, a.heldUntil);
      a.nextAt = startAt + count * intervalMs;
      return { startAt, heldUntil: a.heldUntil };
    },
    async hold(key, untilMs) {
      const a = of(key);
      a.heldUntil = Math.max(a.heldUntil, untilMs);
    },
  };
}

/** Where the time of an account's calls went (the bench prints it). */
export interface PacerStats {
  /** Calls let through. */
  calls: number;
  /** Time calls waited for their slot (summed over calls). */
  waitMs: number;
  /** Time the calls took, from leaving to the answer (summed over calls). */
  callMs: number;
  /** Retries of calls the provider did not take (callProvider). */
  retries: number;
  /** Time the account was held by 429s / Retry-After. */
  heldMs: number;
  /** Slot reservations made in the pace store, and their time. */
  reservations: number;
  reserveMs: number;
  /** Slots reserved but left unused (an idle moment, a stall, a hold). */
  lostSlots: number;
}

/**
 * Slots one reservation takes at most: a second's calls (a few store round trips a second; at most
 * this much is lost when a worker stops). While calls keep waiting, the next block is reserved
 * once half of this one is used, so a slow store round trip does not leave the account idle.
 */
const RESERVE_SECONDS = 1;
/**
 * How far ahead of now prepare() places its first slot: about the write the caller makes before
 * the calls (the send job's snapshot). Placed at now, the slot was already late by that write
 * when the first call came (0.5 s at load 36, SendGrid's lateMs at 1 request/s), so it was
 * dropped and the call waited for a second reservation and the slot after it: the e-mail bench's
 * first request left 1.6 s after the snapshot's write.
 */
const PREPARE_LEAD_MS = 250;

/**
 * How late a slot is still taken: a busy process's timers fire tens of ms late routinely. Older
 * slots are dropped (the process stalled: using them would eat into the slots other processes
 * reserved after them).
 */
const LATE_MS = 200;

/** The provider's window for its per-second limits (SendGrid's per second, WhatsApp's 80 messages a second). */
const WINDOW_MS = 1000;
/**
 * A tenth of that window holds at most one and a half tenths of its calls, and one: the calls a
 * late timer left due go together, but a stall's backlog leaves over the next tenths (catching up
 * at half the rate again), not in one burst that arrives bunched with the next calls.
 */
const SHORT_WINDOW_MS = 100;

/**
 * One provider account's pace (a SendGrid API key, a WhatsApp phone number): every call waits for
 * a slot reserved in the account's pace store — shared by every process when it is the Firestore
 * one (functions/src/lib/pace-store.ts) —, at most `concurrent` calls in flight here (p-limit);
 * a 429's Retry-After or rate-limit reset holds every call of the account that has not left yet,
 * here at once and in other processes from their next reservation.
 */
export class ProviderPacer {
  /**
   * The calls in flight here (p-limit: promises only). Bottleneck, used before, took timer turns
   * for every job it let through; in a busy process that fed the pump about one call per two
   * late timers, and the slots went stale waiting (a unit test below shows it).
   */
  private readonly limiter: LimitFunction;
  private heldUntil = 0;
  private slots: number[] = [];
  private reserving: Promise<void> | null = null;
  /**
   * This process's store round trips for the account go one at a time: a hold and a reservation
   * at once were two transactions on one document, and under load the second waited for the
   * first's lock (seen: a 429's retry 1.6–2.9 s after its reset). A hold not yet in the store
   * rides on the next reservation.
   */
  private storeTurn: Promise<unknown> = Promise.resolve();
  private holdToStore = 0;
  private waiting = 0;
  /** Calls waiting for their turn (the pump lets them go). */
  private released: (() => void)[] = [];
  private pumping = false;
  /** When this process's calls of the last window left: at most `perWindow` of them. */
  private recent: number[] = [];
  /** Calls let go and not answered yet, and when those of the last window were answered (`arrivalsPerWindow`). */
  private unanswered = 0;
  private answered: number[] = [];
  /** The pump waiting for an answer (the window full of calls whose arrival is not known yet). */
  private onAnswer: (() => void) | null = null;
  private readonly perWindow: number;
  private readonly perShortWindow: number;
  private readonly windowMs: number;
  readonly intervalMs: number;
  /** How late a slot may still be taken. */
  private readonly lateMs: number;
  private readonly block: number;
  readonly stats: PacerStats = { calls: 0, waitMs: 0, callMs: 0, retries: 0, heldMs: 0, reservations: 0, reserveMs: 0, lostSlots: 0 };

  constructor(
    readonly limits: PacerLimits,
    private readonly store: PaceStore = memoryPaceStore(),
    private readonly key = 'account',
  ) {
    this.limiter = pLimit(Math.max(1, limits.concurrent));
    this.intervalMs = 1000 / Math.max(0.001, limits.perSecond);
    this.block = limits.noPrefetch ? 1 : Math.max(1, Math.floor(limits.perSecond * RESERVE_SECONDS));
    this.lateMs = limits.lateMs ?? Math.max(this.intervalMs / 2, LATE_MS);
    this.windowMs = limits.windowMs ?? WINDOW_MS;
    // (+1e-9: 3000/1035 calls a second over 1035 ms is 3 calls, not 2.9999…)
    this.perWindow = Math.max(1, Math.floor((limits.perSecond * this.windowMs) / 1000 + 1e-9));
    this.perShortWindow = Math.ceil((1.5 * limits.perSecond * SHORT_WINDOW_MS) / 1000) + 1;
  }

  /**
   * Holds every call not yet sent until `untilMs` (in every process sharing the store);
   * `windowReset`: the provider's window starts again then (the calls before no longer count).
   */
  hold(untilMs: number, windowReset = false): void {
    const now = Date.now();
    if (untilMs <= this.heldUntil) return;
    this.stats.heldMs += untilMs - Math.max(now, this.heldUntil);
    this.heldUntil = untilMs;
    const kept = this.slots.filter((s) => s >= untilMs);
    // The provider named when its window starts again: the calls before the hold no longer count,
    // and a slot of ours it dropped moves to the reset itself (when ours is the next call anyway).
    // Reserved again instead, it came after the dropped one's end in the store: a second late
    // (the e-mail bench's 1st retry went a second after its reset).
    const moved = windowReset && kept.length < this.slots.length && (kept.length === 0 || kept[0]! - untilMs >= this.intervalMs);
    if (moved) kept.unshift(untilMs);
    this.stats.lostSlots += this.slots.length - kept.length;
    this.slots = kept;
    if (windowReset) {
      this.recent = [];
      this.answered = [];
    }
    this.holdToStore = Math.max(this.holdToStore, untilMs);
    // The refused call comes back at the reset: its slot is reserved now, not after the hold, in
    // the same round trip as the hold. Otherwise the hold goes to the store on its own turn.
    if (this.slots.length === 0 && !this.reserving) void this.reserve(1).catch(() => undefined);
    else void this.inTurn(() => this.storeHold()).catch(() => undefined);
  }

  /** `work` after this process's earlier store round trips for the account. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.storeTurn.then(work, work);
    this.storeTurn = turn.catch(() => undefined);
    return turn;
  }

  /** The hold not yet in the store, if a reservation has not carried it meanwhile. */
  private async storeHold(): Promise<void> {
    const until = this.holdToStore;
    if (!until) return;
    this.holdToStore = 0;
    try {
      await this.store.hold(this.key, until);
    } catch (error) {
      this.holdToStore = Math.max(this.holdToStore, until);
      throw error;
    }
  }

  get holdUntil(): number {
    return this.heldUntil;
  }

  /**
   * `count` calls are coming: their first slots are reserved now (up to a block), so that store
   * round trip overlaps what the caller does before them. A slot they come too late for is
   * dropped as any late slot.
   */
  prepare(count: number): void {
    if (this.slots.length || this.reserving) return;
    void this.reserve(Math.max(1, Math.min(this.block, count)), PREPARE_LEAD_MS).catch(() => undefined);
  }

  /** Reserves `count` slots (default: as many as calls wait for, up to a block), the first no earlier than `leadMs` from now. */
  private reserve(count = Math.max(1, Math.min(this.block, this.waiting - this.slots.length)), leadMs = this.limits.leadMs ?? 0): Promise<void> {
    this.reserving ??= this.inTurn(async () => {
      const started = Date.now();
      const hold = this.holdToStore;
      this.holdToStore = 0;
      try {
        const notBefore = Math.max(this.heldUntil, Date.now() + Math.max(leadMs, this.limits.leadMs ?? 0));
        const { startAt, heldUntil } = await this.store.reserve(this.key, count, this.intervalMs, notBefore, hold || undefined).catch((error: unknown) => {
          this.holdToStore = Math.max(this.holdToStore, hold);
          throw error;
        });
        if (heldUntil > this.heldUntil) this.heldUntil = heldUntil;
        for (let i = 0; i < count; i += 1) this.slots.push(startAt + i * this.intervalMs);
      } finally {
        this.stats.reservations += 1;
        this.stats.reserveMs += Date.now() - started;
        this.reserving = null;
      }
    });
    return this.reserving;
  }

  /** The next usable slot (late ones and those inside a hold dropped), reserving when none is left. */
  private async nextSlot(): Promise<number> {
    for (;;) {
      const now = Date.now();
      // A slot left behind (an idle moment, a stall) is spent: using it late would burst.
      while (this.slots.length && (this.slots[0]! < now - this.lateMs || this.slots[0]! < this.heldUntil)) {
        this.slots.shift();
        this.stats.lostSlots += 1;
      }
      if (this.slots.length) return this.slots[0]!;
      await this.reserve();
    }
  }

  /**
   * Lets the waiting calls go: each at its slot, and never more than the account's calls a second
   * from this process in any window of a second (the provider's own measure: WhatsApp answers
   * 130429 past 80 messages in a second), nor more than 15 % of them and one in any tenth of a
   * second. Every call whose slot is due leaves when the pump wakes (within that tenth),
   * so a timer firing late (a busy process: tens of ms) costs no slot; an earlier version kept
   * each call at least half an interval after the one before, and every late timer then pushed
   * all later calls back (WhatsApp: 48 of 76 messages a second on a loaded machine).
   */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.released.length) {
        const slot = await this.nextSlot();
        const now = Date.now();
        while (this.recent.length && this.recent[0]! <= now - this.windowMs) this.recent.shift();
        const n = this.recent.length;
        const windowOpensAt = n >= this.perWindow ? this.recent[n - this.perWindow]! + this.windowMs : 0;
        const shortOpensAt = n >= this.perShortWindow ? this.recent[n - this.perShortWindow]! + SHORT_WINDOW_MS : 0;
        const at = Math.max(slot, windowOpensAt, shortOpensAt, this.arrivalsOpenAt(now), this.heldUntil);
        if (at > now) {
          // Everything is looked at again after the wait (or an answer): a hold, a slot gone late.
          await this.wait(at - now);
          continue;
        }
        this.slots.shift();
        if (this.limits.arrivalsPerWindow) this.unanswered += 1;
        // The next block is reserved before it is needed: a store round trip is not on a call's way
        // (a block left unused when the calls stop costs the account at most a second).
        if (!this.limits.noPrefetch && this.slots.length < this.block / 2 && !this.reserving) void this.reserve(this.block).catch(() => undefined);
        // Counted from when the call was due, so a timer firing a little late (up to half an
        // interval) does not push every later call back (e-mail: a call 0.4 s late moved the next
        // ones 0.4 s each); a call later than that counts from half an interval before it left.
        this.recent.push(Math.max(at, now - this.intervalMs / 2));
        this.released.shift()!();
      }
    } catch {
      // The pace store did not answer (after its retries): the waiting calls try again shortly.
      setTimeout(() => void this.pump().catch(() => undefined), 1000);
    } finally {
      this.pumping = false;
    }
  }

  /**
   * When one more call may leave without more than `arrivalsPerWindow` reaching the provider in
   * any window: every call answered in the last window, or not answered yet, may still be
   * counted there. Infinity while the window is full of unanswered calls (an answer wakes the pump).
   */
  private arrivalsOpenAt(now: number): number {
    const most = this.limits.arrivalsPerWindow;
    if (!most) return 0;
    while (this.answered.length && this.answered[0]! <= now - this.windowMs) this.answered.shift();
    const over = this.unanswered + this.answered.length - most;
    if (over < 0) return 0;
    return over < this.answered.length ? this.answered[over]! + this.windowMs : Number.POSITIVE_INFINITY;
  }

  /** Sleeps `ms` (at most a window), or until a call is answered when the arrivals' window waits for one. */
  private wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.onAnswer === done) this.onAnswer = null;
        resolve();
      };
      const timer = setTimeout(done, Math.min(ms, this.windowMs));
      if (this.limits.arrivalsPerWindow) this.onAnswer = done;
    });
  }

  /** A call let go by the pump was answered (or failed): from now it counts one window more. */
  private answeredNow(): void {
    this.unanswered -= 1;
    this.answered.push(Date.now());
    this.onAnswer?.();
  }

  schedule<T>(call: () => Promise<T>): Promise<T> {
    return this.limiter(async () => {
      const asked = Date.now();
      this.waiting += 1;
      try {
        await new Promise<void>((resolve) => {
          this.released.push(resolve);
          void this.pump().catch(() => undefined);
        });
      } finally {
        this.waiting -= 1;
      }
      this.stats.calls += 1;
      const left = Date.now();
      this.stats.waitMs += left - asked;
      try {
        return await call();
      } finally {
        this.stats.callMs += Date.now() - left;
        if (this.limits.arrivalsPerWindow) this.answeredNow();
      }
    });
  }
}

const pacers = new WeakMap<PaceStore, Map<string, ProviderPacer>>();
const processStore = memoryPaceStore();
/**
 * The pacer of one account (by key) in this process, created with its limits on first use; its
 * slots come from `store` (by default this process's memory).
 */
export function accountPacer(key: string, limits: PacerLimits, store: PaceStore = processStore): ProviderPacer {
  const id = `${key}|${limits.perSecond}|${limits.concurrent}|${limits.windowMs ?? ''}|${limits.lateMs ?? ''}|${limits.leadMs ?? ''}|${limits.noPrefetch ?? ''}|${limits.arrivalsPerWindow ?? ''}`;
  let byId = pacers.get(store);
  if (!byId) pacers.set(store, (byId = new Map()));
  let pacer = byId.get(id);
  if (!pacer) byId.set(id, (pacer = new ProviderPacer(limits, store, key)));
  return pacer;
}
