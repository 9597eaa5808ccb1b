// Two stacks started at the same instant on a folder with no functions/.env.local (a fresh clone,
// issue 33): both load their functions. firebase-tools used to append the params' defaults to that
// one shared file for one stack while the other read it, and the second refused to load ('Attempted
// to write param-defined key SUPER_PROJECT_ID to .env files, but it was already defined'). Now
// every param has its value in each stack's own functions/.env.<project> before firebase-tools
// starts, so nothing is written there. Runs `node scripts/start.mjs` twice, on this run's port
// offset and 70 above it (an offset no lane of a full run uses; CONSOLE_SECOND_STACK_OFFSET
// chooses another), each with a state folder of its own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORT_OFFSET, ROOT, firebaseJson, ports } from '../scripts/lib/config.mjs';
import { javaEmulators } from '../scripts/lib/stack.mjs';

const localEnv = join(ROOT, 'functions', '.env.local');
const setAside = `${localEnv}.parallel-start-test`;
const stateDirs: string[] = [];

afterAll(() => {
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

function startAt(offset: number) {
  const stateDir = mkdtempSync(join(tmpdir(), `console-parallel-${offset}-`));
  stateDirs.push(stateDir);
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    // The emulators are watched every second (the second test kills one).
    // No API workers started ahead of calls (CONSOLE_WARM_WORKERS=0): the test calls one function.
    env: { ...process.env, CONSOLE_PORT_OFFSET: String(offset), CONSOLE_STATE_DIR: stateDir, CONSOLE_WATCH_MS: '1000', CONSOLE_WARM_WORKERS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    offset,
    output: () => output,
    exited,
    pid: child.pid!,
    async waitFor(text: string, seconds: number) {
      const deadline = Date.now() + seconds * 1000;
      while (!output.includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`no '${text}' in npm start's output at offset ${offset}:\n${output.slice(-4000)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    ready(seconds: number) {
      return this.waitFor('READY', seconds);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

describe('two stacks started at the same instant on a fresh clone', () => {
  const hadLocalEnv = existsSync(localEnv);
  let stacks: ReturnType<typeof startAt>[] = [];

  beforeAll(async () => {
    if (hadLocalEnv) renameSync(localEnv, setAside);
    stacks = [startAt(PORT_OFFSET), startAt(Number(process.env.CONSOLE_SECOND_STACK_OFFSET || PORT_OFFSET + 70))];
    await Promise.all(stacks.map((s) => s.ready(480)));
  }, 600_000);

  afterAll(async () => {
    await Promise.all(stacks.map((s) => s.stop()));
    if (hadLocalEnv) renameSync(setAside, localEnv);
  }, 240_000);

  it('both load their functions and write nothing to functions/.env.local', async () => {
    for (const stack of stacks) {
      const health = await fetch(`http://127.0.0.1:${firebaseJson.emulators.hosting.port + stack.offset}/api/health`);
      expect(health.status, `stack at offset ${stack.offset}: ${stack.output().slice(-2000)}`).toBe(200);
    }
    expect(stacks.map((s) => s.output()).join('\n')).not.toContain('already defined');
    expect(existsSync(localEnv)).toBe(false);
  });

  // `npm start` when an emulator dies under it (issue 23: the Firestore JVM ran out of heap after
  // 100 minutes and every call failed with no word why): it says so in one line and stops. The
  // first stack's Firestore JVM is killed as the OOM killer or a crash would (this was
  // emulator-death.stack.test.ts, which started a stack of its own for it).
  it('says which emulator stopped, in one line, and stops the stack, when an emulator dies', async () => {
    const stack = stacks[0]!;
    const { firestore } = javaEmulators(stack.pid);
    expect(firestore).toBeGreaterThan(0);
    process.kill(firestore!, 'SIGKILL');

    await stack.waitFor('has stopped', 30);
    const line = stack
      .output()
      .split('\n')
      .find((l) => l.includes('has stopped'));
    expect(line).toMatch(/^npm start: the Firestore emulator \(Java, pid \d+\) has stopped/);
    expect(line).toContain('Every call that needs it fails until the stack is started again.');
    expect(await stack.exited).toBe(1);
    // Nothing of the stack is left behind: no Java emulator on this stack's ports.
    const left = spawnSync('ps', ['-eo', 'args='], { encoding: 'utf8' }).stdout.split('\n');
    expect(left.filter((args) => /\bjava\b/.test(args) && args.includes(`--port ${ports.firestore}`))).toEqual([]);
  });
});
