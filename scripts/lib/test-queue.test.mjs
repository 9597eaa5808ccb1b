// The lanes' queue (scripts/lib/test-queue.mjs): lanes taking at the same moment, in processes of
// their own as the lanes are, share no file and leave none.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const queue = mkdtempSync(join(tmpdir(), 'test-queue-'));
afterAll(() => rmSync(queue, { recursive: true, force: true }));

/**
 * A lane in a process of its own taking every item it can of 300; answers the indexes it took.
 * @param {string} name
 * @returns {Promise<number[]>}
 */
function lane(name) {
  const lib = pathToFileURL(join(import.meta.dirname, 'test-queue.mjs')).href;
  const script = `const { take } = await import(${JSON.stringify(lib)});
    const mine = [];
    for (let i = 0; i < 300; i++) if (take(${JSON.stringify(queue)}, 'files', i, ${JSON.stringify(name)})) mine.push(i);
    console.log(JSON.stringify(mine));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`lane ${name} exited ${code}`))));
  });
}

describe('the lanes’ queue', () => {
  it('gives each file to exactly one of the lanes taking at once', async () => {
    const taken = await Promise.all(['1', '2', '3'].map(lane));
    const all = taken.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });
});
