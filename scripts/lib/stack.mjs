// Starts and stops the local stack: the upstream sandboxes (sandboxes/dist, built by
// scripts/build.mjs) and the Firebase emulators (Auth, Functions, Firestore, Storage, Hosting, task
// queues). Shared by `npm start`, `npm test` and `npm run bench`.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIRESTORE_HEAP, STORAGE_RULES_HEAP, firestoreEmulatorJar, findJavaHome, javaShim, storageRulesRuntimeJar } from './java.mjs';
import { CACHE_DIR, HOSTING_URL, PORT_OFFSET, PROJECT_ID, ROOT, emulatorConfigFile, ports } from './config.mjs';

export class StackError extends Error {}

/** What can run here, and one line for each thing that cannot. */
export function planEmulators() {
  const notes = [];
  const java = findJavaHome();
  if (!java) {
    throw new StackError('Firestore emulator: needs Java 21 or newer (set JAVA_HOME or install a JDK under /usr/lib/jvm).');
  }
  const jar = firestoreEmulatorJar(java.home);
  if (!jar) {
    throw new StackError(
      'Firestore emulator: not found — install the Debian package google-cloud-cli-firestore-emulator, or run `firebase setup:emulators:firestore` on a machine with internet.',
    );
  }
  const only = ['auth', 'functions', 'firestore', 'hosting', 'tasks'];
  // firebase-tools' Storage emulator needs a Java rules runtime it downloads; offline we compile our
  // own (tools/storage-rules-runtime, DEVELOPERS.md). Without one, Storage is left out with a note.
  const storage = storageRulesRuntimeJar(java.home);
  if (storage.reason) notes.push(`Storage emulator: not started — ${storage.reason}`);
  else only.push('storage');
  return { only, java, jar, storage: storage.reason ? null : storage, notes };
}

/**
 * Our jars in the plan that the java shim starts by class path (javaShim in java.mjs).
 * @param {ReturnType<typeof planEmulators>} plan
 */
function javaLaunches(plan) {
  /** @type {({ jar: string } & import('./java.mjs').JarLaunch)[]} */
  const launches = [];
  for (const emulator of [plan.jar, plan.storage]) if (emulator?.path && emulator.launch) launches.push({ jar: emulator.path, ...emulator.launch });
  return launches;
}

/** The Storage emulator's default bucket (firebase-tools: `<project>.appspot.com`), the web's too. */
export const STORAGE_BUCKET = `${PROJECT_ID}.appspot.com`;

/**
 * First port of the sandboxes; each vendor takes the next one (sandboxes/src/index.ts). Twice the
 * offset: stacks 10 apart (`npm start` at 0, `npm test` at 10) get 20 ports each, and there are
 * more than 10 sandboxes.
 */
/** Temporary folder of this stack's emulators (per port offset, emptied on every start). */
function stackTmpDir() {
  const dir = join(CACHE_DIR, `tmp-${PORT_OFFSET}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Function executions the local Functions emulator runs at once (HTTP requests, Firestore triggers
 * and queued tasks together): `FUNCTIONS_EMULATOR_PARALLEL` when set, 12 by default — enough for
 * the bulk screen's and the AI texts' calls waiting on a vendor side by side, few enough that two
 * cores run them without thrashing. As many API workers are started once the stack is ready.
 */
export const FUNCTION_EXECUTIONS_AT_ONCE = Math.max(1, Number(process.env.FUNCTIONS_EMULATOR_PARALLEL) || 12);

export const SANDBOX_PORT_BASE = 7100 + PORT_OFFSET * 2;
const SANDBOX_SERVER = join(ROOT, 'sandboxes', 'dist', 'serve.mjs');
const FUNCTIONS_DIR = join(ROOT, 'functions');
/** The functions' manifest (scripts/build.mjs): every function and param the code declares. */
const FUNCTIONS_MANIFEST = join(FUNCTIONS_DIR, 'functions.yaml');

/**
 * A dotenv value as firebase-tools reads it: double-quoted when it needs escapes.
 * @param {string} value
 */
function dotenvValue(value) {
  return /^[\w./:@-]*$/.test(value) ? value : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * What the sandboxes' process prints first: their URLs by name, the functions' environment and secrets.
 * @typedef {{ error?: undefined, urls: Record<string, string>, env: Record<string, string>, secrets?: Record<string, string> }} SandboxesAnswer
 */
/** @typedef {{ error?: undefined, url: string }} WarehouseServerAnswer */

/**
 * The first line a child process prints, as JSON ({error} when it exits before printing one).
 * @param {{ stdout: import('node:stream').Readable }} child
 * @param {Promise<unknown>} exited
 * @returns {Promise<unknown>}
 */
function firstJsonLine(child, exited) {
  return new Promise((resolve) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline !== -1) resolve(JSON.parse(buffer.slice(0, newline)));
    });
    exited.then((code) => resolve({ error: `exited with code ${code} before listening` }));
  });
}

/**
 * Starts the upstream sandboxes in a process of their own (the caller may block its event loop,
 * e.g. spawnSync of vitest) and points the functions at them: functions/.env.<project>, read by the
 * Functions emulator for this demo project only, gets every upstream URL param.
 * @param {(line: string) => void} onNote
 */
async function startSandboxes(onNote) {
  if (!existsSync(SANDBOX_SERVER)) throw new StackError('Sandboxes not built: run `node scripts/build.mjs sandboxes`.');
  // stdin stays a pipe: the sandboxes stop when it closes, so they never outlive this process.
  // Bunny Stream's sandbox POSTs video status changes to the functions' webhook, through Hosting.
  const sandboxProcessEnv = {
    ...process.env,
    SANDBOX_BUNNY_WEBHOOK_URL: `http://127.0.0.1:${ports.hosting}/api/file/video/bunny-webhook`,
    // WhatsApp's status webhooks, through Hosting too (the sandbox adds ?project=).
    SANDBOX_WHATSAPP_WEBHOOK_URL: `http://127.0.0.1:${ports.hosting}/api/whatsapp/webhook`,
    // SendGrid's Event Webhook posts to the functions' endpoint, through Hosting.
    SANDBOX_SENDGRID_WEBHOOK_URL: `http://127.0.0.1:${ports.hosting}/api/sendgrid/events`,
    // The Bling app's registered redirect link: the 'Conectar Bling' callback on the public origin.
    SANDBOX_BLING_REDIRECT_URI: `${HOSTING_URL}/api/console/sync/bling/callback`,
  };
  const child = spawn(process.execPath, [SANDBOX_SERVER, String(SANDBOX_PORT_BASE)], { cwd: ROOT, env: sandboxProcessEnv, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const answer = /** @type {SandboxesAnswer | { error: string }} */ (await firstJsonLine(child, exited));
  if (answer.error !== undefined) {
    child.kill('SIGKILL');
    throw new StackError(answer.error.startsWith('Sandbox ') ? answer.error : `Sandboxes failed to start: ${answer.error}`);
  }
  // PUBLIC_BASE_URL: links in e-mails (unsubscribe) and the Google connection's redirects point at
  // this stack's Hosting, at the origin the console is opened on (the Google callback must reach
  // the browser's cookie of that origin).
  // CUSTOMER_WAREHOUSE_MAX_LAG_SECONDS: a stack's Firestore may start from the seed while its
  // warehouse file keeps what earlier runs mirrored; a send copies the project again after 5 s
  // rather than the production bound's minute (functions/src/customer-warehouse/README.md).
  const env = { ...answer.env, WAREHOUSE: 'duckdb', PUBLIC_BASE_URL: HOSTING_URL, CUSTOMER_WAREHOUSE_MAX_LAG_SECONDS: '5' };
  // Every other param the functions declare gets its declared default here, so firebase-tools finds
  // a value for each and never appends defaults to the shared functions/.env.local: two stacks
  // starting at once on a fresh clone raced on that file ('Attempted to write param-defined key
  // SUPER_PROJECT_ID to .env files, but it was already defined') and one never loaded its functions.
  const values = { ...declaredParamDefaults(), ...env };
  const lines = Object.entries(values).map(([key, value]) => `${key}=${dotenvValue(value)}`);
  writeFileAtomically(
    join(FUNCTIONS_DIR, `.env.${PROJECT_ID}`),
    `# Written by scripts/lib/stack.mjs on every start: the local sandboxes.\n${lines.join('\n')}\n`,
  );
  writeLocalSecrets(answer.secrets ?? {});
  // .env.local wins over .env.<project> in the emulator, and firebase-tools appends to it the
  // production defaults of any param an emulator found without a value: such lines would send
  // every local stack to the real services, so they go.
  const localFile = join(FUNCTIONS_DIR, '.env.local');
  if (existsSync(localFile)) {
    const lines = readFileSync(localFile, 'utf8').split('\n');
    const keyOf = (/** @type {string} */ line) => /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1] ?? '';
    const shadowing = lines.filter((line) => keyOf(line) in env);
    if (shadowing.length) {
      writeFileSync(localFile, lines.filter((line) => !(keyOf(line) in env)).join('\n'));
      onNote(`functions/.env.local: removed ${shadowing.map(keyOf).join(', ')} (they would override the sandboxes' URLs).`);
    }
  }
  return {
    urls: answer.urls,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Secrets (defineSecret) reach the Functions emulator only through functions/.secret.local: the
 * sandboxes' keys (OPENAI_API_KEY) replace those lines on every start, other lines stay.
 * @param {Record<string, string>} secrets
 */
function writeLocalSecrets(secrets) {
  const file = join(FUNCTIONS_DIR, '.secret.local');
  const keyOf = (/** @type {string} */ line) => /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1] ?? '';
  const kept = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() && !(keyOf(line) in secrets))
    : [];
  const lines = [...kept, ...Object.entries(secrets).map(([key, value]) => `${key}=${dotenvValue(value)}`)];
  writeFileAtomically(file, `${lines.join('\n')}\n`);
}

/**
 * Writes a file another stack's firebase-tools may be reading at that instant (`.secret.local` is
 * one file for every stack): the reader sees the old content or the new, never a truncated one.
 * Unchanged content is left alone.
 * @param {string} file
 * @param {string} content
 */
function writeFileAtomically(file, content) {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/**
 * The declared default of every non-secret param of the functions, as firebase-tools would write
 * it, read from the manifest scripts/build.mjs writes (functions/functions.yaml, JSON in fact).
 * @returns {Record<string, string>}
 */
export function declaredParamDefaults() {
  const manifest = /** @type {{ params?: { name: string, type: string, default?: unknown }[] }} */ (JSON.parse(readFileSync(FUNCTIONS_MANIFEST, 'utf8')));
  /** @type {Record<string, string>} */
  const defaults = {};
  for (const param of manifest.params ?? []) {
    if (param.type === 'secret') continue;
    if (param.default === undefined)
      throw new StackError(`Param ${param.name} has no default: give it one in functions/src/config.ts or a local value in scripts/lib/stack.mjs.`);
    defaults[param.name] = String(param.default);
  }
  return defaults;
}

/**
 * The pids of every descendant of `pid` (children, their children, ...), from `ps`.
 * @param {number} pid
 */
export function descendantsOf(pid) {
  const table = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? '';
  const children = new Map();
  for (const line of table.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (!child || !parent) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(child);
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * Which of `pids` are JVMs (the Java emulators).
 * @param {number[]} pids
 */
function javaProcesses(pids) {
  if (!pids.length) return [];
  const table = spawnSync('ps', ['-o', 'pid=,args=', '-p', pids.join(',')], { encoding: 'utf8' }).stdout ?? '';
  return table
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\S+)/.exec(line))
    .filter((match) => match !== null && /(^|\/)java$/.test(match[2]))
    .map((match) => Number(/** @type {RegExpExecArray} */ (match)[1]));
}

/**
 * Resolves once none of `pids` runs any more, or after `ms`.
 * @param {number[]} pids
 * @param {number} ms
 */
async function exitOf(pids, ms) {
  const until = Date.now() + ms;
  const alive = (/** @type {number} */ p) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (pids.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Sends `name` to `pid` (a negative pid: its process group); a process already gone is fine.
 * @param {number} pid
 * @param {NodeJS.Signals} name
 */
function sendSignal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Already exited.
  }
}

/** @param {string} stateDir */
function hasState(stateDir) {
  return existsSync(join(stateDir, 'firebase-export-metadata.json'));
}

/** @typedef {string | { url: string, headers?: Record<string, string>, timeoutMs?: number }} ReadyCheck */

/** @param {ReadyCheck} check */
async function isUp(check) {
  const { url, headers, timeoutMs = 2000 } = typeof check === 'string' ? { url: check } : check;
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The last meaningful line of the emulator log, for a one-line reason.
 * @param {string} logFile
 */
function lastError(logFile, debugLog = '') {
  if (!existsSync(logFile)) return 'no output';
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const interesting = lines.filter((l) => /error|⚠|could not|unable|exited|refus|EADDRINUSE|port/i.test(l) && !/^\s*at /.test(l));
  const reason = (interesting.at(-1) ?? lines.at(-1) ?? 'no output').replace(/^i\s+|^⚠\s+/, '');
  // firebase-tools writes an unexpected error's own message and stack only to its debug log.
  const cause = debugLog && existsSync(debugLog) ? unexpectedErrorIn(readFileSync(debugLog, 'utf8')) : '';
  return cause ? `${reason} (debug log: ${cause}; ${debugLog})` : reason;
}

/**
 * The first line of the last stack trace in a firebase-tools debug log and its top frame, or ''.
 * @param {string} text
 */
export function unexpectedErrorIn(text) {
  // Each line starts with its level and time: '[debug] [2026-…Z] '.
  const lines = text.split('\n').map((l) => l.replace(/^(\[[^\]]*\]\s*)+/, '').trim());
  let first = lines.length - 1;
  while (first >= 0 && !/^at /.test(lines[first])) first--;
  if (first < 0) return '';
  while (first > 0 && /^at /.test(lines[first - 1])) first--;
  return [lines[first - 1] ?? '', lines[first]].filter(Boolean).join(' ');
}

/**
 * Kills what an exited firebase-tools left running: every process whose arguments name this
 * stack's project (the Firestore JVM's `--project_id`) and every process listening on its ports,
 * then waits (up to 5 s) until they are gone.
 * @param {number[]} stackPorts
 */
async function stopLeftovers(stackPorts) {
  const pids = [...new Set([...processesNaming(PROJECT_ID), ...listenersOn(stackPorts)])].filter((p) => p !== process.pid);
  for (const leftover of pids) sendSignal(leftover, 'SIGKILL');
  await exitOf(pids, 5000);
}

/**
 * Pids of the processes with an argument equal to `word` (from /proc; none where it is absent).
 * @param {string} word
 */
function processesNaming(word) {
  const found = [];
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(word)) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/**
 * Pids of the processes listening on any of `stackPorts` (TCP, IPv4 or IPv6), from /proc.
 * @param {number[]} stackPorts
 */
function listenersOn(stackPorts) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      const port = parseInt(fields[1]?.split(':').at(-1) ?? '', 16);
      if (fields[3] === '0A' && stackPorts.includes(port)) inodes.add(fields[9]);
    }
  }
  if (inodes.size === 0) return [];
  const found = [];
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    for (const fd of safeReaddir(`/proc/${entry}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) {
          found.push(Number(entry));
          break;
        }
      } catch {
        // Closed meanwhile.
      }
    }
  }
  return found;
}

/** @param {string} dir */
function safeReaddir(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * The local warehouse server (functions/src/warehouse/server.ts): one process holding this demo
 * project's DuckDB file open for every Functions worker, found by them through
 * `<file>.server.json`. stdin stays a pipe: it stops when this process goes.
 */
async function startWarehouseServer() {
  const { bundleWarehouseServer } = await import('./bundle-duckdb.mjs');
  const script = await bundleWarehouseServer(join(CACHE_DIR, 'warehouse-server'));
  const database = join(ROOT, 'emulator-data', 'warehouse', `${PROJECT_ID.replace(/[^\w.-]/g, '_')}.duckdb`);
  const child = spawn(process.execPath, [script, database], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const answer = /** @type {WarehouseServerAnswer | { error: string }} */ (await firstJsonLine(child, exited));
  if (answer.error !== undefined) throw new StackError(`Local warehouse server: ${answer.error}`);
  return {
    url: answer.url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Starts the emulators. `stateDir`: data imported on start (when present) and exported on stop
 * when `persist` is set. Resolves once Hosting, the API, Firestore and Auth answer.
 * `onEmulatorDied`: called once, with one line saying what stopped and why, when a Java emulator
 * (Firestore, Storage's rules runtime) or firebase-tools itself exits while the stack runs
 * (watchEmulators); the stack is of no use from then on.
 * `warmWorkers`: false leaves starting the API workers to the caller (stack.warmWorkers()).
 * `seedSnapshot`: a folder saved by saveSeedSnapshot (scripts/lib/seed.mjs), imported when
 * `stateDir` holds no state (`stack.fromSeedSnapshot`).
 * @param {{ stateDir: string, persist?: boolean, logFile: string, onNote?: (line: string) => void, onEmulatorDied?: (line: string) => void, warmWorkers?: boolean, seedSnapshot?: string }} options
 */
export async function startStack({ stateDir, persist = true, logFile, onNote = () => {}, onEmulatorDied, warmWorkers = true, seedSnapshot }) {
  // Where start-up time goes (npm run bench -- start): seconds since this call, per step.
  const began = performance.now();
  /** @type {{ step: string, at: number }[]} */
  const timings = [];
  const mark = (/** @type {string} */ step) => timings.push({ step, at: (performance.now() - began) / 1000 });
  const plan = planEmulators();
  mark('java, jars and the rules runtime found or compiled');
  plan.notes.forEach((note) => onNote(note));
  // The sandboxes and the warehouse server are processes of their own: started side by side.
  const [sandboxesStarted, warehouseStarted] = await Promise.allSettled([
    startSandboxes(onNote).finally(() => mark('sandboxes listening')),
    startWarehouseServer().finally(() => mark('warehouse server listening')),
  ]);
  if (sandboxesStarted.status === 'rejected' || warehouseStarted.status === 'rejected') {
    if (sandboxesStarted.status === 'fulfilled') await sandboxesStarted.value.stop();
    if (warehouseStarted.status === 'fulfilled') await warehouseStarted.value.stop();
    throw sandboxesStarted.status === 'rejected' ? sandboxesStarted.reason : /** @type {PromiseRejectedResult} */ (warehouseStarted).reason;
  }
  const sandboxes = sandboxesStarted.value;
  const warehouseServer = warehouseStarted.value;
  mkdirSync(dirname(logFile), { recursive: true });
  const imported = hasState(stateDir);
  // No saved state: the seed's snapshot, when one was saved (saveSeedSnapshot), is imported instead
  // of writing the seed document by document; the stop still exports to stateDir.
  const fromSeedSnapshot = !imported && seedSnapshot !== undefined && hasState(seedSnapshot);
  const args = [
    // Takes two start-up costs out of firebase-tools (the Auth emulator's validators compiled up
    // front, an npm registry look-up before the functions load): the file says why.
    '--import',
    pathToFileURL(join(ROOT, 'scripts/lib/firebase-tools-preload.mjs')).href,
    join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
    'emulators:start',
    '--project',
    PROJECT_ID,
    '--config',
    emulatorConfigFile({ sandboxUrls: sandboxes.urls }),
    '--only',
    plan.only.join(','),
  ];
  if (imported) args.push('--import', stateDir);
  else if (fromSeedSnapshot) args.push('--import', seedSnapshot);
  if (persist) args.push('--export-on-exit', stateDir);

  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    JAVA_HOME: plan.java.home,
    // firebase-tools runs `java` from PATH for each Java emulator: the shim gives each its own
    // class-data-sharing archive (made on the first run, reused afterwards) and the quick JIT tier,
    // which save seconds of JVM start-up (scripts/lib/java.mjs).
    PATH: `${javaShim(plan.java, javaLaunches(plan))}:${join(plan.java.home, 'bin')}:${process.env.PATH}`,
    // Their heap limits, which the shim gives each JVM (scripts/lib/java.mjs, FIRESTORE_HEAP).
    CONSOLE_FIRESTORE_HEAP: FIRESTORE_HEAP,
    CONSOLE_STORAGE_RULES_HEAP: STORAGE_RULES_HEAP,
    FIREBASE_CLI_EXPERIMENTS: process.env.FIREBASE_CLI_EXPERIMENTS ?? '',
    // A functions worker that takes over 30 s to load (a machine running several stacks) is
    // dropped by firebase-tools and replaced by another, which makes it worse: allow 120 s.
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
    // The Functions emulator serves one request per worker process and starts a new process for
    // every request that finds none idle: fifty calls at once were fifty Node processes starting on
    // two cores (over a second of CPU each; some answered 504). A deployed v2 function serves many
    // requests per instance; here firebase-tools' own limit on executions at once stands in for it
    // (the rest wait in its queue, first come first served), and the workers are started with the stack.
    FUNCTIONS_EMULATOR_PARALLEL: String(FUNCTION_EXECUTIONS_AT_ONCE),
    // No telemetry or update checks: the machine is offline and they only add start-up time.
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    NO_UPDATE_NOTIFIER: '1',
    // The Storage emulator keeps uploads in $TMPDIR/firebase/storage/blobs and deletes that folder
    // when it stops: one folder per stack, or stopping the tests would break `npm start`'s uploads.
    TMPDIR: stackTmpDir(),
  };
  if (plan.jar.path) env.FIRESTORE_EMULATOR_BINARY_PATH = plan.jar.path;
  if (plan.storage?.path) env.STORAGE_EMULATOR_BINARY_PATH = plan.storage.path;

  // firebase-tools' debug log (an unexpected error's stack goes only there) beside the stack's
  // log: by default it is firebase-debug.log in the shared working folder, where the other lane's
  // firebase-tools deleted it on its own clean exit.
  const debugLog = logFile.replace(/(\.log)?$/, '.firebase-debug.log');
  rmSync(debugLog, { force: true });
  env.FIREBASE_DEBUG_PATH = debugLog;
  const log = createWriteStream(logFile, { flags: 'w' });
  let child;
  try {
    child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    await sandboxes.stop();
    await warehouseServer.stop();
    throw error;
  }
  // No pid: the process never started, and only the sandboxes need stopping.
  const pid = child.pid;
  mark('firebase-tools launched');
  // A stack never outlives the process that started it: on exit (an error, a timeout's signal in
  // npm run bench) the emulators' process group and every process it started are killed.
  const killOnExit = () => {
    if (!pid || exited) return;
    const family = descendantsOf(pid);
    sendSignal(-pid, 'SIGKILL');
    for (const member of family) sendSignal(member, 'SIGKILL');
  };
  process.once('exit', killOnExit);
  // Without a handler of the caller's (npm start has one), SIGINT / SIGTERM stop the stack first.
  /** @type {() => Promise<void>} */
  let stopForSignal = async () => killOnExit();
  /** @type {(signal: NodeJS.Signals) => void} */
  const stopOnSignal = (signal) => {
    void stopForSignal().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM'])) {
    if (process.listenerCount(signal) === 0) process.once(signal, stopOnSignal);
  }
  // Each log line carries the seconds since launch, to see where start-up time goes.
  const launched = Date.now();
  const stamp = (/** @type {Buffer} */ chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const step = startupStep(
          line,
          timings.some((t) => t.step.startsWith('firebase-tools loaded')),
        );
        if (step && !timings.some((t) => t.step === step)) mark(step);
        return `[+${((Date.now() - launched) / 1000).toFixed(1)}s] ${line}\n`;
      })
      .join('');
  // Output can still arrive after stop() closed the log (a process of the group flushing late).
  const toLog = (/** @type {Buffer} */ chunk) => {
    if (!log.writableEnded) log.write(stamp(chunk));
  };
  child.stdout.on('data', toLog);
  child.stderr.on('data', toLog);
  // Set by the exit listener; the cast keeps its type wider than the `null` it starts with.
  let exited = /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */ (null);
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  let stopWatching = () => {};
  let warming = false;
  let sandboxesStopped = false;
  const stopSandboxes = async () => {
    if (sandboxesStopped) return;
    sandboxesStopped = true;
    await Promise.all([sandboxes.stop(), warehouseServer.stop()]);
  };
  const stack = {
    imported,
    /** Started from the seed's snapshot (no saved state): the seed is already in, nothing to write. */
    fromSeedSnapshot,
    plan,
    child,
    /** Seconds since startStack was called at each start-up step, in order (npm run bench -- start). */
    timings,
    /** The upstream sandboxes: `urls` by name (bling, tramontina-webservice, …, site-cookstore, …). */
    sandboxes: { urls: sandboxes.urls },
    /**
     * Settles once the API workers are started (startApiWorkers): the stack answers before that,
     * so start-up time stays what it was; a benchmark of concurrent calls waits for it.
     * @type {Promise<void>}
     */
    apiWorkers: Promise.resolve(),
    /**
     * Starts the API workers in the background (startApiWorkers), once; `apiWorkers` settles when
     * they run. startStack calls it when ready unless told not to (`npm start` seeds first: the
     * seed and the warm-up would share the CPU).
     */
    warmWorkers() {
      if (!pid || warming) return;
      warming = true;
      const began = performance.now();
      stack.apiWorkers = startApiWorkers(pid).finally(() =>
        timings.push({ step: `API workers started (${FUNCTION_EXECUTIONS_AT_ONCE}), after ready`, at: (performance.now() - began) / 1000 }),
      );
    },
    /** The Functions emulator's worker processes running now. */
    functionWorkers: () => (pid ? workersAmong(descendantsOf(pid)) : 0),
    async stop() {
      stopWatching();
      process.removeListener('exit', killOnExit);
      process.removeListener('SIGINT', stopOnSignal);
      process.removeListener('SIGTERM', stopOnSignal);
      // After the emulators: a function still running during the export may call an upstream.
      if (exited || pid === undefined) return stopSandboxes();
      // Every process firebase-tools started, listed now: once it exits they are re-parented and
      // could no longer be found (a Java emulator was seen surviving a stop that way).
      const family = descendantsOf(pid);
      const javas = javaProcesses(family);
      // SIGINT to firebase-tools alone: it exports (when persisting) and then stops its emulators.
      sendSignal(pid, 'SIGINT');
      const timer = setTimeout(() => sendSignal(-pid, 'SIGKILL'), 60_000);
      await exit;
      clearTimeout(timer);
      // firebase-tools waits 4 s for a Java emulator it stopped; a JVM writing its class-data
      // archive as it exits (javaShim: the first run of a jar) can take longer. Killed then, it
      // leaves none, and every start stays a cold one; so it is given the time to finish.
      await exitOf(javas, 30_000);
      // Anything left in the process group or the family (a Java emulator, a functions worker) goes too.
      sendSignal(-pid, 'SIGKILL');
      for (const member of family) sendSignal(member, 'SIGKILL');
      log.end();
      await stopSandboxes();
    },
  };

  stopForSignal = () => stack.stop();

  /** @type {ReadyCheck[]} */
  const checks = [
    // Waits for the answer: every new request while the functions worker is still loading makes
    // the emulator start another worker, and on a loaded machine they pile up by the dozen.
    { url: `http://127.0.0.1:${ports.hosting}/api/health`, timeoutMs: 120_000 },
    `http://127.0.0.1:${ports.firestore}/`,
    `http://127.0.0.1:${ports.auth}/`,
  ];
  // Storage listens once its rules runtime has started and loaded storage.rules; the Admin SDK's
  // bucket listing answers 200 from then on (the 'owner' token bypasses the rules).
  if (plan.only.includes('storage'))
    checks.push({ url: `http://127.0.0.1:${ports.storage}/v0/b/${STORAGE_BUCKET}/o?maxResults=1`, headers: { authorization: 'Bearer owner' } });
  // CONSOLE_STACK_READY_SECONDS: more time on a loaded machine (the first API call is a cold start).
  const readySeconds = Number(process.env.CONSOLE_STACK_READY_SECONDS || 120);
  const deadline = Date.now() + readySeconds * 1000;
  while (true) {
    if (exited) {
      // What firebase-tools had started goes with it: a new start needs the ports. Its Java
      // emulators run in sessions of their own (spawned detached) and are init's children once it
      // has gone, so neither its process group nor its descendants reach them.
      if (pid) sendSignal(-pid, 'SIGKILL');
      await stopLeftovers(Object.values(ports));
      await stopSandboxes();
      throw new StackError(`Emulators exited (code ${exited.code}): ${lastError(logFile, debugLog)} — full log: ${logFile}`);
    }
    const up = await Promise.all(checks.map(isUp));
    if (up.every(Boolean)) break;
    if (Date.now() > deadline) {
      await stack.stop();
      throw new StackError(`Emulators not ready after ${readySeconds} s: ${lastError(logFile)} — full log: ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  mark('ready: Hosting and the API, Firestore, Auth and Storage answer');
  if (warmWorkers) stack.warmWorkers();
  if (pid && onEmulatorDied) stopWatching = watchEmulators({ pid, logFile, hasExited: () => exited !== null, onDied: onEmulatorDied });
  return stack;
}

/**
 * The OutOfMemoryError a Java emulator reported, if any: in the stack's log, or in
 * firestore-debug.log, where firebase-tools writes the Firestore JVM's own output.
 * @param {string} logFile
 */
function outOfMemory(logFile) {
  for (const file of [logFile, join(ROOT, 'firestore-debug.log')]) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const found = /[^\n]*OutOfMemoryError[^\n]*/.exec(text.slice(-200_000))?.[0]?.trim();
    if (found) return found.replace(/^\[\+[\d.]+s\]\s*/, '');
  }
  return null;
}

/**
 * The start-up step a line of firebase-tools' output marks, if any (npm run bench -- start).
 * firebase-tools starts the emulators one after another (Firestore, Auth, Storage, Hosting,
 * Functions), so the line that begins one step ends the one before.
 * @param {string} line
 * @param {boolean} starting whether 'Starting emulators' has been seen
 */
function startupStep(line, starting) {
  if (/Starting emulators:/.test(line)) return 'firebase-tools loaded, starting the emulators';
  if (/firestore: Firestore Emulator was started/i.test(line)) return 'Firestore emulator (Java) started';
  if (starting && /storage: Env variable override/.test(line)) return 'Auth emulator started';
  if (/hosting\[[^\]]*\]: Serving hosting files/.test(line)) return 'Storage emulator started (rules runtime up, storage.rules loaded)';
  if (/functions: Watching /.test(line)) return 'Hosting started';
  if (/functions: Loaded functions definitions/i.test(line)) return 'functions loaded (definitions read)';
  if (/Importing data from/i.test(line)) return 'state import begun';
  if (/All emulators ready/i.test(line)) return 'firebase-tools: all emulators ready';
  return null;
}

/**
 * The Java emulators of the stack whose firebase-tools process is `pid`: Firestore (its jar, on
 * this stack's port) and Storage's rules runtime, by pid.
 * @param {number} pid
 */
export function javaEmulators(pid) {
  const family = descendantsOf(pid);
  if (!family.length) return { firestore: null, storageRules: null };
  const table = spawnSync('ps', ['-o', 'pid=,args=', '-p', family.join(',')], { encoding: 'utf8' }).stdout ?? '';
  /** @type {{ firestore: number | null, storageRules: number | null }} */
  const found = { firestore: null, storageRules: null };
  for (const line of table.split('\n')) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!match || !/\bjava\b/.test(match[2])) continue;
    if (/firestore-emulator/.test(match[2]) && match[2].includes(`--port ${ports.firestore}`)) found.firestore = Number(match[1]);
    else if (/storage-rules-runtime/.test(match[2])) found.storageRules = Number(match[1]);
  }
  return found;
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's (never ours); ESRCH: gone.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Watches a ready stack every few seconds: when the Firestore emulator's JVM, the Storage rules
 * runtime's JVM or firebase-tools itself has gone, calls `onDied` once with one line (what, and
 * the reason the log gives: an OutOfMemoryError, firebase-tools' exit code). Returns the stop.
 * @param {{ pid: number, logFile: string, hasExited: () => boolean, onDied: (line: string) => void, everyMs?: number }} options
 */
function watchEmulators({ pid, logFile, hasExited, onDied, everyMs = Number(process.env.CONSOLE_WATCH_MS || 3000) }) {
  const watched = javaEmulators(pid);
  const names = { firestore: 'Firestore emulator', storageRules: "Storage emulator's rules runtime" };
  const heaps = { firestore: `${FIRESTORE_HEAP} (CONSOLE_FIRESTORE_HEAP)`, storageRules: `${STORAGE_RULES_HEAP} (CONSOLE_STORAGE_RULES_HEAP)` };
  const timer = setInterval(() => {
    /** @type {string | null} */
    let line = null;
    if (hasExited()) {
      const reason = outOfMemory(logFile);
      line = `the emulators (firebase-tools) have exited: ${reason ? `${reason} (Firestore's heap limit is ${heaps.firestore})` : lastError(logFile)}`;
    } else {
      // Looked up with ps only while not seen yet (a loaded machine: the first look, as the stack
      // turned ready, can miss a JVM that answers already); after that, only its pid is asked, so
      // a ps that fails under load never reads as a death.
      const now = watched.firestore === null || watched.storageRules === null ? javaEmulators(pid) : null;
      for (const key of /** @type {('firestore' | 'storageRules')[]} */ (['firestore', 'storageRules'])) {
        if (watched[key] === null) {
          watched[key] = now?.[key] ?? null;
          continue;
        }
        if (isAlive(watched[key]) || hasExited()) continue;
        const reason = outOfMemory(logFile);
        line = `the ${names[key]} (Java, pid ${watched[key]}) has stopped${reason ? ` — ${reason}; its heap limit is ${heaps[key]}` : ' (killed, or crashed without a message)'}`;
        break;
      }
    }
    if (line === null) return;
    clearInterval(timer);
    onDied(`${line}. Every call that needs it fails until the stack is started again. Log: ${logFile}`);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * One URL per HTTPS function of firebase.json's Hosting rewrites, answered without side effects (a
 * 200, 401 or 404): an exact source as is, else a path under its first prefix. Read from
 * firebase.json, so it also serves a layout with a single `api` function.
 * @returns {{ functionId: string, url: string }[]}
 */
export function apiWarmUrls() {
  /** @type {{ hosting?: { rewrites?: { source?: string, function?: { functionId: string } }[] } }} */
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
  /** @type {Map<string, string>} */
  const byFunction = new Map();
  for (const rule of config.hosting?.rewrites ?? []) {
    if (!rule.function || !rule.source) continue;
    const id = rule.function.functionId;
    const path = rule.source.endsWith('/**') ? `${rule.source.slice(0, -3)}/warm-up` : rule.source;
    if (!byFunction.has(id) || (!rule.source.includes('*') && byFunction.get(id)?.endsWith('/warm-up'))) byFunction.set(id, path);
  }
  return [...byFunction].map(([functionId, path]) => ({ functionId, url: `http://127.0.0.1:${ports.hosting}${path}` }));
}

/**
 * Starts the API functions' workers before the first user needs them (a deployed function's
 * minimum instances, in effect): first one worker of each HTTPS function (its feature's code
 * loaded, apiWarmUrls), then bursts at the function serving the sync worker URLs (the bulk sync
 * and `npm run bench -- load` call those by the dozen at once), where each call that finds every
 * worker busy makes the emulator start another, until FUNCTION_EXECUTIONS_AT_ONCE workers run. It
 * runs beside the first calls (the stack is ready before it ends); falling short only makes a
 * first burst slower.
 * @param {number} pid the emulators' process
 */
async function startApiWorkers(pid) {
  const warm = apiWarmUrls();
  const fetchQuietly = (/** @type {string} */ url) =>
    fetch(url, { signal: AbortSignal.timeout(120_000) })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  await Promise.all(warm.map(({ url }) => fetchQuietly(url)));
  // A sync worker URL (401 without a token, once the function's code is loaded).
  const burstUrl = `http://127.0.0.1:${ports.hosting}/api/tramontina/webservice/products/1/warm-up`;
  for (let burst = 0; burst < 20; burst++) {
    const descendants = descendantsOf(pid);
    // Stopped meanwhile (a short test run), or all of them started: done.
    if (!descendants.length || workersAmong(descendants) >= Math.max(FUNCTION_EXECUTIONS_AT_ONCE, warm.length)) return;
    await Promise.all(Array.from({ length: 4 * FUNCTION_EXECUTIONS_AT_ONCE }, () => fetchQuietly(burstUrl)));
  }
}

/**
 * How many of `pids` are Functions emulator workers.
 * @param {number[]} pids
 */
function workersAmong(pids) {
  if (!pids.length) return 0;
  const commands = spawnSync('ps', ['-o', 'args=', '-p', pids.join(',')], { encoding: 'utf8' }).stdout ?? '';
  return commands.split('\n').filter((line) => line.includes('functionsEmulatorRuntime')).length;
}
