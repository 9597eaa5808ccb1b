// Loaded into firebase-tools' own process (node --import, scripts/lib/stack.mjs) before it runs.
// Two start-up costs of firebase-tools that buy the local stack nothing are taken out here, each on
// the module firebase-tools will require (one instance, cached); when a layout changes, a warning
// says so and firebase-tools starts as it would, only slower.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const firebaseTools = dirname(require.resolve('firebase-tools/package.json'));

// The Auth emulator builds its REST API with exegesis from a 460 kB OpenAPI document, and
// firebase-tools (15.34) asks exegesis to compile the JSON-schema validator of every operation
// up front: about 15 s of CPU, most of the stack's start-up, for validators of endpoints the
// console never calls. exegesis' own option `lazyCompileValidationSchemas` compiles each one on
// its first use instead (the same validators, the same answers); firebase-tools does not set it,
// so its default is set here. Measured with the Auth emulator alone: 17.4 s of CPU → 2.1 s.
try {
  /** @type {{ compileOptions: (options?: Record<string, unknown>) => unknown }} */
  const options = require(require.resolve('exegesis/lib/options.js', { paths: [firebaseTools] }));
  const compileOptions = options.compileOptions;
  options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
} catch (error) {
  process.emitWarning(`firebase-tools-preload: exegesis not patched (${error instanceof Error ? error.message : error})`);
}

// Before loading the functions, the Functions emulator asks npm for the newest firebase-functions
// (`npm show firebase-functions`, to print an 'outdated' notice) with a synchronous spawn, which
// stops every emulator's event loop until npm answers: 3–9 s on this machine, on every start, and
// up to its 10 s timeout where the registry cannot be reached. The local stack runs the version of
// package-lock.json; `npm outdated` says when a newer one exists. No answer = no notice.
try {
  /** @type {{ getLatestSDKVersion: () => string | undefined }} */
  const versioning = require(`${firebaseTools}/lib/deploy/functions/runtimes/node/versioning.js`);
  versioning.getLatestSDKVersion = () => undefined;
} catch (error) {
  process.emitWarning(`firebase-tools-preload: the firebase-functions version check not skipped (${error instanceof Error ? error.message : error})`);
}
