// Configuration shared by the build, start, test and bench scripts: one place reads firebase.json
// and .firebaserc so ports and the project id are never repeated.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
const firebaserc = JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8'));

/**
 * CONSOLE_PORT_OFFSET shifts every emulator port (and gives the demo project and the web build
 * their own names), so a second stack — tests beside `npm start`, or several developers' test
 * runs — can run on the same machine. 0 (the default) is firebase.json as it is.
 */
export const PORT_OFFSET = Number(process.env.CONSOLE_PORT_OFFSET || 0);

const baseProject = process.env.FIREBASE_PROJECT || firebaserc.projects.default;
/** The Firebase project: FIREBASE_PROJECT overrides .firebaserc's default (a demo-* id locally). */
export const PROJECT_ID = PORT_OFFSET && baseProject.startsWith('demo-') ? `${baseProject}-${PORT_OFFSET}` : baseProject;
export const SUPER_PROJECT_ID = process.env.SUPER_PROJECT_ID || 'main';

const shift = (/** @type {number} */ port) => port + PORT_OFFSET;
export const ports = Object.fromEntries(
  Object.entries(firebaseJson.emulators)
    .filter(([, v]) => v && v.port)
    .map(([k, v]) => [k, shift(v.port)]),
);
// Ports that browsers and Node's fetch refuse to connect to ("bad port"); an offset landing an
// HTTP emulator on one of them would never report ready, so it is refused here with the reason.
const UNSAFE_PORTS = new Set([4045, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 10080]);
for (const [name, port] of Object.entries(ports)) {
  if (UNSAFE_PORTS.has(port)) {
    throw new Error(`CONSOLE_PORT_OFFSET=${PORT_OFFSET} puts the ${name} emulator on port ${port}, which browsers refuse; choose another offset.`);
  }
}
export const HOSTING_URL = `http://localhost:${ports.hosting}`;
/** Folder Hosting serves (relative to the root). */
export const WEB_DIST = PORT_OFFSET ? `web/dist-${PORT_OFFSET}` : 'web/dist';

/**
 * The emulators that serve browsers or clients (Auth, Firestore, Storage, Hosting) listen on
 * loopback (firebase.json) so nobody on the network reaches them — the Auth emulator accepts
 * unsigned tokens. CONSOLE_EMULATOR_HOST=0.0.0.0 (or an address of this machine) opens them on
 * purpose, e.g. to try the console from a phone on the same network.
 */
export const EMULATOR_LISTEN_HOST = process.env.CONSOLE_EMULATOR_HOST || null;
const NETWORK_EMULATORS = ['auth', 'firestore', 'storage', 'hosting'];

/**
 * The console's Content-Security-Policy as the local stack serves it: firebase.json's (the
 * production policy, README 'Hosting headers') with this stack's own origins added where the
 * browser reaches them directly — the Auth, Firestore and Storage emulators, and the sandboxes
 * (Bunny's player, thumbnails and TUS endpoint) — on the shifted ports. Production never lists them.
 * @param {string} policy
 * @param {Record<string, string>} [sandboxUrls]
 */
export function localContentSecurityPolicy(policy, sandboxUrls = {}) {
  const hosts = ['localhost', '127.0.0.1'];
  // Opened to the network: the page's host is then this machine's address, unknown here.
  if (EMULATOR_LISTEN_HOST && !hosts.includes(EMULATOR_LISTEN_HOST)) hosts.push('*');
  const emulatorOrigins = ['auth', 'firestore', 'storage'].flatMap((name) => hosts.map((host) => `http://${host}:${ports[name]}`));
  const sandboxOrigins = [...new Set(Object.values(sandboxUrls).map((url) => new URL(url).origin))];
  const storageOrigins = hosts.map((host) => `http://${host}:${ports.storage}`);
  /** @type {Record<string, string[]>} */
  const extra = {
    'connect-src': [...emulatorOrigins, ...sandboxOrigins],
    'img-src': [...storageOrigins, ...sandboxOrigins],
    'media-src': [...storageOrigins, ...sandboxOrigins],
    'frame-src': sandboxOrigins,
  };
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const name = directive.split(/\s+/)[0];
      return extra[name]?.length ? `${directive} ${extra[name].join(' ')}` : directive;
    })
    .join('; ');
}

/**
 * The firebase.json the emulators run with, written beside it: ports shifted by the offset,
 * the listen host when CONSOLE_EMULATOR_HOST asks for another one, and the local origins in the
 * Content-Security-Policy. `sandboxUrls`: the started sandboxes by name.
 * @param {{ sandboxUrls?: Record<string, string> }} [options]
 */
export function emulatorConfigFile({ sandboxUrls = {} } = {}) {
  const shifted = structuredClone(firebaseJson);
  for (const [name, value] of Object.entries(shifted.emulators)) {
    if (value?.port) value.port = shift(value.port);
    if (value?.websocketPort) value.websocketPort = shift(value.websocketPort);
    if (EMULATOR_LISTEN_HOST && NETWORK_EMULATORS.includes(name)) value.host = EMULATOR_LISTEN_HOST;
  }
  shifted.hosting.public = WEB_DIST;
  for (const rule of shifted.hosting.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key === 'Content-Security-Policy') header.value = localContentSecurityPolicy(header.value, sandboxUrls);
    }
  }
  // Relative paths in it (rules, functions source, public folder) resolve against its folder.
  const file = join(ROOT, `firebase.offset-${PORT_OFFSET}.json`);
  writeFileSync(file, JSON.stringify(shifted, null, 2));
  return file;
}
/**
 * Where the emulators keep their data between runs (export on exit, import on start);
 * CONSOLE_STATE_DIR names another folder (a test of `npm start` itself).
 */
export const STATE_DIR = process.env.CONSOLE_STATE_DIR || join(ROOT, '.emulator-state');
export const SEED_DIR = join(ROOT, 'emulator-data', 'seed');
export const CACHE_DIR = join(ROOT, '.cache');
/** The web build's source maps and Vite manifest (`.vite/manifest.json`), kept out of what Hosting serves. */
export const WEB_BUILD_INFO_DIR = join(CACHE_DIR, 'sourcemaps', PORT_OFFSET ? `web-${PORT_OFFSET}` : 'web');
