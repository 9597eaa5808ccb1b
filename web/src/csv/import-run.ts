import type { ReadyRecord } from './import-plan';

/**
 * Writing the ready records in batches (design: the spec's 1 ms per-record throttle is a floor,
 * not the pace). Each record is one `set` with merge, so one batch holds each record whole: a
 * record is written entirely or not at all. Pause and stop are looked at between batches, and a
 * paused run polls every 100 ms (spec §9).
 */

export const IMPORT_BATCH_SIZE = 400;
export const PAUSE_POLL_MS = 100;

export interface ImportControl {
  isPaused(): boolean;
  isStopped(): boolean;
}

export interface BatchWriter {
  /** Commits one batch atomically; rejects when nothing of it was written. */
  commit(records: readonly ReadyRecord[]): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

/** Returns 'finished' when every record was attempted, 'interrupted' when stopped first. */
export async function writeInBatches(
  records: readonly ReadyRecord[],
  writer: BatchWriter,
  control: ImportControl,
  onBatch: (records: readonly ReadyRecord[], error?: string) => void,
  batchSize = IMPORT_BATCH_SIZE,
): Promise<'finished' | 'interrupted'> {
  for (let start = 0; start < records.length; start += batchSize) {
    while (control.isPaused() && !control.isStopped()) await sleep(PAUSE_POLL_MS);
    if (control.isStopped()) return 'interrupted';
    const batch = records.slice(start, start + batchSize);
    try {
      await writer.commit(batch);
      onBatch(batch);
    } catch (error) {
      onBatch(batch, errorMessage(error));
    }
  }
  return 'finished';
}
