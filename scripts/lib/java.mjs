// Finds what the Firestore emulator needs on this machine: a Java >= 21 (firebase-tools refuses
// older ones) and the emulator jar — firebase-tools' downloaded copy where it exists (a machine
// with internet), else Google's jar from the Debian package google-cloud-cli-firestore-emulator.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CACHE_DIR } from './config.mjs';

const DEBIAN_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const FIREBASE_CACHE = process.env.FIREBASE_EMULATORS_PATH || join(homedir(), '.cache', 'firebase', 'emulators');

function javaMajor(javaBin) {
  const out = spawnSync(javaBin, ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)/.exec(`${out.stderr}${out.stdout}`);
  return match ? Number(match[1]) : 0;
}

/** A JAVA_HOME whose java is >= 21: $JAVA_HOME, then the newest JDK under /usr/lib/jvm. */
export function findJavaHome() {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(process.env.JAVA_HOME);
  if (existsSync('/usr/lib/jvm')) {
    for (const name of readdirSync('/usr/lib/jvm')) candidates.push(join('/usr/lib/jvm', name));
  }
  let best = null;
  for (const home of candidates) {
    const bin = join(home, 'bin', 'java');
    if (!existsSync(bin)) continue;
    const major = javaMajor(bin);
    if (major >= 21 && (!best || major > best.major)) best = { home, major };
  }
  return best;
}

/** Whether firebase-tools has a downloaded copy of `prefix` (e.g. 'cloud-storage-rules-runtime'). */
export function hasDownloadedEmulator(prefix) {
  return existsSync(FIREBASE_CACHE) && readdirSync(FIREBASE_CACHE).some((f) => f.startsWith(prefix) && f.endsWith('.jar'));
}

/**
 * Path to give firebase-tools as FIRESTORE_EMULATOR_BINARY_PATH, or null to let it use its own
 * download. Debian's jar has no Main-Class, and firebase-tools runs `java -jar`, so a two-line
 * wrapper jar names the class and puts Debian's jar on its class path.
 */
export function firestoreEmulatorJar(javaHome) {
  if (hasDownloadedEmulator('cloud-firestore-emulator')) return { path: null, source: 'firebase-tools download' };
  if (!existsSync(DEBIAN_FIRESTORE_JAR)) return null;
  const dir = join(CACHE_DIR, 'firestore-emulator');
  const wrapper = join(dir, 'cloud-firestore-emulator-debian.jar');
  if (!existsSync(wrapper)) {
    mkdirSync(dir, { recursive: true });
    const manifest = `Manifest-Version: 1.0\nMain-Class: ${FIRESTORE_MAIN_CLASS}\nClass-Path: file:${DEBIAN_FIRESTORE_JAR}\n`;
    const manifestFile = join(dir, 'MANIFEST.MF');
    writeFileSync(manifestFile, manifest);
    const made = spawnSync(join(javaHome, 'bin', 'jar'), ['cfm', wrapper, manifestFile], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`could not write ${wrapper}: ${made.stderr}`);
  }
  return { path: wrapper, source: 'Debian package google-cloud-cli-firestore-emulator' };
}
