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
  /** The body's bytes as received (webhook signatures are over these), null in-process. */
  rawBody: Buffer | null;
  /** A request header (lower-case name), undefined in-process. */
  header(name: string): string | undefined;
}

/**
 * An answer that is not JSON (an HTML page, an empty 204): a handler returns one of these and the
 * router sends it as is, with its headers.
 */
export class RawResponse {
  constructor(
    readonly status: number,
    readonly body: string | Buffer,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function defineEndpoint<Q extends z.ZodType, B extends z.ZodType>(endpoint: Endpoint<Q, B>) {
  return endpoint;
}
