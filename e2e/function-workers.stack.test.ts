// The functions emulator's worker pools under a burst (issue 24): fifty calls at once reach one
// HTTPS function, whose pool grows to at most FUNCTION_EXECUTIONS_AT_ONCE workers. Runs on a stack
// of its own (scripts/test.mjs, last phase); a file apart from restart.stack.test.ts so the two
// run on both lanes at once at the end of a full run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FUNCTION_EXECUTIONS_AT_ONCE, startStack } from '../scripts/lib/stack.mjs';
import { api } from '../test-support/emulator.js';

const stateDir = mkdtempSync(join(tmpdir(), 'console-workers-'));
const logFile = join(tmpdir(), 'console-function-workers.log');

afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe('the functions emulator under a burst', () => {
  it('serves fifty calls at once, one function starting at most FUNCTION_EXECUTIONS_AT_ONCE workers', async () => {
    const stack = await startStack({ stateDir, persist: false, logFile });
    try {
      await stack.apiWorkers;
      // At least FUNCTION_EXECUTIONS_AT_ONCE workers, one or more per HTTPS function (issue 24).
      const started = stack.functionWorkers();
      expect(started).toBeGreaterThanOrEqual(FUNCTION_EXECUTIONS_AT_ONCE);
      const answers = await Promise.all(Array.from({ length: 50 }, () => api('/api/health')));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      // One HTTPS function per feature (issue 24): the fifty calls reach one function, whose pool
      // grows to at most FUNCTION_EXECUTIONS_AT_ONCE workers; the other functions' stay as started.
      expect(stack.functionWorkers() - started).toBeLessThanOrEqual(FUNCTION_EXECUTIONS_AT_ONCE);
    } finally {
      await stack.stop();
    }
  }, 240_000);
});
