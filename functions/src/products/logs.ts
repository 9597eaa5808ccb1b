import { logEvent } from '../lib/logs.js';

/** The named log events of products (one function per event). */

/** An operator's override of a synced field was written to the product's changelog. */
export function overrideRecorded(project: string, code: string, field: string, by: unknown): void {
  logEvent('INFO', 'override recorded', { project, code, field, by });
}

/** A price change outside the store's guardrails was held instead of written. */
export function priceHeld(project: string, code: string, field: string, source: string, holdId: string): void {
  logEvent('INFO', 'price change held', { project, code, field, source, holdId });
}

/** An operator confirmed a held price change, which was applied. */
export function priceHoldConfirmed(project: string, holdId: string, by: string): void {
  logEvent('INFO', 'held price change confirmed', { project, holdId, by });
}

/** An operator answered a stale override ('keep' or 'upstream'). */
export function staleOverrideResolved(project: string, code: string, field: string, decision: string, by: string): void {
  logEvent('INFO', 'stale override resolved', { project, code, field, decision, by });
}
