// Helpers the benchmarks that start a stack share.
import { ports } from '../scripts/lib/config.mjs';
import { emulatorEnv } from '../scripts/lib/seed.mjs';

/**
 * Variables that point a process at a stack's emulators (the Admin SDK reads them). A bench part
 * that inherited them from a stack that has since stopped would wait on it: run.mjs gives every
 * part an environment without them, and a part that may use a running stack is told so with
 * BENCH_RUNNING_STACK=1 (runningStackEnv).
 */
const EMULATOR_VARIABLES = [...Object.keys(emulatorEnv()), 'STORAGE_EMULATOR_HOST', 'FIREBASE_DATABASE_EMULATOR_HOST', 'PUBSUB_EMULATOR_HOST'];

/** This process's environment without any emulator's address: what each bench part starts with. */
export function partEnv() {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env };
  for (const key of EMULATOR_VARIABLES) delete env[key];
  return env;
}

/**
 * With BENCH_RUNNING_STACK=1, the emulators' addresses of the stack running on this port offset
 * (`npm start`, or a test stack), once its Firestore answers; else null (the part starts its own).
 * A stack that does not answer is an error, not a wait.
 * @returns {Promise<Record<string, string> | null>}
 */
export async function runningStackEnv() {
  if (process.env.BENCH_RUNNING_STACK !== '1') return null;
  const env = emulatorEnv();
  try {
    await fetch(`http://${env.FIRESTORE_EMULATOR_HOST}/`, { signal: AbortSignal.timeout(5000) });
  } catch {
    throw new Error(`BENCH_RUNNING_STACK=1, but no Firestore emulator answers on ${env.FIRESTORE_EMULATOR_HOST}: start the stack, or leave the variable out.`);
  }
  return env;
}

/**
 * An ID token of a seeded user, from the stack's Auth emulator.
 * @param {string} email
 * @param {string} password
 * @returns {Promise<string>}
 */
export async function signIn(email, password) {
  const res = await fetch(`http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return (await res.json()).idToken;
}
