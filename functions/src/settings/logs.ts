import { logEvent } from '../lib/logs.js';

/** The named log events of the settings documents (one function per event). */

/** Secrets of a settings document were set, changed or removed (their paths only, never a value). */
export function secretsChanged(project: string, config: string, paths: readonly string[]): void {
  logEvent('INFO', 'settings secrets changed', { project, config, paths });
}
