#!/usr/bin/env node
// The import boundaries of the target layout (scripts/lib/boundaries.mjs says which): one line per
// broken rule, exit status 1 when any is broken. A step of `npm run check`; alone:
// `node scripts/check-boundaries.mjs`. dependency-cruiser keeps its result under .cache/ and
// reuses it while no file changed.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBoundaries, ruleComment } from './lib/boundaries.mjs';
import { CACHE_DIR, ROOT } from './lib/config.mjs';

// `--root <folder>` checks another tree laid out as this one (the check's own tests), uncached.
const { values } = parseArgs({ options: { root: { type: 'string' } } });
const root = values.root ? resolve(values.root) : ROOT;
const started = performance.now();
const { violations, modules, dependencies } = await checkBoundaries({
  root,
  cacheFolder: values.root ? undefined : join(CACHE_DIR, 'dependency-cruiser'),
});
/** @type {Map<string, import('./lib/boundaries.mjs').Violation[]>} */
const byRule = new Map();
for (const v of violations) {
  byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v]);
}
for (const [rule, broken] of byRule) {
  const severity = broken[0].severity === 'error' ? '' : `, ${broken[0].severity}`;
  console.log(`\n${rule} (${broken.length}${severity}): ${ruleComment(rule)}`);
  for (const { message } of broken) console.log(`  ${message}`);
}
const errors = violations.filter((v) => v.severity === 'error').length;
const warned = violations.filter((v) => v.severity === 'warn').length;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nboundaries: ${modules} files, ${dependencies} imports, ${errors} broken, ${warned} warned (${seconds} s)`);
process.exit(errors ? 1 : 0);
