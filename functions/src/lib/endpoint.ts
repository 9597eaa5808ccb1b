import type { z } from 'zod';
import type { Caller } from './caller.js';

/**
 * One HTTP endpoint: its method and path pattern (`:name` segments), who may call it, the zod
 * schemas of its query and body, and the handler. One file per endpoint under src/http/.
 */
export interface Endpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** 'public': no token; 'user': a valid token; 'project': a token with access to `?project=`. */
  access: 'public' | 'user' | 'project';
  query?: Q;
  body?: B;
  handle(request: EndpointRequest<z.infer<Q>, z.infer<B>>): Promise<unknown>;
}

export interface EndpointRequest<Q, B> {
  params: Record<string, string>;
  query: Q;
  body: B;
  caller: Caller | null;
  /** Set when access is 'project'. */
  project: string | null;
  /** Origin the browser called (scheme://host), null when dispatched in-process. */
  origin: string | null;
  /** The body's bytes as received (webhook signatures), null when dispatched in-process. */
  rawBody: Buffer | null;
  /** A request header (lower-case name), undefined when absent or dispatched in-process. */
  header(name: string): string | undefined;
}

/**
 * An answer that is not the default JSON: a plain-text body (Meta's webhook handshake echoes
 * hub.challenge), a redirect (an OAuth callback), or extra headers (a cookie).
 */
export class RawAnswer {
  constructor(
    readonly body: string,
    readonly init: { status?: number; contentType?: string; headers?: Record<string, string | string[]> } = {},
  ) {}
  static redirect(location: string, headers: Record<string, string | string[]> = {}): RawAnswer {
    return new RawAnswer('', { status: 302, headers: { ...headers, location } });
  }
  static json(body: unknown, headers: Record<string, string | string[]> = {}): RawAnswer {
    return new RawAnswer(JSON.stringify(body), { contentType: 'application/json; charset=utf-8', headers });
  }
}

export function defineEndpoint<Q extends z.ZodType, B extends z.ZodType>(endpoint: Endpoint<Q, B>) {
  return endpoint;
}
