import { ApiError } from '../../lib/api-error.js';

/**
 * project/{project}/config/bunny (document 2 §3): libraryId, pullZone, cdnHostname, apiKey,
 * streamAuthKey, and readOnlyApiKey (ours, beside the spec's). Admin-only (firestore.rules); read here
 * with the Admin SDK. apiKey is the Stream library's API key (creates videos, signs uploads);
 * streamAuthKey, when set, is the library's embed view token authentication key (signs player URLs);
 * readOnlyApiKey is the library's Read-Only API key, the key Bunny signs its webhook calls with
 * (docs.bunny.net/stream/webhooks): without it every webhook is refused and polling alone updates
 * the status. None ever reaches the browser or the logs.
 */
export interface BunnyConfig {
  libraryId: string;
  apiKey: string;
  pullZone: string;
  /** Host of the library's CDN (thumbnails): config's cdnHostname, else {pullZone}.b-cdn.net. */
  cdnHostname: string;
  streamAuthKey: string | null;
  /** The key of the webhooks' v1 signature; null: webhooks cannot be verified, so none is taken. */
  readOnlyApiKey: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/** The config, or the names of the members it lacks (never their values). */
export function parseBunnyConfig(data: Record<string, unknown> | undefined | null): { config: BunnyConfig } | { missing: string[] } {
  const libraryId = text(data?.libraryId);
  const apiKey = text(data?.apiKey);
  const pullZone = text(data?.pullZone);
  const cdnHostname = text(data?.cdnHostname) || (pullZone ? `${pullZone}.b-cdn.net` : '');
  const missing: string[] = [];
  if (!/^\d+$/.test(libraryId)) missing.push('libraryId');
  if (!apiKey) missing.push('apiKey');
  if (!cdnHostname) missing.push('cdnHostname');
  if (missing.length) return { missing };
  return {
    config: { libraryId, apiKey, pullZone, cdnHostname, streamAuthKey: text(data?.streamAuthKey) || null, readOnlyApiKey: text(data?.readOnlyApiKey) || null },
  };
}

/**
 * Missing or incomplete config/bunny: 412 — the request is fine, the store is not set up for it yet
 * (an admin fills Configurações → bunny); 503 would tell the browser to retry, which cannot help.
 */
export function incompleteConfig(missing: string[]): ApiError {
  return new ApiError(412, `Configuração do Bunny incompleta: falta ${missing.join(', ')} em config/bunny.`);
}

export function requireBunnyConfig(data: Record<string, unknown> | undefined | null): BunnyConfig {
  const parsed = parseBunnyConfig(data);
  if ('missing' in parsed) throw incompleteConfig(parsed.missing);
  return parsed.config;
}
