import { consoleBlingCallbackEndpoint } from '@console/shared';
import { isPlainObject } from './field-key';

/** One Bling account of config/bling as the connections panel shows it. */
export interface BlingConnectionRow {
  /** 'root' (the top-level credentials) or the index in accounts[]: what the connect endpoint takes. */
  account: string;
  description: string;
  /** The account has an app (client id and secret) to authorise. */
  hasApp: boolean;
  connected: boolean;
  /** When the access token expires, was last obtained, and when the refresh token dies. */
  expiresAt: Date | null;
  refreshedAt: Date | null;
  refreshExpiresAt: Date | null;
  /** The last scheduled renewal's failure, in Portuguese. */
  error: string | null;
}

const dateOf = (value: unknown): Date | null => {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(at) ? new Date(at) : null;
};
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function rowOf(entry: Record<string, unknown>, account: string, fallback: string): BlingConnectionRow {
  const bearer = isPlainObject(entry.bearer) ? entry.bearer : {};
  return {
    account,
    description: text(entry.description) || fallback,
    hasApp: text(entry.clientId) !== '' && text(entry.clientSecret) !== '',
    connected: text(bearer.refreshToken) !== '' || text(bearer.accessToken) !== '',
    expiresAt: dateOf(bearer.expiresAt),
    refreshedAt: dateOf(bearer.refreshedAt),
    refreshExpiresAt: dateOf(bearer.refreshExpiresAt),
    error: text(entry.tokenError) || null,
  };
}

/** The accounts of a config/bling document: the top-level one when it has an app, then accounts[]. */
export function blingConnectionRows(config: unknown): BlingConnectionRow[] {
  if (!isPlainObject(config)) return [];
  const rows: BlingConnectionRow[] = [];
  if (text(config.clientId)) rows.push(rowOf(config, 'root', 'Conta padrão'));
  const accounts = Array.isArray(config.accounts) ? config.accounts : [];
  accounts.forEach((entry, index) => {
    if (isPlainObject(entry)) rows.push(rowOf(entry, String(index), `Conta ${index}`));
  });
  return rows;
}

/** The callback's outcome, as it sends the browser back (`?bling=connected` or `?bling=error&message=…`). */
export function blingReturn(search: string): { kind: 'connected' | 'error'; message: string } | null {
  const params = new URLSearchParams(search);
  if (params.get('bling') === 'connected') return { kind: 'connected', message: 'Conta Bling conectada.' };
  if (params.get('bling') === 'error') return { kind: 'error', message: params.get('message') || 'Não foi possível conectar o Bling.' };
  return null;
}

/** The link to register as the Bling app's 'Link de redirecionamento' (the callback on this origin). */
export const blingRedirectLink = (origin: string) => `${origin}${consoleBlingCallbackEndpoint.path}`;
