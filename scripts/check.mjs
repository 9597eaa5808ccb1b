#!/usr/bin/env node
// `npm run check`, the gate a full `npm test` runs first: the TypeScript build of every part
// (`tsc -b`, tsconfig.json), ESLint (eslint.config.mjs), Prettier's check (.prettierrc.json) and the
// import boundaries (scripts/check-boundaries.mjs: no import circle of files or folders, no import
// of a route, of a feature's internals or of another package's source) and declared dependencies
// (scripts/check-dependencies.mjs: every imported package is in the importer's package.json), and
// nothing dead (knip, knip.jsonc: no file, export or declared package that nothing uses; and
// scripts/check-paths.mjs: no comment naming a file that does not exist).
// Every step runs even when one before it failed, so one run shows everything to fix; the exit
// status is 1 when any failed. Each keeps its cache under .cache/ (tsc's build info, ESLint's and
// Prettier's caches, dependency-cruiser's result), so a second run rechecks only what changed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CACHE_DIR, ROOT } from './lib/config.mjs';

/** @type {{ name: string, script: string, args: string[], fix: string }[]} */
const STEPS = [
  { name: 'types (tsc -b)', script: 'node_modules/typescript/bin/tsc', args: ['-b'], fix: 'fix the type errors above' },
  {
    name: 'lint (eslint)',
    script: 'node_modules/eslint/bin/eslint.js',
    args: ['--cache', '--cache-strategy', 'content', '--cache-location', join(CACHE_DIR, 'eslint/'), '--max-warnings', '0', '.'],
    fix: 'fix the problems above (`npx eslint --fix <file>` fixes some)',
  },
  {
    name: 'format (prettier --check)',
    script: 'node_modules/prettier/bin/prettier.cjs',
    args: ['--check', '--log-level', 'warn', '--cache', '--cache-location', join(CACHE_DIR, 'prettier-cache'), '.'],
    fix: 'run `npm run format`',
  },
  {
    name: 'boundaries (depcruise)',
    script: 'scripts/check-boundaries.mjs',
    args: [],
    fix: 'fix the imports above (the rules: scripts/lib/boundaries.mjs)',
  },
  {
    name: 'paths in comments',
    script: 'scripts/check-paths.mjs',
    args: [],
    fix: 'point the comments above at the files as they are now',
  },
  {
    name: 'unused (knip)',
    script: 'node_modules/knip/bin/knip.js',
    args: ['--no-progress', '--no-config-hints', '--cache', '--cache-location', join(CACHE_DIR, 'knip')],
    fix: 'remove the unused files, exports and packages above (not only their `export`: what nothing uses goes; knip.jsonc says what counts)',
  },
  {
    name: 'dependencies (declared)',
    script: 'scripts/check-dependencies.mjs',
    args: [],
    fix: 'declare the packages above in the package.json named (rules: scripts/lib/dependencies.mjs)',
  },
];

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const results = STEPS.map((step) => {
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(ROOT, step.script), ...step.args], { cwd: ROOT, stdio: 'inherit' });
  return { step, ok: run.status === 0, ms: performance.now() - started };
});
for (const { step, ok, ms } of results) console.log(`check: ${step.name.padEnd(26)} ${ok ? 'passed' : `FAILED — ${step.fix}`} (${seconds(ms)})`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
