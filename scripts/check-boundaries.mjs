#!/usr/bin/env node
// The import boundaries of the target layout (scripts/lib/boundaries.mjs says which): one line per
// broken rule, exit status 1 when any is broken. A step of `npm run check`; alone:
// `node scripts/check-boundaries.mjs`. dependency-cruiser keeps its result under .cache/ and
// reuses it while no file changed.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { KNOWN_FILE, checkBoundaries, ruleComment, violationKey } from './lib/boundaries.mjs';
import { CACHE_DIR, ROOT } from './lib/config.mjs';

// `--root <folder>` checks another tree laid out as this one (the check's own tests), uncached.
// `--write-known` writes today's breaks to KNOWN_FILE: accepted, counted, no longer failing.
const { values } = parseArgs({ options: { root: { type: 'string' }, 'write-known': { type: 'boolean' } } });
const root = values.root ? resolve(values.root) : ROOT;
const started = performance.now();
const { violations, staleKnown, modules, dependencies } = await checkBoundaries({
  root,
  cacheFolder: values.root ? undefined : join(CACHE_DIR, 'dependency-cruiser'),
});
if (values['write-known']) {
  const known = violations
    .filter((v) => v.severity !== 'warn')
    .map(violationKey)
    .sort();
  const why =
    'Import boundaries broken when this list was written (node scripts/check-boundaries.mjs --write-known): npm run check counts them without failing. Remove a line once its import is fixed.';
  writeFileSync(join(root, KNOWN_FILE), `${JSON.stringify({ why, known }, null, 2)}\n`);
  console.log(`boundaries: ${known.length} breaks written to ${KNOWN_FILE}`);
  process.exit(0);
}
/** @type {Map<string, import('./lib/boundaries.mjs').Violation[]>} */
const byRule = new Map();
/** @type {Map<string, number>} */
const knownByRule = new Map();
for (const v of violations) {
  if (v.severity === 'known') knownByRule.set(v.rule, (knownByRule.get(v.rule) ?? 0) + 1);
  else byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v]);
}
for (const [rule, broken] of byRule) {
  const severity = broken[0].severity === 'error' ? '' : `, ${broken[0].severity}`;
  console.log(`\n${rule} (${broken.length}${severity}): ${ruleComment(rule)}`);
  for (const { message } of broken) console.log(`  ${message}`);
}
if (knownByRule.size) {
  const counts = [...knownByRule].map(([rule, n]) => `${rule} ${n}`).join(', ');
  console.log(`\nknown breaks, accepted in ${KNOWN_FILE}: ${counts}`);
}
if (staleKnown.length) console.log(`\n${KNOWN_FILE} lists ${staleKnown.length} no longer broken; remove them:\n  ${staleKnown.join('\n  ')}`);
const errors = violations.filter((v) => v.severity === 'error').length;
const warned = violations.filter((v) => v.severity === 'warn').length;
const known = violations.length - errors - warned;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nboundaries: ${modules} files, ${dependencies} imports, ${errors} broken, ${warned} warned, ${known} known (${seconds} s)`);
process.exit(errors ? 1 : 0);
