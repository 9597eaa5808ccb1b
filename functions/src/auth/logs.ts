import { errorText, logEvent } from '../lib/logs.js';

/** The named log events of sign-in and Google connections (one function per event). */

/** An admin connected the project's Google account (Search Console, Merchant Center). */
export function googleConsoleConnected(project: string, uid: string): void {
  logEvent('INFO', 'google console connected', { project, uid });
}

/** The OAuth code exchange or the token store failed; the admin is asked to try again. */
export function googleConsoleConnectionFailed(project: string, error: unknown): void {
  logEvent('WARNING', 'google console connection failed', { project, reason: errorText(error) });
}
