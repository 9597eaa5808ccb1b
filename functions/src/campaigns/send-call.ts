import type { RecipientOutcome } from './send-channel.js';
import type { RecipientChange, StoredRecipient } from './send-store.js';

/**
 * Step 3 of the send job, the provider call of a claimed chunk: what its answer changes, and the
 * bookkeeping of this run's chunks on the wire (their recipients are this run's own, never in
 * doubt; the calls not yet returned hold the call slots; a run ends only when none is left).
 */

/** What one call's outcomes change (pure), and how the run of chunks not taken moves. */
interface CallResult {
  changes: Map<string, RecipientChange>;
  /** The provider took at least one recipient (sent, failed or opted out). */
  taken: boolean;
  /** The reason of the last recipient it did not take (back to pending), or null. */
  notTaken: string | null;
  /** The send's run of chunks not taken: reset by a chunk taken (or one with nothing to retry), one more by a chunk not taken at all. */
  failureRun: 'add' | 'reset';
}

export function callChanges(chunk: readonly StoredRecipient[], outcomes: ReadonlyMap<string, RecipientOutcome>, since: number): CallResult {
  const changes = new Map<string, RecipientChange>();
  let notTaken: string | null = null;
  let taken = false;
  for (const r of chunk) {
    const outcome = outcomes.get(r.key) ?? { state: 'unknown' as const, reason: 'sem resposta do canal' };
    if (outcome.state === 'retry') {
      changes.set(r.key, { state: 'pending' });
      notTaken = outcome.reason;
    } else if (outcome.state === 'unknown') {
      // Stays 'sending' (since kept): reconciled before anyone is sent again.
      changes.set(r.key, { state: 'sending', since, checks: 0 });
    } else {
      changes.set(r.key, outcome);
      taken = true;
    }
  }
  return { changes, taken, notTaken, failureRun: taken || notTaken === null ? 'reset' : 'add' };
}

/**
 * This run's chunks between their claim and their record. `calls` are the provider calls not yet
 * returned (at most `sendsAtOnce`), `tasks` the chunks not yet recorded; the first failure of a
 * chunk in the background is kept and thrown by the run's next `throwIfFailed` or `drain`.
 */
export class ChunksOnWire {
  /** Keys of the recipients of this run's chunks on the wire. */
  readonly recipients = new Set<string>();
  private readonly calls = new Set<Promise<void>>();
  private readonly tasks = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  get busy(): boolean {
    return this.tasks.size > 0;
  }

  throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  /** Waits until fewer than `sendsAtOnce` calls are running. */
  async callSlot(sendsAtOnce: number): Promise<void> {
    while (this.calls.size >= sendsAtOnce) await Promise.race(this.calls);
  }

  /** Waits until every chunk of the run is recorded, then throws the first failure if any. */
  async drain(): Promise<void> {
    while (this.tasks.size) await Promise.race(this.tasks);
    this.throwIfFailed();
  }

  /**
   * Runs `work` for `chunk` in the background: its recipients are on the wire until it ends;
   * `work` frees its call slot (`freeCall`, at the latest when it ends) once the call returned.
   */
  start(chunk: readonly StoredRecipient[], work: (freeCall: () => void) => Promise<void>): Promise<void> {
    for (const r of chunk) this.recipients.add(r.key);
    let callReturned!: () => void;
    const call = new Promise<void>((resolve) => (callReturned = resolve));
    this.calls.add(call);
    const freeCall = () => {
      this.calls.delete(call);
      callReturned();
    };
    const task: Promise<void> = (async () => {
      try {
        await work(freeCall);
      } finally {
        freeCall();
      }
    })()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => {
        for (const r of chunk) this.recipients.delete(r.key);
        this.tasks.delete(task);
      });
    this.tasks.add(task);
    return task;
  }
}
