import { logEvent } from '../lib/logs.js';

/** The named log events of the customers' warehouse mirror (one function per event). */

/** The copy of a project was taken again: it never held the project, or it stayed behind past the bound. */
export function mirrorBackfilled(project: string, why: 'empty' | 'behind', counts: unknown): void {
  logEvent(why === 'empty' ? 'INFO' : 'WARNING', 'customer warehouse backfilled', { project, why, counts });
}
