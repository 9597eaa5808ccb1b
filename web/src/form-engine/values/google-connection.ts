import { consoleAuthGoogleEndpoint, GOOGLE_START_PARAM } from '@console/shared';
import { isPlainObject } from './field-key';

/** The stored Google OAuth tokens (Google's or camelCase names) say whether the store is connected. */
export function isGoogleConnected(tokens: unknown): boolean {
  if (!isPlainObject(tokens)) return false;
  return ['refresh_token', 'access_token', 'refreshToken', 'accessToken'].some((key) => typeof tokens[key] === 'string' && tokens[key] !== '');
}

/** The connect link of the Google Console settings, for one project (the start endpoint's URL). */
export function googleConnectPath(projectId: string): string {
  return consoleAuthGoogleEndpoint.url({ project: projectId });
}

/** The connected Google account the callback stored with the tokens (`email`), if any. */
export function connectedAccount(tokens: unknown): string | null {
  if (!isPlainObject(tokens) || !isGoogleConnected(tokens)) return null;
  return typeof tokens.email === 'string' && tokens.email ? tokens.email : null;
}

/** The callback's failure, as it sends the browser back (`?google=error&message=…`). */
export function googleReturnMessage(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('google') === 'error' ? params.get('message') || 'Não foi possível conectar o Google.' : null;
}

/**
 * Whether the page was opened by the Connect link's GET (`?google=start&project=…`, see
 * consoleAuthGoogleLinkEndpoint) for this project: then the page starts the connection itself.
 */
export function googleStartRequested(search: string, projectId: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('google') === GOOGLE_START_PARAM && params.get('project') === projectId;
}

/** The page's query without the start request (so a reload does not start again). */
export function withoutStartRequest(search: string): string {
  const params = new URLSearchParams(search);
  if (params.get('google') !== GOOGLE_START_PARAM) return search;
  params.delete('google');
  params.delete('project');
  const text = params.toString();
  return text ? `?${text}` : '';
}
