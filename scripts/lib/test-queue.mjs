// The queue a full `npm test`'s lanes take their files from (scripts/test.mjs writes it,
// scripts/test-queue.mjs and scripts/test-lane.mjs take from it): a folder with the list, in the
// order files are to be taken, and one folder per file taken. Taking is an mkdir, which the file
// system does once whoever asks, so two lanes never run the same file and every file runs once.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Takes item `index` of the list `list` for `lane`: true when this lane has it, false when
 * another lane took it first.
 * @param {string} queue the queue's folder
 * @param {string} list the list's name (`files`, `stack-files`)
 * @param {number} index
 * @param {string} lane
 */
export function take(queue, list, index, lane) {
  mkdirSync(join(queue, `taken-${list}`), { recursive: true });
  try {
    mkdirSync(join(queue, `taken-${list}`, String(index)));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') return false;
    throw error;
  }
  writeFileSync(join(queue, `taken-${list}`, String(index), 'lane'), lane);
  return true;
}
