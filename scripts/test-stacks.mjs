#!/usr/bin/env node
// The part of a full `npm test` that runs the tests starting stacks of their own (the `stack`
// project: edits surviving a restart, fifty calls at once, two `npm start`s at the same instant),
// on two port offsets no lane uses (CONSOLE_PORT_OFFSET and CONSOLE_SECOND_STACK_OFFSET, chosen by
// scripts/test.mjs), beside the lanes. They used to wait for a lane to finish its queue and free
// its ports, and the second for every lane: 97 s at the end of every run, one core idle (issue 30).
// Usage: CONSOLE_PORT_OFFSET=40 CONSOLE_SECOND_STACK_OFFSET=50 node scripts/test-stacks.mjs
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const { HOSTING_URL, ROOT } = await import('./lib/config.mjs');
const { emulatorEnv } = await import('./lib/seed.mjs');
const { reportArgs, timed } = await import('./lib/test-timing.mjs');

const second = process.env.CONSOLE_SECOND_STACK_OFFSET;
// Each offset's web build (Hosting serves the one of its offset), before any stack starts.
for (const offset of [process.env.CONSOLE_PORT_OFFSET, second].filter(Boolean)) {
  const build = timed(`build (offset ${offset})`, () =>
    spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit', env: { ...process.env, CONSOLE_PORT_OFFSET: offset } }),
  );
  if (build.status !== 0) process.exit(1);
}
const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
const status = timed(
  'stack tests',
  () =>
    spawnSync(process.execPath, [vitest, 'run', ...reportArgs('stack'), '--project', 'stack', '--passWithNoTests'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...emulatorEnv(), CONSOLE_URL: HOSTING_URL },
    }).status ?? 1,
);
process.exit(status);
