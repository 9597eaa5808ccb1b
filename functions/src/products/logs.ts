import { logEvent } from '../lib/logs.js';

/** The named log events of products (one function per event). */

/** An operator's override of a synced field was written to the product's changelog. */
export function overrideRecorded(project: string, code: string, field: string, by: unknown): void {
  logEvent('INFO', 'override recorded', { project, code, field, by });
}
