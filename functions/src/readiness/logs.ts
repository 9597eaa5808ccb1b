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
