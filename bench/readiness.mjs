#!/usr/bin/env node
// `npm run bench -- readiness`: the readiness of 50,000 products computed by the warehouse (DuckDB,
// the statement functions/src/readiness/readiness-sql.ts writes, as BigQuery runs it in
// production) against the 5 s goal, and the product list filtered by readiness ('Não prontos para
// Magalu', the first 50) against the 1 s goal, beside a baseline of the same run (the evaluator in
// Node over the same facts). No emulators needed (bench/readiness/core.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { CACHE_DIR, ROOT } from '../scripts/lib/config.mjs';

const core = join(CACHE_DIR, 'bench-readiness-core.mjs');
await esbuild({
  entryPoints: [join(ROOT, 'bench/readiness/core.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: core,
  logLevel: 'warning',
  // The native DuckDB binding loads from node_modules; `gtin` is CommonJS.
  external: ['@duckdb/node-api'],
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
});
const r = spawnSync(process.execPath, [core], { stdio: 'inherit' });
if (r.status !== 0) process.exit(1);
