import { logEvent } from '../lib/logs.js';

/** The named log events of conditions (one function per event). */

/** A document's condition fields were rewritten from their trees (their SQL settled). */
export function conditionsSettled(path: string, fields: readonly string[]): void {
  logEvent('INFO', 'conditions settled', { path, fields });
}
