import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** @typedef {{ emulators: Record<string, { host: string, port?: number, websocketPort?: number }>, hosting: { headers: { headers: { key: string, value: string }[] }[] } }} FirebaseJson */

// The emulator configuration a stack runs with, written by a fresh process for a given environment.
/**
 * @param {Record<string, string>} env
 * @returns {FirebaseJson}
 */
function emulatorConfig(env) {
  const script = `const m = await import('./scripts/lib/config.mjs'); console.log(m.emulatorConfigFile({ sandboxUrls: { 'bunny-stream': 'http://127.0.0.1:7290' } }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, ...env } });
  expect(run.stderr).toBe('');
  const file = run.stdout.trim();
  const config = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file);
  return config;
}

describe('the emulator configuration', () => {
  it('keeps Auth, Firestore, Storage and Hosting on loopback unless CONSOLE_EMULATOR_HOST asks otherwise', () => {
    const local = emulatorConfig({ CONSOLE_PORT_OFFSET: '71', CONSOLE_EMULATOR_HOST: '' });
    for (const name of ['auth', 'firestore', 'storage', 'hosting', 'functions', 'tasks', 'hub']) expect(local.emulators[name].host, name).toBe('127.0.0.1');
    const open = emulatorConfig({ CONSOLE_PORT_OFFSET: '71', CONSOLE_EMULATOR_HOST: '0.0.0.0' });
    for (const name of ['auth', 'firestore', 'storage', 'hosting']) expect(open.emulators[name].host, name).toBe('0.0.0.0');
    expect(open.emulators.functions.host).toBe('127.0.0.1');
  });

  it('shifts the port of every emulator a stack listens on, Eventarc too, so two stacks never reach for one port', () => {
    // firebase-tools starts Eventarc beside Functions on its default port (9299) when firebase.json
    // names none: two lanes starting at once both took 9299 and one exited (EADDRINUSE).
    /** @type {FirebaseJson} */
    const base = JSON.parse(readFileSync('firebase.json', 'utf8'));
    const shifted = emulatorConfig({ CONSOLE_PORT_OFFSET: '71', CONSOLE_EMULATOR_HOST: '' });
    for (const name of ['hub', 'logging', 'auth', 'functions', 'firestore', 'storage', 'tasks', 'eventarc', 'hosting']) {
      expect(base.emulators[name]?.port, name).toBeGreaterThan(0);
      expect(shifted.emulators[name]?.port, name).toBe(Number(base.emulators[name]?.port) + 71);
    }
    expect(shifted.emulators.firestore?.websocketPort).toBe(Number(base.emulators.firestore?.websocketPort) + 71);
  });

  it("adds the stack's own origins, on its ports, to the console's Content-Security-Policy", () => {
    const config = emulatorConfig({ CONSOLE_PORT_OFFSET: '71', CONSOLE_EMULATOR_HOST: '' });
    const policy = config.hosting.headers.flatMap((h) => h.headers).find((h) => h.key === 'Content-Security-Policy')?.value ?? '';
    const connect = policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));
    expect(connect).toContain(`http://localhost:${9099 + 71}`);
    expect(connect).toContain(`http://127.0.0.1:${8080 + 71}`);
    expect(connect).toContain('http://127.0.0.1:7290');
    expect(
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('frame-src')),
    ).toContain('http://127.0.0.1:7290');
    expect(policy).toContain("frame-ancestors 'self'");
    /** @type {FirebaseJson} */
    const productionConfig = JSON.parse(readFileSync('firebase.json', 'utf8'));
    const production = productionConfig.hosting.headers.flatMap((h) => h.headers).find((h) => h.key === 'Content-Security-Policy')?.value;
    expect(production).not.toMatch(/localhost|127\.0\.0\.1/);
  });
});
