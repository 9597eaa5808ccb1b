import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { answerBodyErrorsAsJson } from './body-errors.js';

// answerBodyErrorsAsJson leans on an Express internal (express/lib/application.js found through
// require.cache, its `handle`, and Express's finalhandler): no runtime lets a function add an error
// handler to its own Express app (functions-framework-nodejs#686). This pins that internal on the
// Express the emulator's runtime loads (firebase-tools'): when Express moves it, this fails.
const runtimeRequire = createRequire(createRequire(import.meta.url).resolve('firebase-tools/package.json'));
type Express = ((...args: never[]) => unknown) & { json: () => unknown };
const express = runtimeRequire('express') as Express;
const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

describe('a body that does not parse, on the runtime’s Express', () => {
  it('finds the Express application module and answers JSON in Portuguese with the parser’s status', async () => {
    expect(runtimeRequire.resolve('express/lib/application.js')).toMatch(/express[\\/]lib[\\/]application\.js$/);
    // Express is loaded above, as the runtime loads it before the function module: patched then (api.ts).
    expect(answerBodyErrorsAsJson()).toBeGreaterThanOrEqual(1);
    const app = (
      express as unknown as () => {
        use(h: unknown): void;
        post(p: string, h: (req: unknown, res: { json(b: unknown): void }) => void): void;
        listen(port: number): Server;
      }
    )();
    app.use(express.json());
    app.post('/', (_req, res) => res.json({ ok: true }));
    const server = app.listen(0);
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const bad = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await bad.json()).toEqual({ error: 'Requisição inválida: o corpo deve ser um objeto JSON válido.' });

    // Anything else still reaches the app.
    const good = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await good.json()).toEqual({ ok: true });
  });
});
