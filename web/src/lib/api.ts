import { auth } from './firebase';
import { ApiRequestError, apiUrl, failureMessage, type ApiQuery } from './api-error';

export { ApiRequestError, apiUrl, failureMessage } from './api-error';

export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: ApiQuery;
  signal?: AbortSignal;
}

/**
 * Calls the console's own API (/api/**, Hosting rewrite) as the signed-in user (Bearer ID token)
 * and returns the parsed JSON answer; a failure throws ApiRequestError (see ./api-error).
 */
export async function callApi<T = unknown>(path: string, options: ApiCallOptions = {}): Promise<T> {
  const user = auth.currentUser;
  if (!user) throw new ApiRequestError('Sessão expirada: entre novamente.', 401);
  const token = await user.getIdToken();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(apiUrl(path, options.query), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiRequestError(failureMessage(res.status, text), res.status);
  return (text ? JSON.parse(text) : null) as T;
}
