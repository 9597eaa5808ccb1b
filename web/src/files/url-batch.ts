import { downloadErrorMessage } from './download-url';

/**
 * 'Baixar de URLs' on a list of images: several URLs pasted one per line, each downloaded through
 * the server and uploaded like a chosen file, one after the other so the items keep the order
 * given. What failed stays for correction; the message is document 1 §8's (one URL or several).
 */

/** The URLs of the pasted text: one per line, trimmed, blank lines dropped, order kept. */
export function batchUrls(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Whether a line can be asked for at all (http or https); the server vets the address itself. */
export function isHttpUrl(line: string): boolean {
  try {
    const { protocol } = new URL(line);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Whether a downloaded file's type fits a list whose items are of `kind` ('image/png' for 'image'). */
export function fitsKind(kind: 'file' | 'image' | 'video' | 'audio', type: string): boolean {
  return kind === 'file' || type.toLowerCase().startsWith(`${kind}/`);
}

export interface BatchOutcome<T> {
  /** What each URL that worked gave, in the order of the URLs. */
  done: T[];
  /** The URLs that failed, in their order: what the text box keeps. */
  failed: string[];
  /** Document 1 §8's message when any failed, else null. */
  error: string | null;
}

/**
 * Runs `step` for each URL in turn (a line that is not an http(s) URL fails without a request),
 * calling `onProgress(n, total)` before the n-th (1-based) and `onDone` after each success, so the
 * caller can append it at once. A step that throws or answers null is a failure, logged.
 */
export async function runUrlBatch<T>(
  urls: readonly string[],
  step: (url: string) => Promise<T | null>,
  { onProgress, onDone }: { onProgress?(current: number, total: number): void; onDone?(result: T, url: string): void } = {},
): Promise<BatchOutcome<T>> {
  const done: T[] = [];
  const failed: string[] = [];
  for (const [index, url] of urls.entries()) {
    onProgress?.(index + 1, urls.length);
    let result: T | null = null;
    try {
      if (!isHttpUrl(url)) throw new Error('Não é uma URL http(s).');
      result = await step(url);
    } catch (error) {
      console.error(`Erro ao fazer download de ${url}:`, error);
    }
    if (result === null) failed.push(url);
    else {
      done.push(result);
      onDone?.(result, url);
    }
  }
  return { done, failed, error: failed.length ? downloadErrorMessage(urls.length) : null };
}

/** The text box after a batch: only the URLs that failed, one per line. */
export function remainingText(outcome: Pick<BatchOutcome<unknown>, 'failed'>): string {
  return outcome.failed.join('\n');
}
