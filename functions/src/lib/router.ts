import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { z } from 'zod';
import { ApiError, notFound } from './api-error.js';
import { requireProjectAccess, verifyCaller } from './caller.js';
import type { Endpoint } from './endpoint.js';
import { logApiError } from './logs.js';

interface CompiledRoute {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
}

function compile(endpoint: Endpoint): CompiledRoute {
  const names: string[] = [];
  const source = endpoint.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { endpoint, pattern: new RegExp(`^${source}/?$`), names };
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Requisição inválida.';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `Requisição inválida: ${where}${issue.message}`;
}

/** Dispatches a request to the matching endpoint and answers JSON; every error is `{ error }`. */
export function createRouter(endpoints: Endpoint[]) {
  const routes = endpoints.map(compile);
  return async function route(req: Request, res: Response): Promise<void> {
    try {
      const path = req.path;
      const matching = routes.filter((r) => r.pattern.test(path));
      if (matching.length === 0) throw notFound('Endereço');
      const compiled = matching.find((r) => r.endpoint.method === req.method);
      if (!compiled) {
        res.set('Allow', matching.map((r) => r.endpoint.method).join(', '));
        throw new ApiError(405, 'Método não permitido.');
      }
      const { endpoint, pattern, names } = compiled;
      const values = pattern.exec(path)!.slice(1);
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i]!)]));

      const caller = endpoint.access === 'public' ? null : await verifyCaller(req.get('authorization'));
      const project = endpoint.access === 'project' ? requireProjectAccess(caller!, req.query.project) : null;

      const query = endpoint.query ? endpoint.query.safeParse(req.query) : { success: true as const, data: req.query };
      if (!query.success) throw new ApiError(400, firstIssue(query.error));
      const body = endpoint.body ? endpoint.body.safeParse(req.body ?? {}) : { success: true as const, data: undefined };
      if (!body.success) throw new ApiError(400, firstIssue(body.error));

      const result = await endpoint.handle({ params, query: query.data, body: body.data, caller, project });
      res.status(200).json(result ?? { ok: true });
    } catch (error) {
      if (error instanceof ApiError) {
        res.status(error.status).json({ error: error.message });
        return;
      }
      logApiError(req.method, req.path, error);
      res.status(500).json({ error: 'Erro interno. Tente novamente em instantes.' });
    }
  };
}
