// The bench runs every part it lists, and lists every part it has (issue 30: bench/ai.mjs bundled a
// file that had moved, and the whole bench reported a failed part).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/lib/config.mjs';
import { IN_PROCESS_PARTS, PARTS } from './parts.mjs';

const BENCH = join(ROOT, 'bench');
/** The bench's own modules that are not parts: the runner, this list, shared helpers. */
const NOT_PARTS = ['run.mjs', 'parts.mjs', 'support.mjs', 'bundle.mjs'];

describe('the bench parts', () => {
  it('are the README table’s parts, and run.mjs runs each in-process part it names', () => {
    const readme = readFileSync(join(BENCH, 'README.md'), 'utf8');
    const table = [...readme.matchAll(/^\| `([\w-]+)` \|/gm)].map((m) => m[1]);
    expect(new Set(table)).toEqual(new Set([...IN_PROCESS_PARTS, ...PARTS.map((p) => p.name)]));
    const run = readFileSync(join(BENCH, 'run.mjs'), 'utf8');
    for (const name of IN_PROCESS_PARTS) expect(run).toContain(`want('${name}')`);
  });

  it('are every runner script of bench/, and each script exists', () => {
    const runners = readdirSync(BENCH).filter((f) => f.endsWith('.mjs') && !f.endsWith('.test.mjs') && !NOT_PARTS.includes(f));
    expect(new Set(PARTS.map((p) => p.script))).toEqual(new Set(runners.map((f) => `bench/${f}`)));
    for (const part of PARTS) expect(existsSync(join(ROOT, part.script)), part.script).toBe(true);
  });

  it('bundle or read only files that exist', () => {
    for (const file of readdirSync(BENCH).filter((f) => f.endsWith('.mjs'))) {
      const text = readFileSync(join(BENCH, file), 'utf8');
      // Paths a script hands to esbuild or reads: './functions/src/….ts' in a bundle entry, or join(ROOT, 'web/src/….ts').
      const named = [
        ...text.matchAll(
          /'\.\/((?:functions|web|shared|sandboxes|bench)\/[\w./-]+\.tsx?)'|join\(ROOT, '((?:functions|web|shared|sandboxes|bench)\/src\/[\w./-]+\.tsx?)'\)/g,
        ),
      ];
      for (const m of named) expect(existsSync(join(ROOT, m[1] ?? m[2] ?? '')), `${file} names ${m[1] ?? m[2]}`).toBe(true);
    }
  });
});
