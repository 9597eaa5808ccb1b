#!/usr/bin/env node
// `npm run check`'s stale-reference step (issue 30): every path to one of our files named in a
// comment must exist, so a moved or deleted file leaves no comment pointing at it. Paths from the
// root start with a top folder of the repository; relative ones (./ or ../) are resolved from the
// commenting file's folder (or the root). Only comments (`//`, `/*`, ` * `) of non-test sources are
// read: tests name made-up files on purpose. Build outputs (functions/lib, */dist) are not checked.
// Usage: node scripts/check-paths.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './lib/config.mjs';

const TOP = ['functions', 'web', 'shared', 'sandboxes', 'scripts', 'bench', 'e2e', 'test-support', 'tools'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'lib', '.cache', 'fixtures', 'contracts', 'emulator-data']);
// A path-like token: a top folder or ./ ../, then path segments, ending in a source or document extension.
const PATH = new RegExp(`(?<![\\w@/.-])((?:\\.\\.?/)+[\\w./-]+|(?:${TOP.join('|')})/[\\w./-]+)\\.(tsx?|mjs|js|json|md|java)\\b`, 'g');

/** @param {string} dir @param {string[]} out */
function sources(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || (SKIP_DIRS.has(entry.name) && !(entry.name === 'lib' && dir !== join(ROOT, 'functions')))) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (SOURCE.test(entry.name) && !/\.test\.|\.d\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/**
 * The missing files a source names: each `{ line, path }`.
 * @param {string} file
 * @param {string} text
 */
export function missingPaths(file, text) {
  /** @type {{ line: number, path: string }[]} */
  const missing = [];
  text.split('\n').forEach((lineText, i) => {
    // The comment part of the line: after `//`, or the whole of a block comment's line.
    const slashes = lineText.search(/(^|\s)\/\//);
    const comment = /^\s*(\/\*|\*)/.test(lineText) ? lineText : slashes >= 0 ? lineText.slice(slashes) : '';
    for (const match of comment.matchAll(PATH)) {
      const named = `${match[1]}.${match[2]}`;
      if (/^(functions\/lib|sandboxes\/dist|web\/dist)\//.test(named)) continue;
      const bases = named.startsWith('.') ? [dirname(file), ROOT] : [ROOT];
      // TypeScript's ESM imports name a .ts file by its .js output.
      const names = named.endsWith('.js') ? [named, named.replace(/\.js$/, '.ts'), named.replace(/\.js$/, '.tsx'), named.replace(/\.js$/, '.d.ts')] : [named];
      const candidates = bases.flatMap((b) => names.map((n) => join(b, n)));
      if (!candidates.some((c) => existsSync(c))) missing.push({ line: i + 1, path: named });
    }
  });
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let count = 0;
  const files = TOP.filter((t) => existsSync(join(ROOT, t))).flatMap((t) => sources(join(ROOT, t)));
  for (const file of files) {
    for (const { line, path } of missingPaths(file, readFileSync(file, 'utf8'))) {
      console.log(`${relative(ROOT, file)}:${line}: names ${path}, which does not exist`);
      count += 1;
    }
  }
  console.log(`paths: ${files.length} files, ${count} naming a file that does not exist`);
  process.exit(count ? 1 : 0);
}
