import type { InDoubtRecipient, SettledOutcome } from './send-channel.js';
import type { RecipientChange, StoredRecipient } from './send-store.js';

/**
 * Reconciliation, between claiming and calling: recipients found 'sending' that are not on this
 * run's wire (their worker died, or their call ended without an answer) are asked about at the
 * provider (the channel's settle) before anyone is sent to again.
 */

/** The in-doubt recipients as the channel's settle() takes them (`since`: when their call started). */
export function inDoubtOf(recipients: readonly StoredRecipient[]): InDoubtRecipient[] {
  return recipients.map((r) => ({ ...r, since: r.since ?? 0 }));
}

/**
 * What the provider's verdicts change (pure): sent, failed or opted out settle; 'not sent' goes
 * back to pending (sent again); not known yet stays 'sending' one more round, and after
 * `maxChecks` rounds settles as 'unknown' (sem confirmação: never resent blindly). `waiting`:
 * recipients still in doubt, for which the job waits before asking again.
 */
export function reconcileChanges(
  inDoubt: readonly StoredRecipient[],
  verdicts: ReadonlyMap<string, SettledOutcome>,
  maxChecks: number,
): { changes: Map<string, RecipientChange>; waiting: number } {
  const changes = new Map<string, RecipientChange>();
  let waiting = 0;
  for (const r of inDoubt) {
    const verdict = verdicts.get(r.key) ?? { state: 'unknown' as const, reason: 'sem resposta do provedor' };
    if (verdict.state === 'not-sent') changes.set(r.key, { state: 'pending' });
    else if (verdict.state !== 'unknown') changes.set(r.key, verdict);
    else if ((r.checks ?? 0) + 1 >= maxChecks) changes.set(r.key, { state: 'unknown', reason: verdict.reason });
    else {
      changes.set(r.key, { state: 'sending', checks: (r.checks ?? 0) + 1 });
      waiting += 1;
    }
  }
  return { changes, waiting };
}
