import { beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@console/shared';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';

let staffMainCookstore: string;
let staffCdlbox: string;
let admin: string;

beforeAll(async () => {
  [staffMainCookstore, staffCdlbox, admin] = await Promise.all([
    idToken(seedUser('staff', ['main', 'cookstore'])),
    idToken(seedUser('staff', ['cdlbox'])),
    idToken(seedUser('admin')),
  ]);
});

describe('the HTTP API behind /api/**', () => {
  it('answers the health check without a token', async () => {
    const { status, json } = await api('/api/health');
    expect(status).toBe(200);
    expect(json.ok).toBe(true);
  });

  it('refuses a request without a token with a JSON error', async () => {
    const { status, json } = await api('/api/console/me');
    expect(status).toBe(401);
    expect(json.error).toBe('Autenticação necessária.');
  });

  it('refuses a forged token', async () => {
    const { status, json } = await api('/api/console/me', { token: 'not-a-real-token' });
    expect(status).toBe(401);
    expect(json.error).toMatch(/Sessão inválida/);
  });

  it('lists only the projects a staff user may open', async () => {
    const { status, json } = await api('/api/console/me', { token: staffMainCookstore });
    expect(status).toBe(200);
    expect(json.role).toBe('staff');
    expect(json.projects.map((p: { id: string }) => p.id).sort()).toEqual(['cookstore', 'main']);
  });

  it('lists every project for an admin', async () => {
    const { json } = await api('/api/console/me', { token: admin });
    expect(json.projects.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['main', 'cookstore', 'cdlbox']));
  });

  it('checks the caller may access the project the request names', async () => {
    const allowed = await api('/api/console/project?project=main', { token: staffMainCookstore });
    expect(allowed.status).toBe(200);
    expect(allowed.json.id).toBe('main');

    const denied = await api('/api/console/project?project=main', { token: staffCdlbox });
    expect(denied.status).toBe(403);
    expect(denied.json.error).toBe('Sem acesso ao projeto main.');
  });

  it('parses the project parameter', async () => {
    const missing = await api('/api/console/project', { token: admin });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/project/);
    const invalid = await api('/api/console/project?project=..%2Fx', { token: admin });
    expect(invalid.status).toBe(400);
  });

  it('answers unknown paths and methods with JSON errors', async () => {
    const unknown = await api('/api/nothing-here', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatch(/não encontrado/);
    const wrongMethod = await api('/api/health', { method: 'POST', body: '{}' });
    expect(wrongMethod.status).toBe(405);
  });
});

/** Every POST route (the contracts the functions serve, functions/src/http/index.test.ts): its path, `:params` filled in. */
function postRoutes(): string[] {
  return API_ENDPOINTS.filter((endpoint) => endpoint.method === 'POST').map((endpoint) => endpoint.path.replace(/:[A-Za-z]+/g, 'x'));
}

const ENGLISH = /\b(expected|received|invalid input|required|too (small|big))\b/i;

describe('bodies that are not a JSON object', () => {
  const routes = postRoutes();
  it('finds the POST routes', () => {
    expect(routes).toEqual(expect.arrayContaining(['/api/console/files/permissions', '/api/console/queue/tasks']));
  });

  it.each(routes)('%s answers 400 JSON {error} in Portuguese for malformed JSON, null or a bare string, with or without a token', async (path) => {
    for (const body of ['{"id": "x",', 'null', '"texto"', '{oops}']) {
      for (const token of [undefined, admin]) {
        const res = await api(`${path}?project=main`, { method: 'POST', token, body, headers: { 'content-type': 'application/json' } });
        expect([body, res.status, res.headers.get('content-type')]).toEqual([body, 400, expect.stringMatching(/^application\/json/)]);
        expect(res.json.error).toBe('Requisição inválida: o corpo deve ser um objeto JSON válido.');
      }
    }
  });

  it('a body of the wrong shape is refused in Portuguese, naming the field', async () => {
    const res = await api('/api/console/files/permissions?project=main', { method: 'POST', token: admin, body: JSON.stringify({ id: 5, isPublic: 'sim' }) });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/^Requisição inválida: id: Entrada inválida: esperava um texto, recebeu um número/);
    expect(res.json.error).not.toMatch(ENGLISH);
  });
});
