#!/usr/bin/env node
// One lane's share of `npm test`'s emulator phase, taken from a queue both lanes read
// (scripts/test.mjs writes it, scripts/test-lane.mjs starts this on its stack): the emulator
// project's files, longest expected first; a lane takes the next file nobody has taken (an
// mkdir, scripts/lib/test-queue.mjs), runs it, and takes another, so the lanes end within one file of each other
// whatever this machine's times are. Before, each lane got a fixed list split by expected times,
// and on CI one lane waited 274 s for the other (issue 30). One Vitest instance runs every
// file it takes, so a file costs no Vitest start of its own.
// Writes the lane's report (vitest-emulator-<lane>.json, the shape of Vitest's JSON reporter's
// testResults that scripts/lib/test-timing.mjs reads) and exits 1 when any file failed.
// Usage: CONSOLE_TEST_QUEUE=<folder> CONSOLE_TEST_LANE=<n> node scripts/test-queue.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createVitest } from 'vitest/node';
import { take } from './lib/test-queue.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const queue = /** @type {string} */ (process.env.CONSOLE_TEST_QUEUE);
const lane = process.env.CONSOLE_TEST_LANE ?? '1';
/** @type {string[]} */
const files = JSON.parse(readFileSync(join(queue, 'files.json'), 'utf8'));

const vitest = await createVitest('test', { root: ROOT, project: ['emulator'], watch: false, passWithNoTests: true });
// The reporters set up as `vitest run` does before its first run (runTestSpecifications does not).
await vitest.standalone();
const project = vitest.getProjectByName('emulator');
/** @type {{ name: string, startTime: number, endTime: number, status: string }[]} */
const testResults = [];
let failed = false;
/** Each failed test in one line, said again at the end: a file's own report may have scrolled out of the lane's tail. */
const failures = /** @type {string[]} */ ([]);
try {
  for (const [index, file] of files.entries()) {
    if (!take(queue, 'files', index, lane)) continue;
    console.log(`test: lane ${lane} takes ${file} (${index + 1} of ${files.length})`);
    const startTime = Date.now();
    const result = await vitest.runTestSpecifications([project.createSpecification(join(ROOT, file))]);
    const endTime = Date.now();
    // The result lists every file this Vitest has run so far: this file's module is the one to read.
    const modules = result.testModules.filter((m) => m.moduleId === join(ROOT, file));
    const states = modules.map((m) => m.state());
    const passed = result.unhandledErrors.length === 0 && states.length > 0 && states.every((s) => s === 'passed' || s === 'skipped');
    if (!passed) failed = true;
    for (const module of modules)
      for (const test of module.children.allTests('failed')) {
        const outcome = test.result();
        const errors = outcome.state === 'failed' ? outcome.errors : [];
        failures.push(`${file} > ${test.fullName}: ${errors[0]?.message?.split('\n')[0] ?? 'failed'}`);
      }
    for (const error of result.unhandledErrors) failures.push(`${file}: unhandled ${error instanceof Error ? error.message : String(error)}`);
    testResults.push({ name: join(ROOT, file), startTime, endTime, status: passed ? 'passed' : 'failed' });
  }
} finally {
  const timings = process.env.CONSOLE_TEST_TIMINGS;
  if (timings) writeFileSync(join(timings, `vitest-emulator-${lane}.json`), `${JSON.stringify({ testResults }, null, 2)}\n`);
  await vitest.close();
}
const failedFiles = testResults.filter((r) => r.status === 'failed').map((r) => r.name.slice(ROOT.length + 1));
console.log(`test: lane ${lane} ran ${testResults.length} files${failedFiles.length ? `; failed: ${failedFiles.join(', ')}` : ', all passed'}`);
if (failures.length) console.log(`test: lane ${lane}: Failed Tests ${failures.length}\n${failures.map((f) => `  ${f}`).join('\n')}`);
process.exit(failed ? 1 : 0);
