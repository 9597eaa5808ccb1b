import { logEvent } from '../logs.js';

/** A vendor call failed transiently and is tried again (the URL without its query: redactUrl). */
export function upstreamRetry(upstream: string, method: string, url: string, attempt: number, reason: string, delayMs: number): void {
  logEvent('WARNING', 'upstream retry', { upstream, method, url, attempt, reason, delayMs });
}
