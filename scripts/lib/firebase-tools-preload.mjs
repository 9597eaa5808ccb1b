// Loaded into firebase-tools' own process (node --import, scripts/lib/stack.mjs) before it runs.
//
// The Auth emulator builds its REST API with exegesis from a 460 kB OpenAPI document, and
// firebase-tools (15.34) asks exegesis to compile the JSON-schema validator of every operation
// up front: about 15 s of CPU, most of the stack's start-up, for validators of endpoints the
// console never calls. exegesis' own option `lazyCompileValidationSchemas` compiles each one on
// its first use instead (the same validators, the same answers); firebase-tools does not set it,
// so its default is set here, on the module firebase-tools will require (one instance, cached).
// Measured with the Auth emulator alone: 17.4 s of CPU → 2.1 s.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
try {
  const firebaseTools = dirname(require.resolve('firebase-tools/package.json'));
  /** @type {{ compileOptions: (options?: Record<string, unknown>) => unknown }} */
  const options = require(require.resolve('exegesis/lib/options.js', { paths: [firebaseTools] }));
  const compileOptions = options.compileOptions;
  options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
} catch (error) {
  // Another exegesis layout: firebase-tools starts as it would, only slower.
  process.emitWarning(`firebase-tools-preload: exegesis not patched (${error instanceof Error ? error.message : error})`);
}
