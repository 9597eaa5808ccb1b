import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { z } from 'zod';
import { ApiError, notFound } from './api-error.js';
import { requireProjectAccess, verifyCaller, type Caller } from './caller.js';
import { RawResponse, type Endpoint } from './endpoint.js';
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

/** A request as the router sees it, whether it came over HTTP or from the task queue. */
interface RouteRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  /** The caller for access 'user'/'project', resolved only once the endpoint is known. */
  caller: () => Promise<Caller>;
  origin: string | null;
  rawBody?: Buffer | null;
  header?: (name: string) => string | undefined;
}

function match(routes: CompiledRoute[], method: string, path: string) {
  const matching = routes.filter((r) => r.pattern.test(path));
  if (matching.length === 0) return { error: notFound('Endereço'), allow: null };
  const compiled = matching.find((r) => r.endpoint.method === method);
  if (!compiled) return { error: new ApiError(405, 'Método não permitido.'), allow: matching.map((r) => r.endpoint.method).join(', ') };
  const values = compiled.pattern.exec(path)!.slice(1);
  // A malformed escape (%E0%A4%A) is the client's mistake, not a server error.
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(compiled.names.map((name, i) => [name, decodeURIComponent(values[i]!)]));
  } catch {
    return { error: new ApiError(400, 'Requisição inválida: endereço mal codificado.'), allow: null };
  }
  return { compiled, params };
}

async function invoke({ endpoint }: CompiledRoute, params: Record<string, string>, request: RouteRequest): Promise<unknown> {
  const caller = endpoint.access === 'public' ? null : await request.caller();
  const project = endpoint.access === 'project' ? requireProjectAccess(caller!, request.query.project) : null;

  const query = endpoint.query ? endpoint.query.safeParse(request.query) : { success: true as const, data: request.query };
  if (!query.success) throw new ApiError(400, firstIssue(query.error));
  const body = endpoint.body ? endpoint.body.safeParse(request.body ?? {}) : { success: true as const, data: undefined };
  if (!body.success) throw new ApiError(400, firstIssue(body.error));

  return endpoint.handle({
    params,
    query: query.data,
    body: body.data,
    caller,
    project,
    origin: request.origin,
    rawBody: request.rawBody ?? null,
    header: request.header ?? (() => undefined),
  });
}

/** The origin the browser called (Hosting forwards its own host), to recognise our own URLs. */
function requestOrigin(req: Request): string | null {
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host');
  if (!host) return null;
  const proto = req.get('x-forwarded-proto')?.split(',')[0]?.trim() || req.protocol || 'https';
  return `${proto}://${host}`;
}

/** Dispatches a request to the matching endpoint and answers JSON; every error is `{ error }`. */
export function createRouter(endpoints: Endpoint[]) {
  const routes = endpoints.map(compile);
  return async function route(req: Request, res: Response): Promise<void> {
    try {
      const found = match(routes, req.method, req.path);
      if (!found.compiled) {
        if (found.allow) res.set('Allow', found.allow);
        throw found.error;
      }
      const result = await invoke(found.compiled, found.params, {
        method: req.method,
        path: req.path,
        query: req.query as Record<string, unknown>,
        body: req.body,
        caller: () => verifyCaller(req.get('authorization')),
        origin: requestOrigin(req),
        rawBody: (req as { rawBody?: Buffer }).rawBody ?? null,
        header: (name) => req.get(name),
      });
      if (result instanceof RawResponse) {
        res.status(result.status).set(result.headers).send(result.body);
        return;
      }
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

export interface InternalAnswer {
  status: number;
  body: unknown;
}

/**
 * Runs an endpoint in-process for a caller already identified (the task queue runs a URL as the
 * user who enqueued it: there is no ID token to send over HTTP). Same matching, access checks and
 * parsing as over HTTP; answers what HTTP would have answered.
 */
export function createInternalDispatcher(endpoints: Endpoint[]) {
  const routes = endpoints.map(compile);
  return async function dispatchInternal(method: string, url: string, caller: Caller): Promise<InternalAnswer> {
    const parsed = new URL(url, 'http://internal');
    try {
      const found = match(routes, method, parsed.pathname);
      if (!found.compiled) throw found.error;
      const result = await invoke(found.compiled, found.params, {
        method,
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        body: undefined,
        caller: async () => caller,
        origin: null,
      });
      return { status: 200, body: result ?? { ok: true } };
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, body: { error: error.message } };
      logApiError(method, parsed.pathname, error);
      return { status: 500, body: { error: 'Erro interno. Tente novamente em instantes.' } };
    }
  };
}

/** Whether `path` is served by one of `endpoints` with `method` (for checking queued URLs). */
export function createPathMatcher(endpoints: Endpoint[]) {
  const routes = endpoints.map(compile);
  return (method: string, path: string): boolean => Boolean(match(routes, method, path).compiled);
}
