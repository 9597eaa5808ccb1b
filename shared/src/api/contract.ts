import { z } from 'zod';

/**
 * Endpoint contracts: one descriptor per endpoint, declared here and used by both sides — the
 * functions' router serves it (functions/src/lib/endpoint.ts `serve`), the web calls it
 * (web/src/lib/api.ts `callApi`), and the sync queue accepts exactly the URLs its worker
 * descriptors build. The shape follows ts-rest's contracts (method, `:name` path, zod schemas of
 * the path params, query, body and answer, non-JSON answers declared as such), kept to what this
 * API needs: no framework, one builder and one matcher.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. 'public': no token (webhooks, e-mail links, pages a browser opens);
 * 'user': a valid Firebase ID token; 'project': a token whose claims reach the `?project=` the URL
 * names; 'admin': 'project' and the admin role.
 */
export type EndpointAccess = 'public' | 'user' | 'project' | 'admin';

/** An answer that is not JSON: an HTML page, plain text, or a redirect (a browser navigates to these). */
export interface OtherAnswer {
  kind: 'html' | 'text' | 'redirect';
}
export const htmlAnswer: OtherAnswer = { kind: 'html' };
export const textAnswer: OtherAnswer = { kind: 'text' };
export const redirectAnswer: OtherAnswer = { kind: 'redirect' };

/** Path params arrive as decoded strings; their schema may check and transform them. */
type ParamsSchema = z.ZodType<Record<string, unknown>, Record<string, string>>;
/** A query's input is what the URL carries: each key one value (undefined values are left out). */
type QuerySchema = z.ZodType<unknown, Record<string, unknown>>;

export interface EndpointSpec {
  method: HttpMethod;
  /** `/api/...` with `:name` segments for the path params. */
  path: string;
  access: EndpointAccess;
  params?: ParamsSchema;
  /** Without the `project` of 'project'/'admin' access: the router checks that one itself. */
  query?: QuerySchema;
  body?: z.ZodType;
  answer: z.ZodType | OtherAnswer;
  /** 'admin' access: the 403 message for a caller who is not an admin. */
  refusal?: string;
}

type SchemaOf<E, K extends string> = E extends { [key in K]: infer S extends z.ZodType } ? S : undefined;

type ParamsInput<E> = SchemaOf<E, 'params'> extends z.ZodType ? { params: z.input<SchemaOf<E, 'params'>> } : { params?: undefined };
type QueryInput<E> =
  SchemaOf<E, 'query'> extends z.ZodType
    ? object extends z.input<SchemaOf<E, 'query'>>
      ? { query?: z.input<SchemaOf<E, 'query'>> }
      : { query: z.input<SchemaOf<E, 'query'>> }
    : { query?: undefined };
type ProjectInput<E> = E extends { access: 'project' | 'admin' } ? { project: string } : { project?: undefined };
type BodyInput<E> = SchemaOf<E, 'body'> extends z.ZodType ? { body: z.input<SchemaOf<E, 'body'>> } : { body?: undefined };

/** What builds an endpoint's URL: its path params, query and (for project access) the project. */
export type UrlInput<E> = ParamsInput<E> & QueryInput<E> & ProjectInput<E>;
/** What a call sends: the URL's parts and the body. */
export type CallInput<E> = UrlInput<E> & BodyInput<E>;

/** The parsed parts of a request, as a handler receives them. */
export type ParamsOf<E> = SchemaOf<E, 'params'> extends z.ZodType ? z.output<SchemaOf<E, 'params'>> : Record<string, never>;
export type QueryOf<E> = SchemaOf<E, 'query'> extends z.ZodType ? z.output<SchemaOf<E, 'query'>> : Record<string, never>;
export type BodyOf<E> = SchemaOf<E, 'body'> extends z.ZodType ? z.output<SchemaOf<E, 'body'>> : undefined;

/** The answer as the caller reads it (parsed), and as the server writes it. */
export type AnswerOf<E> = E extends { answer: infer A extends z.ZodType } ? z.output<A> : string;
export type AnswerInputOf<E> = E extends { answer: infer A extends z.ZodType } ? z.input<A> : never;

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** The endpoint's URL (path and query, no origin): path params encoded, query serialised. */
  url(input: UrlInput<S>): string;
};

/** Any descriptor, whatever its schemas (lists, the router, the matcher). */
export type AnyEndpoint = EndpointSpec & { url(input: never): string };

/** Declares an endpoint: the spec as written (its literal types kept) and its URL builder. */
export function defineEndpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  return { ...spec, url: (input: UrlInput<S>) => buildEndpointUrl(spec, input as LooseUrlInput) };
}

interface LooseUrlInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  project?: string;
}

/**
 * Path with each `:name` replaced by its encoded value, then `project` and the query's defined
 * values, in the order given. ('.' and '..' cannot be path params: URL parsers drop dot segments.)
 */
export function buildEndpointUrl(spec: Pick<EndpointSpec, 'path'>, input: LooseUrlInput): string {
  const path = spec.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(String(input.params?.[segment.slice(1)] ?? '')) : segment))
    .join('/');
  const search = new URLSearchParams();
  if (input.project !== undefined) search.set('project', input.project);
  for (const [key, value] of Object.entries(input.query ?? {})) if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether an endpoint's access needs `?project=` checked against the caller's claims. */
export const needsProject = (endpoint: Pick<EndpointSpec, 'access'>) => endpoint.access === 'project' || endpoint.access === 'admin';

/** How a path was matched: the endpoint with its raw (decoded) params, or why none. */
export type PathMatch<E extends AnyEndpoint> =
  | { ok: true; endpoint: E; params: Record<string, string> }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'method'; allow: string }
  | { ok: false; reason: 'encoding' };

/** A URL parsed with its endpoint's schemas. */
export interface UrlMatch<E extends AnyEndpoint> {
  endpoint: E;
  params: Record<string, unknown>;
  query: unknown;
  /** The `?project=` of 'project'/'admin' access (not checked here), else null. */
  project: string | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile<E extends AnyEndpoint>(endpoint: E) {
  const names: string[] = [];
  const source = endpoint.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escapeRegExp(segment);
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { endpoint, pattern: new RegExp(`^${source}/?$`), names };
}

/** The query of a URL as the router sees it: one value per key (the last one). */
export const queryObject = (search: URLSearchParams): Record<string, string> => Object.fromEntries(search);

/**
 * Finds endpoints by method and path (`matchPath`), or parses a whole URL with the endpoint's
 * schemas (`matchUrl`): the inverse of each descriptor's `url()`.
 */
export function createEndpointMatcher<E extends AnyEndpoint>(endpoints: readonly E[]) {
  const routes = endpoints.map(compile);

  function matchPath(method: string, path: string): PathMatch<E> {
    const matching = routes.filter((r) => r.pattern.test(path));
    if (matching.length === 0) return { ok: false, reason: 'not-found' };
    const route = matching.find((r) => r.endpoint.method === method);
    if (!route) return { ok: false, reason: 'method', allow: matching.map((r) => r.endpoint.method).join(', ') };
    const values = route.pattern.exec(path)?.slice(1) ?? [];
    try {
      // A malformed escape (%E0%A4%A) is the client's mistake.
      return { ok: true, endpoint: route.endpoint, params: Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')])) };
    } catch {
      return { ok: false, reason: 'encoding' };
    }
  }

  /** The endpoint a URL (path and query; an origin is ignored) calls, parsed; null when none or invalid. */
  function matchUrl(method: string, url: string): UrlMatch<E> | null {
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://relative.invalid');
    } catch {
      return null;
    }
    const found = matchPath(method, parsed.pathname);
    if (!found.ok) return null;
    const { endpoint } = found;
    const projects = parsed.searchParams.getAll('project');
    if (needsProject(endpoint) && projects.length !== 1) return null;
    const params = endpoint.params ? endpoint.params.safeParse(found.params) : { success: true as const, data: found.params };
    const query = endpoint.query ? endpoint.query.safeParse(queryObject(parsed.searchParams)) : { success: true as const, data: {} };
    if (!params.success || !query.success) return null;
    return { endpoint, params: params.data, query: query.data, project: needsProject(endpoint) ? (projects[0] ?? null) : null };
  }

  return { matchPath, matchUrl };
}
