import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { defineEndpoint } from '@console/shared';
import type { Caller } from './caller.js';
import { serve } from './endpoint.js';
import { createInternalDispatcher } from './router.js';

const noteEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/test/notes/:code',
  access: 'project',
  params: z.object({ code: z.string().regex(/^\d+$/, 'código inválido') }),
  query: z.object({ page: z.coerce.number().int().min(1).default(1) }),
  answer: z.object({ project: z.string(), uid: z.string(), code: z.string(), page: z.number() }),
});
const settingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/test/setting',
  access: 'admin',
  refusal: 'Somente administradores podem mudar isto.',
  answer: z.object({ ok: z.literal(true) }),
});

const dispatch = createInternalDispatcher([
  // Access 'project': project and caller are set, no `!` needed.
  serve(noteEndpoint, async ({ params, query, project, caller }) => ({ project, uid: caller.uid, code: params.code, page: query.page })),
  serve(settingEndpoint, async () => ({ ok: true as const })),
]);

const caller = (role: 'admin' | 'staff', projects: string[] = []): Caller => ({
  uid: `u-${role}`,
  email: null,
  token: {} as DecodedIdToken,
  claims: { role, projects },
});

describe('the router', () => {
  it("parses params and query with the descriptor's schemas and hands the handler the checked project", async () => {
    expect(await dispatch('GET', '/api/test/notes/12?project=main&page=3', caller('staff', ['main']))).toEqual({
      status: 200,
      body: { project: 'main', uid: 'u-staff', code: '12', page: 3 },
    });
  });

  it('answers the same refusals as before: project, access, query, path params, unknown paths and methods', async () => {
    const staff = caller('staff', ['main']);
    expect(await dispatch('GET', '/api/test/notes/12', staff)).toEqual({ status: 400, body: { error: 'Parâmetro project ausente ou inválido.' } });
    expect(await dispatch('GET', '/api/test/notes/12?project=other', staff)).toEqual({ status: 403, body: { error: 'Sem acesso ao projeto other.' } });
    expect((await dispatch('GET', '/api/test/notes/12?project=main&page=0', staff)).body).toEqual({
      error: expect.stringMatching(/^Requisição inválida: page: /),
    });
    expect(await dispatch('GET', '/api/test/notes/x?project=main', staff)).toEqual({ status: 400, body: { error: 'Requisição inválida: código inválido.' } });
    expect(await dispatch('GET', '/api/test/notes/%E0%A4%A?project=main', staff)).toEqual({
      status: 400,
      body: { error: 'Requisição inválida: endereço mal codificado.' },
    });
    expect(await dispatch('POST', '/api/test/notes/12?project=main', staff)).toEqual({ status: 405, body: { error: 'Método não permitido.' } });
    expect(await dispatch('GET', '/api/test/elsewhere', staff)).toEqual({ status: 404, body: { error: 'Endereço não encontrado.' } });
  });

  it("lets only admins through an 'admin' endpoint, with the descriptor's refusal", async () => {
    expect(await dispatch('GET', '/api/test/setting?project=main', caller('staff', ['main']))).toEqual({
      status: 403,
      body: { error: 'Somente administradores podem mudar isto.' },
    });
    expect(await dispatch('GET', '/api/test/setting?project=main', caller('admin'))).toEqual({ status: 200, body: { ok: true } });
  });
});
