import type { ImportRecordResult } from '@console/shared';
import type { ReadyRecord } from './import-plan';

/**
 * Writing the ready records in batches (design: the spec's 1 ms per-record throttle is a floor,
 * not the pace). Each record is one `set` with merge inside one batch, so a record is written
 * entirely or not at all.
 *
 * Several batches are committed at once (a pipeline of `concurrency` commits): a commit's time is
 * mostly waiting on the server, and the next batch's request can travel while the server works on
 * the previous one. The pipeline keeps what a one-at-a-time loop promised:
 *  - results are reported in file order (a batch's result waits for the batches before it), and
 *    the batches attempted are always the first ones, so the lines not imported after a stop are
 *    the file's tail;
 *  - a batch holding an id that a batch still in flight also writes waits for that one, so two
 *    lines with the same id are merged in file order, as they would be one after the other;
 *  - pause and stop are looked at before each batch is sent (a paused run polls every 100 ms,
 *    spec §9); batches already sent finish and are reported, nothing new starts. `onSettled` tells
 *    when a pause has taken hold (nothing in flight any more).
 *
 * Batch size and depth: each batch is one call of the import endpoint (a Functions request that
 * verifies the ID token, reads the batch's documents and commits them in one transaction — or,
 * for a batch the preview found all new, creates them without reading), so the
 * per-call cost is spread over 250 records; 3 calls in flight keep the server busy while the next
 * request travels. Earlier, with client writes, the emulator's security-rules evaluation (2-3 ms of
 * its CPU per record) set the pace at about 260 rows/s for 10,000 products (bench/csv-import.mjs).
 * 250 stays well under a transaction's 500 writes and keeps pause and stop within one round of
 * calls.
 */

export const IMPORT_BATCH_SIZE = 250;
export const IMPORT_CONCURRENCY = 3;
export const PAUSE_POLL_MS = 100;

export interface ImportControl {
  isPaused(): boolean;
  isStopped(): boolean;
  /** Called when a pause has taken hold: paused, and every batch sent has been reported. */
  onSettled?(): void;
}

export interface BatchWriter {
  /**
   * Commits one batch atomically; rejects when nothing of it was written. May answer one result
   * per record (the server's import refuses a record its schema does not accept and writes the
   * others); without them every record counts as written.
   */
  commit(records: readonly ReadyRecord[]): Promise<readonly ImportRecordResult[] | void>;
}

export interface WriteOptions {
  batchSize?: number;
  concurrency?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

/** The records cut into batches of `size`, in order. */
export function toBatches<T>(records: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < records.length; start += size) batches.push(records.slice(start, start + size));
  return batches;
}

interface Sent {
  ids: ReadonlySet<string>;
  done: Promise<void>;
}

/** Returns 'finished' when every record was attempted, 'interrupted' when stopped first. */
export async function writeInBatches(
  records: readonly ReadyRecord[],
  writer: BatchWriter,
  control: ImportControl,
  onBatch: (records: readonly ReadyRecord[], error?: string, results?: readonly ImportRecordResult[]) => void,
  { batchSize = IMPORT_BATCH_SIZE, concurrency = IMPORT_CONCURRENCY }: WriteOptions = {},
): Promise<'finished' | 'interrupted'> {
  const batches = toBatches(records, batchSize);
  const results: ({ error?: string; records?: readonly ImportRecordResult[] } | undefined)[] = [];
  const inFlight = new Set<Sent>();
  let reported = 0;

  // Results in file order: each settled batch reports itself and any later ones already settled.
  const report = () => {
    while (reported < batches.length && results[reported]) {
      onBatch(batches[reported]!, results[reported]!.error, results[reported]!.records);
      reported += 1;
    }
  };
  const settleAll = () => Promise.all([...inFlight].map((s) => s.done));

  for (const [index, batch] of batches.entries()) {
    const ids = new Set(batch.map((r) => r.id).filter(Boolean));
    for (;;) {
      if (control.isStopped()) {
        await settleAll();
        return 'interrupted';
      }
      if (control.isPaused()) {
        if (inFlight.size > 0) await settleAll();
        else {
          control.onSettled?.();
          while (control.isPaused() && !control.isStopped()) await sleep(PAUSE_POLL_MS);
        }
        continue;
      }
      if (inFlight.size >= concurrency) {
        await Promise.race([...inFlight].map((s) => s.done));
        continue;
      }
      const overlapping = [...inFlight].filter((s) => [...ids].some((id) => s.ids.has(id)));
      if (overlapping.length > 0) {
        await Promise.all(overlapping.map((s) => s.done));
        continue;
      }
      break;
    }
    const sent: Sent = {
      ids,
      // A commit that throws instead of rejecting counts as a failed batch too.
      done: new Promise<readonly ImportRecordResult[] | void>((resolve) => resolve(writer.commit(batch)))
        .then(
          (records) => {
            results[index] = records ? { records } : {};
          },
          (error: unknown) => {
            results[index] = { error: errorMessage(error) };
          },
        )
        .finally(() => {
          inFlight.delete(sent);
          report();
        }),
    };
    inFlight.add(sent);
  }
  await settleAll();
  return 'finished';
}
