#!/usr/bin/env node
// Fails when a file imports a package its package.json does not declare (scripts/lib/dependencies.mjs
// says which package.json counts for which file). Checks every source file git knows in functions/,
// shared/, web/, sandboxes/, scripts/, e2e/, test-support/, bench/, tools/ and the root.
// Usage: node scripts/check-dependencies.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/config.mjs';
import { undeclaredImports } from './lib/dependencies.mjs';

/** @param {string} dir */
const readManifest = (dir) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));

/** @type {import('./lib/dependencies.mjs').Manifest} */
const root = readManifest('');
const packages = [
  { dir: '', manifest: root },
  ...(root.workspaces ?? [])
    .filter((/** @type {string} */ dir) => existsSync(join(ROOT, dir, 'package.json')))
    .map((/** @type {string} */ dir) => ({ dir, manifest: readManifest(dir) })),
];
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
  .split('\0')
  .filter((file) => /\.(?:[cm]?[jt]s|tsx|jsx)$/.test(file) && !/(^|\/)(node_modules|lib|dist[\w-]*)\//.test(file) && existsSync(join(ROOT, file)))
  .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

const found = undeclaredImports(packages, files);
for (const { file, specifier, declaredIn } of found) console.log(`${file}: imports '${specifier}', which ${declaredIn} does not declare`);
console.log(`dependencies: ${files.length} files, ${found.length} undeclared import${found.length === 1 ? '' : 's'}`);
process.exit(found.length ? 1 : 0);
