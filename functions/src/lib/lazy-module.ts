import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS dependency loaded on first use rather than when the bundle starts. Every Functions
 * worker imports the whole bundle before it answers (the emulator starts one per concurrent
 * request), and these libraries serve a few endpoints only (`npm run bench -- load`).
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
