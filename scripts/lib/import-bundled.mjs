// Plain-Node scripts that need the shared package's TypeScript (firestore.rules' admin-only list,
// the demo seed) import it through this: esbuild bundles the entry in memory, Node runs the bundle.
import { build } from 'esbuild';

/**
 * The module `entry` exports, with everything it imports (TypeScript included) bundled in.
 * Its type is unknown to the checker (a data: URL import): the caller states it, e.g.
 * `@type {typeof import('../seed/index.mjs')}`.
 * @param {string} entry
 * @param {{ platform?: import('esbuild').Platform }} [options]
 */
export async function importBundled(entry, { platform = 'node' } = {}) {
  const bundled = await build({ entryPoints: [entry], bundle: true, write: false, format: 'esm', platform, logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
}
