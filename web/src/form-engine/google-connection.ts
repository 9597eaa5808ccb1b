import { isPlainObject } from './field-key';

/** The stored Google OAuth tokens (Google's or camelCase names) say whether the store is connected. */
export function isGoogleConnected(tokens: unknown): boolean {
  if (!isPlainObject(tokens)) return false;
  return ['refresh_token', 'access_token', 'refreshToken', 'accessToken'].some(
    (key) => typeof tokens[key] === 'string' && tokens[key] !== '',
  );
}

/** The connect link of the Google Console settings, for one project. */
export function googleConnectPath(projectId: string): string {
  return `/api/console/auth/google?project=${encodeURIComponent(projectId)}`;
}
