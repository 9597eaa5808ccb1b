import { matchWorkerUrl, type AnswerOf, type AnyEndpoint, type CallInput } from '@console/shared';
import { auth } from './firebase';
import { ApiRequestError, failureMessage } from './api-error';

export { ApiRequestError } from './api-error';

export interface ApiCallOptions {
  signal?: AbortSignal;
}

/** An answer that does not follow the endpoint's contract (a proxy's page, an older server). */
export const UNEXPECTED_ANSWER = 'Resposta inesperada do servidor.';

/**
 * Calls the console's own API (/api/**, Hosting rewrite) through an endpoint contract
 * (shared/src/api): the URL built by the descriptor, the body sent as JSON, the answer parsed with
 * the descriptor's schema, as the signed-in user (Bearer ID token). A failure throws
 * ApiRequestError with the server's `{error}` (see ./api-error).
 */
export async function callApi<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>, options: ApiCallOptions = {}): Promise<AnswerOf<E>> {
  const { body } = input as { body?: unknown };
  return send(endpoint, endpoint.url(input as never), endpoint.body ? (body ?? {}) : undefined, options);
}

/**
 * Calls a worker URL as a sync task built it (web/src/sync/tasks.ts, with the worker descriptors'
 * builders): it must be one of those descriptors' URLs, whose answer schema parses the answer.
 */
export async function callWorkerUrl(url: string, options: ApiCallOptions = {}): Promise<unknown> {
  const match = matchWorkerUrl(url);
  if (!match) throw new ApiRequestError(`Não é uma tarefa de sincronização: ${url}`, 400);
  return send(match.endpoint, url, undefined, options);
}

async function send<E extends AnyEndpoint>(endpoint: E, url: string, body: unknown, options: ApiCallOptions): Promise<AnswerOf<E>> {
  const user = auth.currentUser;
  if (!user) throw new ApiRequestError('Sessão expirada: entre novamente.', 401);
  const token = await user.getIdToken();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: endpoint.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiRequestError(failureMessage(res.status, text), res.status);
  return parseAnswer(endpoint, text, res.status) as AnswerOf<E>;
}

/** The answer read as the contract says: JSON parsed with its schema, or the text of a non-JSON answer. */
function parseAnswer(endpoint: AnyEndpoint, text: string, status: number): unknown {
  if (!('safeParse' in endpoint.answer)) return text;
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiRequestError(UNEXPECTED_ANSWER, status);
  }
  const parsed = endpoint.answer.safeParse(json);
  if (!parsed.success) throw new ApiRequestError(UNEXPECTED_ANSWER, status);
  return parsed.data;
}
