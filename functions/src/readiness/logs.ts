import { logEvent } from '../lib/logs.js';

/** The named log events of readiness (one function per event). */

export function readinessRunStarted(project: string, runId: string, total: number, version: string): void {
  logEvent('INFO', 'readiness run started', { project, runId, total, version });
}

export function readinessRunPage(project: string, runId: string, done: number, total: number, written: number): void {
  logEvent('INFO', 'readiness run page', { project, runId, done, total, written });
}

export function readinessRunStale(project: string, runId: string, cursor: string | null): void {
  logEvent('INFO', 'readiness run task already done', { project, runId, cursor });
}

/** The warehouse's readiness facts could not be written (a run evaluates those products in the function). */
export function factsMirrorFailed(project: string, rows: number, error: unknown): void {
  logEvent('WARNING', 'readiness facts not mirrored', { project, rows, error: error instanceof Error ? error.message : String(error) });
}

/** A run's page could not be read from the warehouse: evaluated in the function instead. */
export function readinessPageQueryFailed(project: string, runId: string, error: unknown): void {
  logEvent('WARNING', 'readiness page not read from the warehouse', { project, runId, error: error instanceof Error ? error.message : String(error) });
}
