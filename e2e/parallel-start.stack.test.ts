// Two stacks started at the same instant on a folder with no functions/.env.local (a fresh clone,
// issue 33): both load their functions. firebase-tools used to append the params' defaults to that
// one shared file for one stack while the other read it, and the second refused to load ('Attempted
// to write param-defined key SUPER_PROJECT_ID to .env files, but it was already defined'). Now
// every param has its value in each stack's own functions/.env.<project> before firebase-tools
// starts, so nothing is written there. Runs `node scripts/start.mjs` twice, on this run's port
// offset and CONSOLE_SECOND_STACK_OFFSET (a full run gives it another lane's offset, free once that
// lane is done; alone, 70 above this run's), each with a state folder of its own.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PORT_OFFSET, ROOT, firebaseJson } from '../scripts/lib/config.mjs';

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
    env: { ...process.env, CONSOLE_PORT_OFFSET: String(offset), CONSOLE_STATE_DIR: stateDir },
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
    async ready(seconds: number) {
      const deadline = Date.now() + seconds * 1000;
      while (!output.includes('READY')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start at offset ${offset} did not get ready:\n${output.slice(-4000)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

describe('two stacks started at the same instant on a fresh clone', () => {
  it('both load their functions and write nothing to functions/.env.local', { timeout: 600_000 }, async () => {
    const hadLocalEnv = existsSync(localEnv);
    if (hadLocalEnv) renameSync(localEnv, setAside);
    const stacks = [startAt(PORT_OFFSET), startAt(Number(process.env.CONSOLE_SECOND_STACK_OFFSET || PORT_OFFSET + 70))];
    try {
      await Promise.all(stacks.map((s) => s.ready(480)));
      for (const stack of stacks) {
        const health = await fetch(`http://127.0.0.1:${firebaseJson.emulators.hosting.port + stack.offset}/api/health`);
        expect(health.status, `stack at offset ${stack.offset}: ${stack.output().slice(-2000)}`).toBe(200);
      }
      expect(stacks.map((s) => s.output()).join('\n')).not.toContain('already defined');
      expect(existsSync(localEnv)).toBe(false);
    } finally {
      await Promise.all(stacks.map((s) => s.stop()));
      if (hadLocalEnv) renameSync(setAside, localEnv);
    }
  });
});
