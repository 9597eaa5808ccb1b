import { errorText, logEvent } from '../lib/logs.js';

/** The named log events of files and media (one function per event). */

/** A Bunny video webhook could not be applied to its file entry . */
export function bunnyWebhookNotApplied(project: string, fileId: string, error: unknown): void {
  logEvent('WARNING', 'bunny webhook not applied', { project, fileId, error: errorText(error) });
}

/** A Bunny webhook call was refused (its signature, or a key to check it with, was missing or wrong). */
export function bunnyWebhookRefused(project: string, reason: string): void {
  logEvent('WARNING', 'bunny webhook refused', { project, reason });
}

/** A download through the console's URL fetcher was refused (private address, size, type…). */
export function downloadUrlRefused(host: string, code: string, reason: string): void {
  logEvent('WARNING', 'download-url refused', { host, code, reason });
}

/** An uploaded image's dimensions could not be read; it is registered without them. */
export function imageNotMeasured(filePath: string, error: unknown): void {
  logEvent('WARNING', 'image not measured', { filePath, error: errorText(error) });
}
