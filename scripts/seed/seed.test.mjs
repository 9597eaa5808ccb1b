import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../lib/config.mjs';
import { importBundled } from '../lib/import-bundled.mjs';
import { ncmCodes } from '../lib/ncm-codes.mjs';

/** @type {typeof import('./index.mjs')} */
const { seedFiles } = await importBundled(join(ROOT, 'scripts/seed/index.mjs'));
/** @type {typeof import('./storage.mjs')} */
const { SEED_BUCKET, SEED_STORAGE_ORIGIN, SEED_STORAGE_PREFIX } = await importBundled(join(ROOT, 'scripts/seed/storage.mjs'));

describe('the demo seed', () => {
  it('is committed as scripts/seed builds it (run `node scripts/generate-seed.mjs` after a change)', () => {
    const { files } = seedFiles(ncmCodes());
    expect(Object.keys(files)).toEqual(['firestore.json', 'users.json', 'storage.json']);
    for (const [name, text] of Object.entries(files)) {
      expect(text === readFileSync(join(ROOT, 'emulator-data/seed', name), 'utf8'), `emulator-data/seed/${name} is stale`).toBe(true);
    }
  });

  it("points every file at the default stack's Storage emulator, with an object for each (no address that does not resolve)", () => {
    const { files } = seedFiles(ncmCodes());
    const firebase = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
    const firebaserc = JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8'));
    expect(SEED_STORAGE_ORIGIN).toBe(`http://127.0.0.1:${firebase.emulators.storage.port}`);
    expect(SEED_BUCKET).toBe(`${firebaserc.projects.default}.appspot.com`);

    const firestore = files['firestore.json'];
    expect(firestore).not.toContain('https://cdn.demo.test/');
    const objects = JSON.parse(files['storage.json']);
    const linked = new Set(
      [...firestore.matchAll(/http:\/\/127\.0\.0\.1:\d+\/v0\/b\/[^/]+\/o\/([^?"]+)\?alt=media&token=([\w-]+)/g)].map(
        (m) => `${decodeURIComponent(m[1])} ${m[2]}`,
      ),
    );
    expect(linked.size).toBeGreaterThan(800);
    for (const link of linked) {
      const [path, token] = link.split(' ');
      expect(objects[path]?.token, path).toBe(token);
    }
    expect(firestore.includes(SEED_STORAGE_PREFIX)).toBe(true);
    // Every picture is an SVG that names what it shows.
    const picture = objects['project/cdlbox/product/CDL1001.svg'] ?? Object.values(objects).find((o) => o.contentType === 'image/svg+xml');
    expect(picture.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
