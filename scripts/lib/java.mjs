// Finds what the Java emulators need on this machine: a Java >= 21 (firebase-tools refuses older
// ones); the Firestore emulator jar — firebase-tools' downloaded copy where it exists (a machine
// with internet), else Google's jar from the Debian package google-cloud-cli-firestore-emulator;
// and the Storage emulator's rules runtime — firebase-tools' download, else our own
// (tools/storage-rules-runtime) compiled here against the rules engine inside that same jar.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { CACHE_DIR, ROOT } from './config.mjs';

const DEBIAN_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const FIREBASE_CACHE = process.env.FIREBASE_EMULATORS_PATH || join(homedir(), '.cache', 'firebase', 'emulators');

/** @typedef {{ home: string, major: number }} JavaHome */
/**
 * How javaShim starts a jar of ours that firebase-tools names with `-jar`: its class path and main
 * class instead (the class-data archive then holds the classes of every jar on it).
 * @typedef {{ classPath: string[], mainClass: string }} JarLaunch
 */
/**
 * An emulator binary for firebase-tools: `path` (null = its own download) and where it comes from,
 * or the `reason` it cannot run here.
 * @typedef {{ path: string | null, source: string, launch?: JarLaunch, reason?: undefined } | { reason: string, path?: undefined, source?: undefined, launch?: undefined }} EmulatorJar
 */
/** @typedef {{ path: string, source: string, launch: JarLaunch, reason?: undefined } | { reason: string, path?: undefined, source?: undefined, launch?: undefined }} BuiltJar */

/**
 * The major version of the `java` at `javaBin`: read from its JDK's `release` file
 * (JAVA_VERSION="25.0.3"), which every JDK and JRE ships, else asked with `java -version`. Each
 * `java -version` starts a JVM (0.2–1 s on a loaded machine), and every start looks at every JDK
 * under /usr/lib/jvm.
 * @param {string} javaBin
 */
function javaMajor(javaBin) {
  const release = join(javaBin, '..', '..', 'release');
  if (existsSync(release)) {
    const version = /^JAVA_VERSION="(?:1\.)?(\d+)/m.exec(readFileSync(release, 'utf8'));
    if (version) return Number(version[1]);
  }
  const out = spawnSync(javaBin, ['-version'], { encoding: 'utf8' });
  const match = /version "(\d+)/.exec(`${out.stderr}${out.stdout}`);
  return match ? Number(match[1]) : 0;
}

/**
 * A JAVA_HOME whose java is >= 21: $JAVA_HOME, then the newest JDK under /usr/lib/jvm.
 * @returns {JavaHome | null}
 */
export function findJavaHome() {
  /** @type {string[]} */
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(process.env.JAVA_HOME);
  if (existsSync('/usr/lib/jvm')) {
    for (const name of readdirSync('/usr/lib/jvm')) candidates.push(join('/usr/lib/jvm', name));
  }
  /** @type {JavaHome | null} */
  let best = null;
  for (const home of candidates) {
    const bin = join(home, 'bin', 'java');
    if (!existsSync(bin)) continue;
    const major = javaMajor(bin);
    if (major >= 21 && (!best || major > best.major)) best = { home, major };
  }
  return best;
}

/**
 * Whether firebase-tools has a downloaded copy of `prefix` (e.g. 'cloud-storage-rules-runtime').
 * @param {string} prefix
 */
export function hasDownloadedEmulator(prefix) {
  return existsSync(FIREBASE_CACHE) && readdirSync(FIREBASE_CACHE).some((f) => f.startsWith(prefix) && f.endsWith('.jar'));
}

/**
 * Path to give firebase-tools as FIRESTORE_EMULATOR_BINARY_PATH, or null to let it use its own
 * download. Debian's jar has no Main-Class, and firebase-tools runs `java -jar`, so a two-line
 * wrapper jar names the class and puts Debian's jar on its class path.
 * @param {string} javaHome
 * @returns {EmulatorJar | null}
 */
export function firestoreEmulatorJar(javaHome) {
  if (hasDownloadedEmulator('cloud-firestore-emulator')) return { path: null, source: 'firebase-tools download' };
  if (!existsSync(DEBIAN_FIRESTORE_JAR)) return null;
  const dir = join(CACHE_DIR, 'firestore-emulator');
  const wrapper = join(dir, 'cloud-firestore-emulator-debian.jar');
  // javaShim starts it by class path instead (`launch`), so its archive holds Debian's classes;
  // the manifest still serves a plain `java -jar` of it (a plain path: a `file:` URL was kept out
  // of class-data archives too).
  const manifest = `Manifest-Version: 1.0\nMain-Class: ${FIRESTORE_MAIN_CLASS}\nClass-Path: ${DEBIAN_FIRESTORE_JAR}\n`;
  const manifestFile = join(dir, 'MANIFEST.MF');
  if (!existsSync(wrapper) || !existsSync(manifestFile) || readFileSync(manifestFile, 'utf8') !== manifest) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(manifestFile, manifest);
    // Written beside, then renamed: another stack may be starting the current one.
    const made = spawnSync(join(javaHome, 'bin', 'jar'), ['cfm', `${wrapper}.${process.pid}`, manifestFile], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`could not write ${wrapper}: ${made.stderr}`);
    renameSync(`${wrapper}.${process.pid}`, wrapper);
  }
  return {
    path: wrapper,
    source: 'Debian package google-cloud-cli-firestore-emulator',
    launch: { classPath: [DEBIAN_FIRESTORE_JAR], mainClass: FIRESTORE_MAIN_CLASS },
  };
}

const STORAGE_RUNTIME_SOURCES = join(ROOT, 'tools', 'storage-rules-runtime', 'src');
const STORAGE_RUNTIME_MAIN_CLASS = 'console.storagerules.StorageRulesRuntime';

/** @param {string} dir */
function javaSources(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.java'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * A javac that can target Java 21: the chosen JDK's, else any JDK >= 21 under /usr/lib/jvm.
 * @param {string} javaHome
 */
function findJavac(javaHome) {
  const homes = [javaHome];
  if (existsSync('/usr/lib/jvm')) homes.push(...readdirSync('/usr/lib/jvm').map((name) => join('/usr/lib/jvm', name)));
  for (const home of homes) {
    const javac = join(home, 'bin', 'javac');
    if (existsSync(javac) && existsSync(join(home, 'bin', 'jar')) && javaMajor(join(home, 'bin', 'java')) >= 21) return home;
  }
  return null;
}

/**
 * Path to give firebase-tools as STORAGE_EMULATOR_BINARY_PATH: `{path}` (null = its own download),
 * or `{reason}` when Storage cannot run here.
 * @param {string} javaHome
 * @returns {EmulatorJar}
 */
export function storageRulesRuntimeJar(javaHome) {
  if (hasDownloadedEmulator('cloud-storage-rules-runtime')) return { path: null, source: 'firebase-tools download' };
  return buildStorageRulesRuntime(javaHome);
}

/**
 * Our rules runtime (tools/storage-rules-runtime): `{path}` of its jar, or `{reason}`. Compiled on
 * first use into .cache/storage-rules-runtime/, keyed by a hash of its sources and of Debian's jar,
 * so an edit or a package upgrade recompiles it; a run that finds the jar skips javac (about 4 s).
 * @param {string} javaHome
 * @returns {BuiltJar}
 */
export function buildStorageRulesRuntime(javaHome) {
  if (!existsSync(DEBIAN_FIRESTORE_JAR)) {
    return { reason: `its rules runtime is compiled against ${DEBIAN_FIRESTORE_JAR} (package google-cloud-cli-firestore-emulator), which is absent.` };
  }
  const jdk = findJavac(javaHome);
  if (!jdk) return { reason: 'compiling its rules runtime needs a JDK >= 21 (javac) under /usr/lib/jvm.' };
  const sources = javaSources(STORAGE_RUNTIME_SOURCES);
  const debian = statSync(DEBIAN_FIRESTORE_JAR);
  const hash = createHash('sha256');
  for (const file of sources) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  hash.update(`${debian.size}:${debian.mtimeMs}`);
  const dir = join(CACHE_DIR, 'storage-rules-runtime');
  const build = hash.digest('hex').slice(0, 16);
  // One folder per build: a new build is a new path, so javaShim gives it a class-data archive of
  // its own (the JVM never refreshes an archive whose jar changed; it just stops using it).
  const jar = join(dir, build, 'storage-rules-runtime.jar');
  const source = "tools/storage-rules-runtime on the rules engine of Debian's Firestore emulator jar";
  const launch = { classPath: [jar, DEBIAN_FIRESTORE_JAR], mainClass: STORAGE_RUNTIME_MAIN_CLASS };
  if (existsSync(jar)) return { path: jar, source, launch };

  mkdirSync(dir, { recursive: true });
  // Built in a folder of this process, then renamed into place: stacks on other port offsets may
  // be compiling the same jar at the same moment.
  const work = mkdtempSync(join(dir, 'build-'));
  try {
    const javac = spawnSync(
      join(jdk, 'bin', 'javac'),
      ['-nowarn', '-Xlint:none', '--release', '21', '-cp', DEBIAN_FIRESTORE_JAR, '-d', join(work, 'classes'), ...sources],
      { encoding: 'utf8' },
    );
    if (javac.status !== 0) throw new Error(`javac failed for tools/storage-rules-runtime:\n${javac.stderr}${javac.stdout}`);
    const manifest = join(work, 'MANIFEST.MF');
    // A plain path, not a file: URL: class-data sharing archives only classes from plain paths.
    writeFileSync(manifest, `Manifest-Version: 1.0\nMain-Class: ${STORAGE_RUNTIME_MAIN_CLASS}\nClass-Path: ${DEBIAN_FIRESTORE_JAR}\n`);
    const built = join(work, 'runtime.jar');
    const made = spawnSync(join(jdk, 'bin', 'jar'), ['cfm', built, manifest, '-C', join(work, 'classes'), '.'], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`could not write ${jar}: ${made.stderr}`);
    mkdirSync(join(dir, build), { recursive: true });
    renameSync(built, jar);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // Builds of earlier sources go, with their class-data archives (a stack still running one keeps
  // its open files).
  for (const name of readdirSync(dir)) {
    if (name !== build && !name.startsWith('build-')) rmSync(join(dir, name), { recursive: true, force: true });
  }
  const cds = join(CACHE_DIR, 'cds');
  if (existsSync(cds)) {
    for (const name of readdirSync(cds)) if (name.startsWith('storage-rules-runtime-')) rmSync(join(cds, name), { force: true });
  }
  return { path: jar, source, launch };
}

/**
 * Java heap limits of the emulators (-Xmx). Without one a JVM may take a quarter of the machine
 * (6.4 GB here), and the Firestore emulator, which keeps every document in memory, did after 100
 * minutes of heavy use — then answered every call with OutOfMemoryError. With a limit and
 * -XX:+ExitOnOutOfMemoryError it stops instead, and `npm start` says so (watchEmulators in
 * stack.mjs). CONSOLE_FIRESTORE_HEAP (else an -Xmx in JAVA_TOOL_OPTIONS, else 2g) and
 * CONSOLE_STORAGE_RULES_HEAP (256m: it only evaluates storage.rules) change them; `npm run bench --
 * soak` prints the Firestore emulator's growth per thousand writes, to size the first.
 */
export const FIRESTORE_HEAP = process.env.CONSOLE_FIRESTORE_HEAP || /-Xmx(\S+)/.exec(process.env.JAVA_TOOL_OPTIONS ?? '')?.[1] || '2g';
export const STORAGE_RULES_HEAP = process.env.CONSOLE_STORAGE_RULES_HEAP || '256m';

/**
 * A `java` to put first on firebase-tools' PATH. It starts every Java emulator (Firestore, the
 * Storage rules runtime) as `java ... -jar <jar>` with one environment, so JVM options set there
 * would be shared; class-data-sharing archives must not be: two JVMs on one auto-created archive
 * rewrite it on every exit and neither ever reuses it. The shim gives each jar its own archive
 * (made on the first run, reused afterwards) and the quick-start options. Returns its folder.
 *
 * `launches`: our own jars (the wrapper around Debian's Firestore jar, the Storage rules runtime),
 * started with `-cp <their class path> <main class>` in place of `-jar`, as Debian's own
 * `cloud_firestore_emulator` script does. Started with `-jar /absolute/path`, the JVM leaves out of
 * the archive every class of a jar named by the manifest's Class-Path ('Unsupported location'):
 * the Firestore emulator's archive held 435 of its ~2,900 classes, and each start read and
 * verified the rest from the 53 MB jar.
 * @param {JavaHome} java
 * @param {({ jar: string } & JarLaunch)[]} [launches]
 */
export function javaShim(java, launches = []) {
  const dir = join(CACHE_DIR, 'java-bin');
  const cds = join(CACHE_DIR, 'cds');
  mkdirSync(dir, { recursive: true });
  mkdirSync(cds, { recursive: true });
  const quote = (/** @type {string} */ s) => `'${s.replace(/'/g, `'\\''`)}'`;
  // Java 23+ warns on stderr that protobuf uses sun.misc.Unsafe; firebase-tools logs any stderr
  // of the rules runtime as an error.
  const unsafe = java.major >= 23 ? ' --sun-misc-unsafe-memory-access=allow' : '';
  // Archive diagnostics (a jar that moved, classes it cannot keep) are printed on stdout otherwise.
  const quiet = java.major >= 24 ? ' -Xlog:cds*=off -Xlog:aot*=off' : ' -Xlog:cds*=off';
  // The archive is named by the jar's path, modification time and class path: the JVM does not
  // replace an archive whose jar has changed, it only stops using it.
  const script = `#!/bin/sh
# Written by scripts/lib/java.mjs (javaShim): one class-data archive per emulator jar.
jar=
prev=
for arg in "$@"; do
  [ "$prev" = "-jar" ] && jar=$arg
  prev=$arg
done
if [ -z "$jar" ]; then exec ${quote(join(java.home, 'bin', 'java'))} "$@"; fi
# Heap limits (FIRESTORE_HEAP in scripts/lib/java.mjs): the stack sets the variables.
case "$jar" in
  *firestore-emulator*) heap="-Xmx\${CONSOLE_FIRESTORE_HEAP:-2g}" ;;
  *storage-rules-runtime*) heap="-Xmx\${CONSOLE_STORAGE_RULES_HEAP:-256m}" ;;
  *) heap="-XX:+UseSerialGC" ;;
esac
# Our jars: their class path and main class in place of -jar (javaShim says why).
cp=
case "$jar" in
${launches.map((l) => `  ${quote(l.jar)}) cp=${quote(l.classPath.join(':'))}; main=${quote(l.mainClass)} ;;`).join('\n')}
  *) ;;
esac
if [ -n "$cp" ]; then
  first=1
  injar=
  for arg in "$@"; do
    if [ -n "$first" ]; then set --; first=; fi
    if [ -n "$injar" ]; then injar=; set -- "$@" -cp "$cp" "$main"; continue; fi
    if [ "$arg" = "-jar" ]; then injar=1; continue; fi
    set -- "$@" "$arg"
  done
fi
name=$(basename "$jar" .jar)-$(printf '%s:%s:%s' "$jar" "$(stat -c %Y "$jar" 2>/dev/null)" "$cp" | cksum | cut -d' ' -f1)
exec ${quote(join(java.home, 'bin', 'java'))} -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto${unsafe}${quiet} \\
  "$heap" -XX:+ExitOnOutOfMemoryError \\
  "-XX:SharedArchiveFile=${cds}/$name-java${java.major}.jsa" -XX:+AutoCreateSharedArchive "$@"
`;
  const file = join(dir, 'java');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== script) {
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, script);
    chmodSync(tmp, 0o755);
    renameSync(tmp, file);
  }
  return dir;
}
