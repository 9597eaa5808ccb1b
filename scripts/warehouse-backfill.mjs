#!/usr/bin/env node
// Copies the store's customers and their history into the warehouse and counts both sides
// (functions/src/customer-warehouse/backfill-main.ts, bundled here: there is no TypeScript loader
// at run time).
//   npm run warehouse:backfill -- main cookstore        copy, then check
//   npm run warehouse:backfill -- main --check          count both sides only
// Against the local emulators by default (a demo-* project, `npm start` running; the warehouse
// is the stack's DuckDB through its server). For a real project: FIREBASE_PROJECT=<id> with
// Application Default Credentials, and the warehouse of the functions' params (WAREHOUSE,
// BIGQUERY_DATASET) in the environment.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { bundleMirrorBackfill } from './lib/bundle-duckdb.mjs';
import { CACHE_DIR, PROJECT_ID } from './lib/config.mjs';
import { emulatorEnv } from './lib/seed.mjs';

const script = await bundleMirrorBackfill(join(CACHE_DIR, 'warehouse-backfill'));
const env = { ...process.env, GCLOUD_PROJECT: PROJECT_ID, ...(PROJECT_ID.startsWith('demo-') ? emulatorEnv() : {}) };
const r = spawnSync(process.execPath, [script, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
