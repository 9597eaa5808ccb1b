#!/usr/bin/env node
// Campaign send throughput: a 10,000-recipient e-mail campaign through the send job (the code the
// campaignSendTask function runs: snapshot, intent, Mail Send, record) with the real SendGrid client
// against the SendGrid sandbox limited to RATE Mail Send requests per second (1,000 recipients
// each): the provider's rate floor is RATE × 1,000 recipients/s, so the send cannot take less than
// batches / RATE seconds. Prints the time from 'Enviar' to finished, the ratio floor/actual
// (goal >= 0.9) and the duplicates found in the sandbox's journal (goal 0).
// Starts a stack of its own; with BENCH_RUNNING_STACK=1 it uses the one running on this port offset
// instead (bench/support.mjs), and says so when none answers. An inherited FIRESTORE_EMULATOR_HOST
// is not a hand-over: it may name a stack that has stopped.
// Usage: node bench/campaign.mjs [recipients=10000] [rate=1]; BENCH_RUNNING_STACK=1 uses the running stack.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CACHE_DIR, PROJECT_ID, ROOT } from '../scripts/lib/config.mjs';
import { runningStackEnv } from './support.mjs';

// BENCH_CAMPAIGN_RECIPIENTS: a short run through `npm run bench -- campaign` (which passes no arguments).
const RECIPIENTS = Number(process.argv[2] ?? process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 10_000);
const RATE = Number(process.argv[3] ?? 1);
const GOAL = 0.9;

/** The send job's run trace (send-job.ts SendTrace) as one line. */
const formatTrace = (/** @type {Record<string, number>} */ trace) =>
  Object.entries(trace)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

const entry = join(CACHE_DIR, 'bench-campaign.mjs');
await build({
  entryPoints: [join(ROOT, 'bench/campaign/send.ts')],
  outfile: entry,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The shared package is a workspace: inline it like the functions build does.
  alias: { '@console/shared': join(ROOT, 'shared/src/index.ts') },
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});

let stack = null;
let stateDir = null;
const running = await runningStackEnv();
if (running) Object.assign(process.env, running);
else {
  const { startStack } = await import('../scripts/lib/stack.mjs');
  const { emulatorEnv } = await import('../scripts/lib/seed.mjs');
  stateDir = mkdtempSync(join(tmpdir(), 'console-bench-campaign-'));
  stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-campaign.log') });
  Object.assign(process.env, emulatorEnv());
}
try {
  const { benchCampaign } = await import(pathToFileURL(entry).href);
  const r = await benchCampaign({ recipients: RECIPIENTS, ratePerSecond: RATE, projectId: process.env.GCLOUD_PROJECT ?? PROJECT_ID });
  const batches = Math.ceil(RECIPIENTS / 1000);
  // The floor's rate is RATE × 1,000 recipients/s; the send's rate counts the whole time from
  // 'Enviar' to finished (snapshot and recording included). At best the 1st request goes at once and
  // each later one in a new second: (batches - 1) / RATE s.
  const floorRate = RATE * 1000;
  const floorSeconds = Math.max((batches - 1) / RATE, 1 / RATE);
  const ratio = RECIPIENTS / r.seconds / floorRate;
  console.log(
    `campaign ${RECIPIENTS} recipients, ${batches} Mail Send requests (sandbox floor ${RATE} req/s = ${RATE * 1000} recipients/s): ${r.seconds.toFixed(1)} s from 'Enviar' to finished (at best ${floorSeconds.toFixed(1)} s)`,
  );
  // The provider's floor with the faults it played: every refused call took one of its slots too.
  const faultedFloorSeconds = Math.max((batches + r.faults - 1) / RATE, 1 / RATE);
  const faultedRatio = faultedFloorSeconds / r.seconds;
  console.log(
    `campaign rate ${(RECIPIENTS / r.seconds).toFixed(0)} recipients/s = ${ratio.toFixed(2)} of the fault-free floor's rate; ${faultedRatio.toFixed(2)} of the floor with the ${r.faults} refused calls' slots (${faultedFloorSeconds.toFixed(1)} s) (goal >= ${GOAL})  ${faultedRatio >= GOAL ? 'ok' : 'BELOW GOAL'}`,
  );
  // The first request leaves right after the snapshot's write; SendGrid takes the first one later
  // only because the bench plays three 429s first, each held to its X-RateLimit-Reset (a second).
  console.log(
    `campaign 1st Mail Send request ${r.snapshotToFirstCallS.toFixed(2)} s after the snapshot's write (goal ≤ 1 s)  ${r.snapshotToFirstCallS <= 1 ? 'ok' : 'ABOVE GOAL'}; snapshot written ${r.snapshotS.toFixed(1)} s after 'Enviar'`,
  );
  console.log(
    `campaign phases: 'Enviar' until the 1st accepted request ${r.firstRequestS.toFixed(1)} s (after the three 429s), 1st to last request ${r.sendingS.toFixed(1)} s, last request to finished ${(r.seconds - r.firstRequestS - r.sendingS).toFixed(1)} s`,
  );
  console.log(
    `campaign duplicates in the journal: ${r.duplicates} (goal 0); lost: ${r.missing} (goal 0); requests: ${r.requests}; faults played (1% random 503, one 429 burst): ${r.faults}; send ${r.status}, sent ${r.sent}`,
  );
  // When each Mail Send request arrived (s after 'Enviar') and how it was answered: the start-up
  // before the 1st request and any gap between requests show here.
  console.log(
    `campaign Mail Send requests (s after 'Enviar': status): ${r.calls.map((/** @type {{atS: number, status: number | null, fault: string | null}} */ c) => `${c.atS.toFixed(2)}: ${c.status ?? 'cut'}${c.fault ? ` (${c.fault})` : ''}`).join(', ')}`,
  );
  console.log(`campaign breakdown of the send's last run (ms; chunks overlap, so phases may add up to more): ${formatTrace(r.trace)}`);
  if (r.duplicates !== 0 || r.missing !== 0) process.exitCode = 1;
} finally {
  await stack?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
