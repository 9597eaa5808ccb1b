import { connect } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, WEB_DIST, ports } from '../scripts/lib/config.mjs';
import { CONSOLE_URL } from '../test-support/emulator.js';

// What the console's Hosting answers a browser (headers, no source maps) and who can reach the
// local stack at all, checked on the running stack.

const get = (path: string) => fetch(`${CONSOLE_URL}${path}`, { redirect: 'manual' });

function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Hosting headers (firebase.json)', () => {
  it.each(['/', '/index.html', '/signin', '/console/product/123', '/assets/nao-existe.js'])(
    '%s carries the Content-Security-Policy, frame protection, nosniff and the referrer policy',
    async (path) => {
      const res = await get(path);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // No inline or evaluated script: an injected <script> or handler attribute does not run.
      expect(csp.get('script-src')).toContain("'self'");
      expect(csp.get('script-src')!.some((source) => /unsafe|data:|^\*$|^https?:$/.test(source))).toBe(false);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  it('leaves the API answers their own policy (e-mail previews set theirs) but keeps nosniff and frame protection', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it("lists this stack's emulators for the browser, which production's policy does not name", async () => {
    const csp = directives((await get('/')).headers.get('content-security-policy'));
    for (const name of ['auth', 'firestore', 'storage']) expect(csp.get('connect-src')).toContain(`http://localhost:${ports[name]}`);
    const production = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).hosting.headers.flatMap(
      (h: { headers: { key: string; value: string }[] }) => h.headers,
    );
    const policy = production.find((h: { key: string }) => h.key === 'Content-Security-Policy')!.value as string;
    expect(policy).not.toMatch(/localhost|127\.0\.0\.1|http:/);
  });
});

describe('source maps', () => {
  it('are not served: no sourceMappingURL in the scripts, no .map next to them, none in the folder Hosting serves', async () => {
    const html = await (await get('/')).text();
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await (await get(src)).text();
      expect(script).not.toMatch(/sourceMappingURL/);
      const map = await get(`${src}.map`);
      const body = await map.text();
      expect(body).not.toMatch(/"mappings"/);
    }
    const served = join(ROOT, WEB_DIST);
    expect(existsSync(served)).toBe(true);
    const maps = readdirSync(served, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.map'));
    expect(maps).toEqual([]);
    // And a deploy leaves them out whatever the folder holds.
    expect(JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).hosting.ignore).toContain('**/*.map');
  });
});

/** Whether a TCP connection to host:port opens. */
function opens(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('the local stack on the network', () => {
  it.skipIf(!networkAddress).each(['auth', 'firestore', 'storage', 'hosting'])(
    'the %s emulator answers on loopback only, not on this machine’s network address',
    async (name) => {
      const port = ports[name] as number;
      expect(await opens('127.0.0.1', port)).toBe(true);
      expect(await opens(networkAddress!, port)).toBe(false);
    },
  );
});
