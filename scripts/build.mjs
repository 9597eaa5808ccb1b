#!/usr/bin/env node
// Builds what the emulators and Hosting serve: functions/lib (esbuild bundle, the shared package
// inlined), web/dist (Vite) and sandboxes/dist (the upstream sandboxes the stack starts). Skips a
// target whose inputs have not changed since its last build.
// Usage: node scripts/build.mjs [rules|functions|web|sandboxes ...] [--force]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { CACHE_DIR, PORT_OFFSET, PROJECT_ID, ROOT, SUPER_PROJECT_ID, WEB_BUILD_INFO_DIR, WEB_DIST, ports } from './lib/config.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const targets = args.filter((a) => !a.startsWith('--'));
const wanted = targets.length ? targets : ['rules', 'functions', 'web', 'sandboxes'];

/**
 * @param {string} dir
 * @param {string[]} [out]
 * @returns {string[]}
 */
function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Build outputs are not inputs; a source folder named lib (web/src/lib) is.
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    if (entry.name === 'lib' && dir === join(ROOT, 'functions')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** A fingerprint of the inputs (files or folders): paths, sizes and modification times, plus the build settings. */
/**
 * @param {string[]} dirs
 * @param {unknown} extra
 */
function fingerprint(dirs, extra) {
  const hash = createHash('sha256').update(JSON.stringify(extra));
  for (const input of dirs) {
    const path = join(ROOT, input);
    if (!existsSync(path)) continue;
    const files = statSync(path).isDirectory() ? listFiles(path).sort() : [path];
    for (const file of files) {
      const s = statSync(file);
      hash.update(`${relative(ROOT, file)}:${s.size}:${s.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/**
 * Source maps stay out of what Hosting serves and deploys (they would publish the source): moved
 * from `dist` to `keep`, where a developer can still map a production stack trace.
 * @param {string} dist
 * @param {string} keep
 */
function moveSourceMaps(dist, keep) {
  rmSync(keep, { recursive: true, force: true });
  for (const entry of readdirSync(dist, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const from = join(entry.parentPath, entry.name);
    const to = join(keep, relative(dist, from));
    mkdirSync(dirname(to), { recursive: true });
    renameSync(from, to);
  }
  // Vite's manifest (chunks and their imports): read by `npm run bench -- bundle`, not served.
  const manifest = join(dist, '.vite');
  if (existsSync(manifest)) {
    mkdirSync(keep, { recursive: true });
    renameSync(manifest, join(keep, '.vite'));
  }
}

/**
 * @param {string} name
 * @param {string[]} dirs
 * @param {string | string[]} output what the step writes (all of it must exist to skip the step)
 * @param {unknown} settings
 * @param {() => unknown} run
 */
async function step(name, dirs, output, settings, run) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const stampFile = join(CACHE_DIR, `build-${name}.stamp`);
  const stamp = fingerprint(dirs, settings);
  const outputs = Array.isArray(output) ? output : [output];
  if (!force && outputs.every((file) => existsSync(file)) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    console.log(`build: ${name} is up to date`);
    return;
  }
  const started = Date.now();
  await run();
  writeFileSync(stampFile, stamp);
  console.log(`build: ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The functions' manifest (every function's trigger, region, memory, secrets and params), which
 * firebase-tools reads from `functions/functions.yaml` when the file exists instead of starting
 * the functions' code in a process of its own to ask it (`detectFromYaml` in its
 * deploy/functions/runtimes/discovery): that discovery imported the whole bundle on every start of
 * the Functions emulator, 4–5 s of `npm start` on a loaded machine. Written here, once per build
 * of the functions, by firebase-functions' own command (`FUNCTIONS_MANIFEST_OUTPUT_PATH`), so it
 * is the manifest the discovery would have answered; `firebase deploy` rebuilds it first (the
 * functions' predeploy). Params stay expressions in it: their values are resolved per project.
 */
const FUNCTIONS_MANIFEST = join(ROOT, 'functions', 'functions.yaml');

function writeFunctionsManifest() {
  const functionsDir = join(ROOT, 'functions');
  const tmp = join(functionsDir, 'lib', 'functions.yaml');
  // The functions' own copy when npm put one there, else the workspace's hoisted one.
  const bin = [functionsDir, ROOT]
    .map((dir) => join(dir, 'node_modules', 'firebase-functions', 'lib', 'bin', 'firebase-functions.js'))
    .find((file) => existsSync(file));
  if (!bin) throw new Error('firebase-functions is not installed (npm install): its command writes the functions manifest.');
  const made = spawnSync(process.execPath, [bin], {
    cwd: functionsDir,
    // As firebase-tools runs it for discovery; nothing of the machine's environment reaches the code.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, FUNCTIONS_CONTROL_API: 'true', FUNCTIONS_MANIFEST_OUTPUT_PATH: tmp },
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`the functions' code failed to load, so their manifest could not be written:\n${made.stderr}${made.stdout}`);
  // Renamed into place: the Functions emulator watches the folder and reads the file on a reload.
  renameSync(tmp, FUNCTIONS_MANIFEST);
}

const functionsPackage = JSON.parse(readFileSync(join(ROOT, 'functions', 'package.json'), 'utf8'));

if (wanted.includes('rules')) {
  // firestore.rules' admin-only config list, from shared/src/access/config-documents.ts.
  const { writeAdminOnlyList } = await import('./lib/rules.mjs');
  if (await writeAdminOnlyList()) console.log('build: firestore.rules admin-only config list rewritten');
}

if (wanted.includes('functions')) {
  await step(
    'functions',
    ['functions/src', 'shared/src'],
    [join(ROOT, 'functions/lib/index.js'), FUNCTIONS_MANIFEST],
    { dependencies: functionsPackage.dependencies, splitting: true, manifest: 1 },
    async () => {
      // Chunks of an earlier build would pile up (their names carry a hash); the manifest of an
      // earlier build must never describe this one.
      rmSync(join(ROOT, 'functions/lib'), { recursive: true, force: true });
      rmSync(FUNCTIONS_MANIFEST, { force: true });
      await build({
        entryPoints: [join(ROOT, 'functions/src/index.ts')],
        outdir: join(ROOT, 'functions/lib'),
        bundle: true,
        // Each function loads its feature's code by dynamic import (functions/src/http/api-functions.ts):
        // split, a feature's code is a chunk of its own that only its function's workers evaluate.
        splitting: true,
        chunkNames: 'chunks/[name]-[hash]',
        platform: 'node',
        target: 'node20',
        // ESM output: several dependencies (p-limit, ...) ship only as ES modules. The banner gives
        // bundled CommonJS code the `require` it expects.
        format: 'esm',
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
        sourcemap: 'linked',
        // Runtime dependencies are installed by Cloud Functions from functions/package.json;
        // only the workspace's shared package is inlined.
        external: Object.keys(functionsPackage.dependencies),
        logLevel: 'warning',
      });
      writeFunctionsManifest();
    },
  );
}

if (wanted.includes('web')) {
  // Emulator builds (a demo-* project) talk to the local emulators; a real project's build does not.
  const usesEmulators = PROJECT_ID.startsWith('demo-');
  const env = {
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_SUPER_PROJECT_ID: SUPER_PROJECT_ID,
    VITE_EMULATORS: usesEmulators ? `auth=${ports.auth},firestore=${ports.firestore},storage=${ports.storage}` : '',
    VITE_FIREBASE_API_KEY: process.env.VITE_FIREBASE_API_KEY ?? '',
    VITE_FIREBASE_AUTH_DOMAIN: process.env.VITE_FIREBASE_AUTH_DOMAIN ?? '',
    VITE_FIREBASE_APP_ID: process.env.VITE_FIREBASE_APP_ID ?? '',
    VITE_GOOGLE_SIGN_IN: process.env.VITE_GOOGLE_SIGN_IN ?? (usesEmulators ? 'false' : 'true'),
  };
  const webStep = PORT_OFFSET ? `web-${PORT_OFFSET}` : 'web';
  await step(
    webStep,
    ['web/src', 'web/public', 'shared/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json'],
    join(ROOT, WEB_DIST, 'index.html'),
    env,
    () => {
      const result = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', join(ROOT, WEB_DIST), '--emptyOutDir'],
        {
          cwd: join(ROOT, 'web'),
          env: { ...process.env, ...env },
          stdio: 'inherit',
        },
      );
      if (result.status !== 0) throw new Error('vite build failed');
      moveSourceMaps(join(ROOT, WEB_DIST), WEB_BUILD_INFO_DIR);
    },
  );
}

if (wanted.includes('sandboxes')) {
  // serve.mjs is the process scripts/lib/stack.mjs runs; index.mjs the library (startSandboxes).
  // Bundled (ajv inlined); the Bling sandbox reads its pinned contract from sandboxes/contracts.
  await step('sandboxes', ['sandboxes/src', 'sandboxes/contracts'], join(ROOT, 'sandboxes/dist/serve.mjs'), {}, () =>
    build({
      entryPoints: [join(ROOT, 'sandboxes/src/index.ts'), join(ROOT, 'sandboxes/src/serve.ts')],
      outdir: join(ROOT, 'sandboxes/dist'),
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'warning',
    }),
  );
}
