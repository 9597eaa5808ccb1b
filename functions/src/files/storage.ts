import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_OWNER_METADATA_KEY } from '@console/shared';
import { adminStorage } from '../lib/admin.js';

/**
 * Cloud Storage through the Admin SDK: the project's default bucket (FIREBASE_CONFIG.storageBucket
 * in production and on the Functions emulator, which points the SDK at the Storage emulator), the
 * Firebase download URLs, and the download token that makes an object public.
 */

const PRODUCTION_ORIGIN = 'https://firebasestorage.googleapis.com';
/** The custom metadata key Firebase Storage reads download tokens from (comma-separated). */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';
/** Custom metadata naming the project the object belongs to (set at upload; storage.rules). */
export const OWNER_PROJECT_KEY = UPLOAD_OWNER_METADATA_KEY;

/** The default bucket, through the functions' one Admin app. */
export function defaultBucket(): ReturnType<typeof adminStorage.bucket> {
  return adminStorage.bucket();
}

/**
 * Origin of download URLs: Google's in production; locally the Storage emulator, from the host the
 * Functions emulator sets (FIREBASE_STORAGE_EMULATOR_HOST). The URL is opened by the browser, so a
 * wildcard listen address (0.0.0.0, ::) becomes the loopback address the browser can reach.
 */
export function storageOrigin(env: Record<string, string | undefined> = process.env): string {
  const raw = env.FIREBASE_STORAGE_EMULATOR_HOST || env.STORAGE_EMULATOR_HOST?.replace(/^https?:\/\//, '');
  if (!raw) return PRODUCTION_ORIGIN;
  const host = raw.replace(/\/+$/, '');
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
  if (!match) return `http://${host}`;
  const name = ['0.0.0.0', '[::]', '[::0]', '::'].includes(match[1]!) ? '127.0.0.1' : match[1]!;
  return `http://${name}${match[2] ? `:${match[2]}` : ''}`;
}

/**
 * The Firebase download URL of an object: with a token anyone can read it; without one it is
 * only readable by the SDK under storage.rules (a private file's url).
 */
export function downloadUrl(bucket: string, path: string, token?: string | null, origin = storageOrigin()): string {
  const base = `${origin}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}?alt=media`;
  return token ? `${base}&token=${encodeURIComponent(token)}` : base;
}

export interface StoredObject {
  bucket: string;
  path: string;
  size: number;
  contentType: string | null;
  customMetadata: Record<string, string>;
}

/** The object's metadata, or null when it does not exist. */
export async function readObject(path: string): Promise<StoredObject | null> {
  const bucket = defaultBucket();
  try {
    const [metadata] = await bucket.file(path).getMetadata();
    const custom = Object.fromEntries(
      Object.entries(metadata.metadata ?? {}).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : v == null ? [] : [[k, String(v)]])),
    );
    return {
      bucket: bucket.name,
      path,
      size: Number(metadata.size ?? 0),
      contentType: metadata.contentType || null,
      customMetadata: custom,
    };
  } catch (error) {
    if ((error as { code?: unknown }).code === 404) return null;
    throw error;
  }
}

/** The first `bytes` bytes of an object (fewer when it is shorter). */
export async function readHead(path: string, bytes: number): Promise<Buffer> {
  const [content] = await defaultBucket()
    .file(path)
    .download({ start: 0, end: Math.max(0, bytes - 1), validation: false });
  return content;
}

/** A stream of the whole object (the caller destroys it when done). */
export function readStream(path: string): Readable {
  return defaultBucket().file(path).createReadStream({ validation: false });
}

/**
 * Makes the object public (a fresh download token replaces any old one, so earlier URLs stop
 * working) or private (every token removed). Also records the owning project. Answers the url.
 */
export async function setAccess(path: string, isPublic: boolean, ownerProject: string): Promise<string> {
  const bucket = defaultBucket();
  const token = isPublic ? randomUUID() : null;
  // null deletes a custom metadata key in Cloud Storage.
  const [metadata] = await bucket.file(path).setMetadata({ metadata: { [DOWNLOAD_TOKENS_KEY]: token, [OWNER_PROJECT_KEY]: ownerProject } });
  if (isEmulated()) await revokeOnEmulator(bucket.name, path, tokensOf(metadata.metadata), token);
  return downloadUrl(bucket.name, path, token);
}

function isEmulated(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.FIREBASE_STORAGE_EMULATOR_HOST || env.STORAGE_EMULATOR_HOST);
}

function tokensOf(metadata: Record<string, unknown> | undefined): string[] {
  const value = metadata?.[DOWNLOAD_TOKENS_KEY];
  return typeof value === 'string'
    ? value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
    : [];
}

/**
 * The Storage emulator (firebase-tools) keeps download tokens apart from the custom metadata: a
 * null there neither removes them nor replaces them (new ones are added to the old). Its own token
 * API does remove them; deleting the last one leaves a fresh token nobody was given, so the object
 * is private all the same. Production Storage needs none of this.
 */
async function revokeOnEmulator(bucket: string, path: string, present: string[], keep: string | null): Promise<void> {
  for (const token of present.filter((t) => t !== keep)) {
    const res = await fetch(`${downloadUrl(bucket, path).replace(/\?alt=media$/, '')}?delete_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
    });
    if (!res.ok) throw new Error(`Storage emulator: download token not revoked (HTTP ${res.status})`);
  }
}
