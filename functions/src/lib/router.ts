// firebase-functions re-exports express' Response type: express itself is not our dependency.
import type { Request, Response } from 'firebase-functions/v2/https';
import { z } from 'zod';
import { createEndpointMatcher, isAdmin, needsProject, type AnyEndpoint } from '@console/shared';
import { ApiError, notFound } from './api-error.js';
import { requireProjectAccess, verifyCaller, type Caller } from './caller.js';
import { JsonWithHeaders, RawResponse, type ServedEndpoint } from './endpoint.js';
import { apiRequestFailed } from './logs.js';

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Requisição inválida.';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `Requisição inválida: ${where}${issue.message}`;
}

/** A path param's refusal names no field: the message says what the segment should be. */
function paramIssue(error: z.ZodError): string {
  return `Requisição inválida: ${error.issues[0]?.message ?? 'endereço inválido'}.`;
}

/** A request as the router sees it, whether it came over HTTP or from the task queue. */
interface RouteRequest {
  query: Record<string, unknown>;
  body: unknown;
  /** The caller for access 'user'/'project', resolved only once the endpoint is known. */
  caller: () => Promise<Caller>;
  origin: string | null;
  rawBody?: Buffer | null;
  header?: (name: string) => string | undefined;
  signal?: AbortSignal | null;
}

/** A request the router refuses before any endpoint runs; 405 carries the methods the path allows. */
class RouteError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly allow: string | null = null,
  ) {
    super(status, message);
  }
}

/** Finds the served endpoint of a method and path; throws 404, 405 (with Allow) or 400 otherwise. */
function compileRoutes(endpoints: readonly ServedEndpoint[]) {
  const served = new Map<AnyEndpoint, ServedEndpoint>(endpoints.map((e) => [e.contract, e]));
  const matcher = createEndpointMatcher(endpoints.map((e) => e.contract));
  return function match(method: string, path: string): { served: ServedEndpoint; params: Record<string, string> } {
    const found = matcher.matchPath(method, path);
    if (found.ok) {
      const endpoint = served.get(found.endpoint);
      if (endpoint) return { served: endpoint, params: found.params };
    } else if (found.reason === 'encoding') {
      throw new RouteError(400, 'Requisição inválida: endereço mal codificado.');
    } else if (found.reason === 'method') {
      throw new RouteError(405, 'Método não permitido.', found.allow);
    }
    throw notFound('Endereço');
  };
}

/** Access, then query and body, then path params, each parsed with the descriptor's schema; then the handler. */
async function invoke({ contract, handle }: ServedEndpoint, rawParams: Record<string, string>, request: RouteRequest): Promise<unknown> {
  const caller = contract.access === 'public' ? null : await request.caller();
  const project = caller && needsProject(contract) ? requireProjectAccess(caller, request.query.project) : null;
  if (contract.access === 'admin' && !isAdmin(caller?.claims ?? null)) throw new ApiError(403, contract.refusal ?? 'Somente administradores.');

  const query = contract.query ? contract.query.safeParse(request.query) : { success: true as const, data: {} };
  if (!query.success) throw new ApiError(400, firstIssue(query.error));
  const body = contract.body ? contract.body.safeParse(request.body ?? {}) : { success: true as const, data: undefined };
  if (!body.success) throw new ApiError(400, firstIssue(body.error));
  const params = contract.params ? contract.params.safeParse(rawParams) : { success: true as const, data: rawParams };
  if (!params.success) throw new ApiError(400, paramIssue(params.error));

  return handle({
    params: params.data,
    query: query.data,
    body: body.data,
    caller,
    project,
    origin: request.origin,
    rawBody: request.rawBody ?? null,
    header: request.header ?? (() => undefined),
    signal: request.signal ?? null,
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
export function createRouter(endpoints: readonly ServedEndpoint[]) {
  const match = compileRoutes(endpoints);
  return async function route(req: Request, res: Response): Promise<void> {
    // The caller closing the connection before the answer (a stop button, a closed tab) aborts
    // what the handler waits for (a model call), instead of paying for an answer nobody reads.
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    try {
      const found = match(req.method, req.path);
      const result = await invoke(found.served, found.params, {
        signal: gone.signal,
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
      if (result instanceof JsonWithHeaders) {
        res.status(200).set(result.headers).json(result.value);
        return;
      }
      res.status(200).json(result ?? { ok: true });
    } catch (error) {
      if (error instanceof RouteError && error.allow) res.set('Allow', error.allow);
      if (error instanceof ApiError) {
        res.status(error.status).json({ ...error.extra, error: error.message });
        return;
      }
      apiRequestFailed(req.method, req.path, error);
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
export function createInternalDispatcher(endpoints: readonly ServedEndpoint[]) {
  const match = compileRoutes(endpoints);
  return async function dispatchInternal(method: string, url: string, caller: Caller): Promise<InternalAnswer> {
    const parsed = new URL(url, 'http://internal');
    try {
      const found = match(method, parsed.pathname);
      const result = await invoke(found.served, found.params, {
        query: Object.fromEntries(parsed.searchParams),
        body: undefined,
        caller: async () => caller,
        origin: null,
      });
      return { status: 200, body: result ?? { ok: true } };
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, body: { ...error.extra, error: error.message } };
      apiRequestFailed(method, parsed.pathname, error);
      return { status: 500, body: { error: 'Erro interno. Tente novamente em instantes.' } };
    }
  };
}
