#!/usr/bin/env node
// The README's promise, checked as a new user meets it (issue 33): clones this repository's
// committed HEAD into an empty folder and runs the two commands there, `npm ci` then `npm test`,
// with nothing from this working copy (no node_modules, no .cache, no functions/.env.local, no
// built web or functions, no emulator state). Fails loudly at the first step that fails, naming it
// and keeping the folder for a look; on success the folder is removed.
//
// Usage: node scripts/fresh-clone-check.mjs [--keep] [-- <extra npm test arguments>]
// CI runs it before `npm test` (.ci/run). It runs the whole suite, so it takes as long as
// `npm test` plus an `npm ci` (about 11 minutes on 2 cores).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/config.mjs';

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const dash = args.indexOf('--');
const testArgs = dash === -1 ? [] : args.slice(dash + 1);

const began = Date.now();
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;
const folder = mkdtempSync(join(tmpdir(), 'console-fresh-clone-'));
const clone = join(folder, 'console');

// Nothing of this shell's stack reaches the clone: no emulator address, no port offset or state
// folder chosen here, no functions param set by hand.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^(FIRESTORE_EMULATOR_HOST|FIREBASE_AUTH_EMULATOR_HOST|FIREBASE_STORAGE_EMULATOR_HOST|STORAGE_EMULATOR_HOST|GCLOUD_PROJECT|CONSOLE_|FIREBASE_PROJECT)/.test(
        key,
      ),
  ),
);

/**
 * @param {string} step what the README calls it
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {string} cwd
 */
function step(step, command, commandArgs, cwd) {
  console.log(`\nfresh-clone check: ${step} (${elapsed()} in)`);
  const run = spawnSync(command, commandArgs, { cwd, env, stdio: 'inherit' });
  if (run.status === 0) return;
  console.error(
    `\nFRESH-CLONE CHECK FAILED at '${step}' (exit ${run.status ?? run.signal}) after ${elapsed()}.\n` +
      `A new user who clones the repository and follows the README meets this failure; the working copy may not (it has caches and files a clone lacks).\n` +
      `The clone is kept for a look: ${clone}`,
  );
  process.exit(1);
}

const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
console.log(`fresh-clone check: HEAD ${head} of ${ROOT} into ${clone}`);
step('git clone', 'git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone], folder);
step('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], clone);
step('npm test', 'npm', ['test', ...testArgs], clone);

console.log(`\nfresh-clone check passed in ${elapsed()} (HEAD ${head}).`);
if (keep) console.log(`The clone is kept: ${clone}`);
else rmSync(folder, { recursive: true, force: true });
