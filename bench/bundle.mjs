// The web build's JavaScript on the way to the sign-in screen, from Vite's manifest (which chunk
// imports which): what index.html loads (the entry and its modulepreloads), and what the sign-in
// form needs before it paints — that, the sign-in screen (in the initial chunks today, a chunk of
// its own if it is made lazy again) and the Auth session module (the screen waits for Auth to know
// nobody is signed in), each with the chunks they import.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB_DIR = fileURLToPath(new URL('../web/', import.meta.url));

/** Source modules the sign-in form needs (Vite manifest keys when they start a chunk, relative to web/). */
export const SIGN_IN_MODULES = ['src/routes/sign-in/SignInScreen.tsx', 'src/lib/auth-session.ts'];

/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }} ManifestChunk
 * @param {string} dist the served folder (index.html, assets/)
 * @param {string} manifestFile Vite's .vite/manifest.json of that build
 */
export function signInPath(dist, manifestFile) {
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  /** @type {Map<string, number>} */
  const sizes = new Map();
  const gzip = (/** @type {string} */ file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return /** @type {number} */ (sizes.get(file));
  };
  /** The chunks `keys` load before they run: themselves and their static imports, transitively. */
  const closure = (/** @type {string[]} */ keys) => {
    const seen = new Set();
    const queue = [...keys];
    while (queue.length) {
      const key = /** @type {string} */ (queue.shift());
      if (seen.has(key)) continue;
      if (!manifest[key]) throw new Error(`bundle: ${key} is not in ${manifestFile}`);
      seen.add(key);
      queue.push(...(manifest[key].imports ?? []));
    }
    return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  };
  const sum = (/** @type {string[]} */ files) => ({ gzip: files.reduce((total, file) => total + gzip(file), 0), files: files.length });
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const initial = closure(entries);
  // Vite's manifest has a key for every module that starts a chunk (an entry or a dynamic import);
  // a module without one is in a chunk a static import brought, already counted with its importer.
  for (const module of SIGN_IN_MODULES) {
    if (!existsSync(join(WEB_DIR, module))) throw new Error(`bundle: ${module} does not exist (renamed? update SIGN_IN_MODULES)`);
  }
  const signIn = closure([...entries, ...SIGN_IN_MODULES.filter((module) => manifest[module])]);
  const all = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const largest = signIn
    .map((file) => ({ name: file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''), gzip: gzip(file) }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5);
  return { initial: sum(initial), signIn: sum(signIn), all: sum(all), largest };
}
