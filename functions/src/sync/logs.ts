import { errorText, logEvent } from '../lib/logs.js';

/** The named log events of the sync (one function per event). */

/** Which queued sync task an event is about. */
export interface SyncTaskWhere {
  taskId: string;
  project: string;
  /** The endpoint's path, without its query. */
  path: string;
}

/** A queued sync task whose payload does not parse: dropped, not retried. */
export function syncTaskPayloadInvalid(issue: string | undefined): void {
  logEvent('ERROR', 'sync task: invalid payload, dropped', { issue });
}

/** The queue delivered a task that already finished. */
export function syncTaskRedeliverySkipped(where: SyncTaskWhere): void {
  logEvent('INFO', 'sync task: already finished, re-delivery skipped', { ...where });
}

/** The user who queued the task may no longer run it (access removed). */
export function syncTaskRefused(where: SyncTaskWhere, reason: string): void {
  logEvent('WARNING', 'sync task refused', { ...where, reason });
}

export function syncTaskDone(where: SyncTaskWhere, attempts: number): void {
  logEvent('INFO', 'sync task done', { ...where, attempts });
}

/** A permanent failure, or the last attempt: recorded, not retried. */
export function syncTaskFailed(where: SyncTaskWhere, status: number, error: string, attempts: number): void {
  logEvent('WARNING', 'sync task failed', { ...where, status, error, attempts });
}

/** A transient failure: the queue retries with backoff. */
export function syncTaskWillRetry(where: SyncTaskWhere, status: number, error: string, attempts: number): void {
  logEvent('WARNING', 'sync task will be retried', { ...where, status, error, attempts });
}

/** A sync task met the Bling account's daily limit: rescheduled for when Bling's day turns. */
export function syncTaskDeferred(where: SyncTaskWhere, resumeAt: string): void {
  logEvent('WARNING', 'sync task deferred to the daily limit reset', { ...where, resumeAt });
}

/** 'Conectar Bling' stored an account's tokens. */
export function blingConnected(project: string, account: string, uid: string): void {
  logEvent('INFO', 'bling account connected', { project, account, uid });
}

/** The code exchange or the store failed; the admin is asked to try again. */
export function blingConnectionFailed(project: string, account: string, error: unknown): void {
  logEvent('WARNING', 'bling account connection failed', { project, account, reason: errorText(error) });
}

/** The scheduled refresh renewed an account's tokens (or could not). */
export function blingTokenRefreshed(project: string, account: string): void {
  logEvent('INFO', 'bling token refreshed', { project, account });
}

export function blingTokenRefreshFailed(project: string, account: string, error: unknown): void {
  logEvent('ERROR', 'bling token refresh failed', { project, account, reason: errorText(error) });
}
