// Bundles the DuckDB adapter into one ES module plain `node` can import (there is no TypeScript
// loader at run time): used by bench/warehouse.mjs and by the test that runs two writer processes;
// and the local warehouse server the stack starts (scripts/lib/stack.mjs). It lives here, not in
// functions/src: it is a build step (esbuild is a root dev dependency), and scripts import it
// without reaching into the functions' source.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The warehouse's TypeScript entry points. */
const WAREHOUSE_SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'functions', 'src', 'warehouse');
/** Resolves packages as the functions do (@duckdb/node-api is their dependency). */
const require = createRequire(join(WAREHOUSE_SRC, 'index.ts'));

/**
 * Writes <outDir>/duckdb-warehouse.mjs and returns its path.
 * @param {string} outDir
 */
export function bundleDuckDbAdapter(outDir) {
  return bundle('duckdb.ts', join(outDir, 'duckdb-warehouse.mjs'));
}

/**
 * Writes <outDir>/warehouse-server.mjs (server-main.ts: the local warehouse server process) and returns its path.
 * @param {string} outDir
 */
export function bundleWarehouseServer(outDir) {
  return bundle('server-main.ts', join(outDir, 'warehouse-server.mjs'));
}

/**
 * Writes <outDir>/warehouse-backfill.mjs (customer-warehouse/backfill-main.ts: `npm run
 * warehouse:backfill`) and returns its path. The Admin SDK stays outside the bundle (its gRPC
 * client loads files of its own), resolved from the repository's node_modules.
 * @param {string} outDir
 */
export function bundleMirrorBackfill(outDir) {
  return bundle(join('..', 'customer-warehouse', 'backfill-main.ts'), join(outDir, 'warehouse-backfill.mjs'), ['firebase-admin', 'firebase-admin/*']);
}

/**
 * @param {string} entry
 * @param {string} outfile
 * @param {string[]} [external]
 */
async function bundle(entry, outfile, external = []) {
  await build({
    external,
    entryPoints: [join(WAREHOUSE_SRC, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        // The native DuckDB package stays outside the bundle, by absolute path so the bundle
        // loads it from any folder (a temp dir has no node_modules).
        name: 'duckdb-by-absolute-path',
        setup(b) {
          b.onResolve({ filter: /^@duckdb\/node-api$/ }, () => ({ path: require.resolve('@duckdb/node-api'), external: true }));
        },
      },
    ],
  });
  return outfile;
}
