// `npm start` when an emulator dies under it (issue 23: the Firestore JVM ran out of heap after
// 100 minutes and every call failed with no word why): it says so in one line and stops. Runs
// `node scripts/start.mjs` itself, on this run's port offset and a state folder of its own, and
// kills the Firestore emulator's JVM as the OOM killer or a crash would.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, ports } from '../scripts/lib/config.mjs';
import { javaEmulators } from '../scripts/lib/stack.mjs';

const stateDir = mkdtempSync(join(tmpdir(), 'console-death-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe('npm start with an emulator that dies', () => {
  it('says which emulator stopped, in one line, and stops the stack', { timeout: 480_000 }, async () => {
    const start = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, CONSOLE_STATE_DIR: stateDir, CONSOLE_WATCH_MS: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    start.stdout.on('data', (chunk) => (output += chunk));
    start.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    const waitFor = async (text: string, seconds: number) => {
      const deadline = Date.now() + seconds * 1000;
      while (!output.includes(text)) {
        if (Date.now() > deadline || start.exitCode !== null) throw new Error(`no '${text}' in npm start's output:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    try {
      await waitFor('READY', 360);
      const { firestore } = javaEmulators(start.pid!);
      expect(firestore).toBeGreaterThan(0);
      process.kill(firestore!, 'SIGKILL');

      await waitFor('has stopped', 30);
      const line = output.split('\n').find((l) => l.includes('has stopped'));
      expect(line).toMatch(/^npm start: the Firestore emulator \(Java, pid \d+\) has stopped/);
      expect(line).toContain('Every call that needs it fails until the stack is started again.');
      expect(await exited).toBe(1);
      // Nothing of the stack is left behind: no Java emulator on this stack's ports.
      const left = spawnSync('ps', ['-eo', 'args='], { encoding: 'utf8' }).stdout.split('\n');
      expect(left.filter((args) => /\bjava\b/.test(args) && args.includes(`--port ${ports.firestore}`))).toEqual([]);
    } finally {
      if (start.exitCode === null) start.kill('SIGINT');
      await exited;
    }
  });
});
