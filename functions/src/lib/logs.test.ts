import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { logger } from 'firebase-functions';
import { apiRequestFailed, logEvent, maskCredentials, maskFields } from './logs.js';

// What the logs print, as firebase-functions' logger is handed it (every entry goes through its
// `write`). Spying on `write` holds however the test files share a worker: the logger keeps the
// console functions it found when it first loaded, so replacing the console works only for a file
// that loads it first.
const printed: string[] = [];
const write = vi.spyOn(logger, 'write').mockImplementation((entry) => void printed.push(JSON.stringify(entry)));
afterAll(() => write.mockRestore());

/** A credential as upstreams and headers carry it (base64 and token68 characters), with a digit so it is no word of ours. */
const secretArb = fc.stringMatching(/^[A-Za-z0-9._~+/=-]{7,40}$/).map((s) => `${s}7`);
const plainSecretArb = fc.stringMatching(/^[A-Za-z0-9]{7,40}$/).map((s) => `${s}7`);

/** Where credentials turn up in error texts, answers and URLs. */
const contexts: ReadonlyArray<(secret: string) => string> = [
  (s) => `Authorization: Bearer ${s}`,
  (s) => `authorization: ${s}`,
  (s) => `X-Api-Key: ${s}`,
  (s) => `Basic ${s}`,
  (s) => `{"access_token":"${s}","expires_in":3599}`,
  (s) => `{"error":"invalid_client","client_secret": "${s}"}`,
  (s) => `client_secret=${s}&grant_type=refresh_token`,
  (s) => `refresh_token=${s}`,
  (s) => `api_key=${s}`,
  (s) => `senha: ${s}`,
  (s) => `password=${s}`,
  (s) => `https://api.example/v1/items?page=2&token=${s}`,
  (s) => `https://storage.example/o/a.xls?X-Goog-Signature=${s}&X-Goog-Expires=900`,
];

function lastEntry(): Record<string, unknown> {
  return JSON.parse(printed.at(-1) ?? '{}') as Record<string, unknown>;
}

describe('maskCredentials', () => {
  it('never lets a credential through, wherever it sits in the text', () => {
    fc.assert(
      fc.property(secretArb, fc.constantFrom(...contexts), fc.string(), fc.string(), (secret, context, before, after) => {
        fc.pre(!before.includes(secret) && !after.includes(secret));
        expect(maskCredentials(`${before} ${context(secret)} ${after}`)).not.toContain(secret);
      }),
      { numRuns: 500 },
    );
  });

  it('masks the user and password of a URL', () => {
    fc.assert(
      fc.property(plainSecretArb, fc.string(), (secret, before) => {
        fc.pre(!before.includes(secret));
        expect(maskCredentials(`${before}https://user:${secret}@ftp.example/estoque.csv`)).not.toContain(secret);
        expect(maskCredentials(`${before}https://${secret}@api.example/v1`)).not.toContain(secret);
      }),
    );
  });

  it('masks credentials known by their shape alone', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
    const sendgrid = 'SG.abcdefghijkl.mnopqrstuvwxyz0123';
    const openai = 'sk-proj-abcdefghijklmnop';
    expect(maskCredentials(`token rejected: ${jwt}; key ${sendgrid} or ${openai}`)).toBe('token rejected: ***; key *** or ***');
  });

  it('keeps what is not a credential readable', () => {
    const text = 'Bling: tempo esgotado após 10 s (task-1234567890abc) em https://api.example/v3/produtos';
    expect(maskCredentials(text)).toBe(text);
    expect(maskCredentials('https://api.example/v3/produtos?pagina=2')).toBe('https://api.example/v3/produtos?pagina=***');
  });
});

describe('maskFields', () => {
  it('masks credential-named fields whole and strings inside nested values', () => {
    fc.assert(
      fc.property(secretArb, (secret) => {
        const fields = {
          headers: { Authorization: secret, 'x-api-key': secret },
          apiKey: secret,
          attempts: [{ error: new Error(`refused: Bearer ${secret}`) }],
          url: `https://api.example/x?sig=${secret}`,
        };
        expect(JSON.stringify(maskFields(fields))).not.toContain(secret);
      }),
    );
  });
});

describe('logEvent', () => {
  it('prints one structured entry: severity, message and the masked fields', () => {
    logEvent('WARNING', 'upstream retry', { upstream: 'Bling', attempt: 2, reason: 'HTTP 401 {"access_token":"abc123secret"}' });
    expect(lastEntry()).toEqual({ severity: 'WARNING', message: 'upstream retry', upstream: 'Bling', attempt: 2, reason: 'HTTP 401 {"access_token":"***"}' });
  });

  it("the router's failure names the request and the error, masked", () => {
    apiRequestFailed('GET', '/api/console/x', new TypeError('fetch https://u:pw9x@host.example/ failed'));
    expect(lastEntry()).toEqual({
      severity: 'ERROR',
      message: 'api request failed',
      method: 'GET',
      path: '/api/console/x',
      error: 'TypeError: fetch https://***@host.example/ failed',
    });
  });
});

describe('one way to log', () => {
  it("no file but lib/logs.ts calls firebase-functions' logger: every event goes through a feature's named logs", () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const direct = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.ts$/.test(file))
      .filter((file) => /\blogger\b|firebase-functions\/logger|\bconsole\.(log|info|warn|error|debug)\(/.test(readFileSync(join(src, file), 'utf8')))
      .map((file) => relative(src, join(src, file)).replaceAll('\\', '/'));
    // The warehouse server and the backfill are command-line processes of their own: they print to the terminal.
    expect(direct.sort()).toEqual(['customer-warehouse/backfill-main.ts', 'lib/logs.ts', 'warehouse/server-main.ts']);
  });
});
