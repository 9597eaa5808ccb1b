import type { AnswerInputOf, AnyEndpoint, BodyOf, EndpointAccess, ParamsOf, QueryOf } from '@console/shared';
import type { Caller } from './caller.js';

/**
 * Serving an endpoint contract (shared/src/api): `serve(descriptor, handler)`, one file per
 * endpoint in its feature folder (auth/, sync/, …). The router parses the path params, query and body with the
 * descriptor's schemas and checks its access before the handler runs, so the handler's request is
 * typed by the descriptor: with access 'project' (or 'admin') `project` and `caller` are set, with
 * 'user' `caller` is.
 */

/** Who calls, as the descriptor's access guarantees it. */
export type AccessOf<A extends EndpointAccess> = A extends 'project' | 'admin'
  ? { caller: Caller; project: string }
  : A extends 'user'
    ? { caller: Caller; project: null }
    : { caller: null; project: null };

interface RequestContext {
  /** Origin the browser called (scheme://host), null when dispatched in-process. */
  origin: string | null;
  /** The body's bytes as received (webhook signatures are over these), null in-process. */
  rawBody: Buffer | null;
  /** A request header (lower-case name), undefined in-process. */
  header(name: string): string | undefined;
  /** Aborted when the caller goes away before the answer (the browser stopped waiting); null in-process. */
  signal: AbortSignal | null;
}

export type EndpointRequest<E extends AnyEndpoint> = { params: ParamsOf<E>; query: QueryOf<E>; body: BodyOf<E> } & AccessOf<E['access']> & RequestContext;

/**
 * An answer that is not JSON (an HTML page, text, a redirect): a handler returns one of these and
 * the router sends it as is, with its headers.
 */
export class RawResponse {
  constructor(
    readonly status: number,
    readonly body: string | Buffer,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A JSON answer sent with headers of its own (a cookie, cache rules). */
export class JsonWithHeaders<T> {
  constructor(
    readonly value: T,
    readonly headers: Record<string, string>,
  ) {}
}

/** What a handler answers: the descriptor's JSON answer (as written), or a raw response for non-JSON answers. */
export type HandlerAnswer<E extends AnyEndpoint> = E extends { answer: { kind: string } } ? RawResponse : AnswerInputOf<E> | JsonWithHeaders<AnswerInputOf<E>>;

export type Handler<E extends AnyEndpoint> = (request: EndpointRequest<E>) => Promise<HandlerAnswer<E>>;

/** The request the router builds, before the descriptor's access has narrowed it. */
export interface UntypedRequest extends RequestContext {
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  caller: Caller | null;
  project: string | null;
}

export interface ServedEndpoint {
  contract: AnyEndpoint;
  handle(request: UntypedRequest): Promise<unknown>;
}

/** Serves a descriptor with its handler (the router has checked what the descriptor's types promise). */
export function serve<E extends AnyEndpoint>(contract: E, handler: Handler<E>): ServedEndpoint {
  return { contract, handle: (request) => handler(request as unknown as EndpointRequest<E>) };
}
