import { isPlainObject, type BunnyVideo, type StoredFile } from '@console/shared';

/**
 * What a file field's stored value is, as far as its widget cares: empty, a File object
 * (document 1 §3), a bare URL (older records kept a string), or something else (shown read-only).
 * A File object keeps every member it has, known or not: widgets only ever merge into it.
 */
export type FileValue = { kind: 'empty' } | { kind: 'file'; file: FileLike } | { kind: 'url'; url: string } | { kind: 'other' };

/** A File object as stored: the known members may be missing in old data; others are kept. */
export type FileLike = Partial<StoredFile> & Record<string, unknown>;

export function readFileValue(value: unknown): FileValue {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (typeof value === 'string') return { kind: 'url', url: value };
  if (isPlainObject(value) && (typeof value.url === 'string' || typeof value.id === 'string' || typeof value.filePath === 'string')) {
    return { kind: 'file', file: value as FileLike };
  }
  return { kind: 'other' };
}

/** The URL of a value to show or copy ('' when there is none). */
export function valueUrl(value: FileValue): string {
  if (value.kind === 'url') return value.url;
  if (value.kind === 'file' && typeof value.file.url === 'string') return value.file.url;
  return '';
}

/** The name to show: the title, else the file name, else the last segment of the path or URL. */
export function fileDisplayName(file: FileLike): string {
  for (const candidate of [file.filename, file.title]) if (typeof candidate === 'string' && candidate.trim()) return candidate;
  const path = typeof file.filePath === 'string' && file.filePath ? file.filePath : typeof file.url === 'string' ? file.url : '';
  const last = path.split('?')[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'arquivo';
  } catch {
    return last || 'arquivo';
  }
}

/** Whether a download URL carries a Storage download token (readable without signing in). */
export function hasDownloadToken(url: string): boolean {
  try {
    return new URL(url).searchParams.has('token');
  } catch {
    return /[?&]token=/.test(url);
  }
}

/**
 * A private file's URL has no token and needs the signed-in user's credentials: the widget reads
 * it through the Storage SDK (getBlob) instead of handing the URL to an <img> or <audio>.
 */
export function needsSignedRead(file: FileLike): boolean {
  return file.isPublic === false && typeof file.filePath === 'string' && file.filePath !== '' && !hasDownloadToken(String(file.url ?? ''));
}

/**
 * `next` (what the server answered) over `current` (what is stored): every member of the answer
 * wins, members only the stored value has are kept, and `cdn` is merged one level down so a
 * provider the answer does not mention survives.
 */
export function mergeStoredFile(current: unknown, next: StoredFile | FileLike): FileLike {
  const base: Record<string, unknown> = isPlainObject(current) ? current : {};
  const merged: Record<string, unknown> = { ...base, ...next };
  if (isPlainObject(base.cdn) || isPlainObject(next.cdn)) {
    merged.cdn = { ...(isPlainObject(base.cdn) ? base.cdn : {}), ...(isPlainObject(next.cdn) ? next.cdn : {}) };
  }
  return merged as FileLike;
}

/** The stored value with cdn.bunny replaced by `bunny`; everything else untouched. */
export function withBunny(current: unknown, bunny: BunnyVideo): FileLike {
  const base: Record<string, unknown> = isPlainObject(current) ? current : {};
  const cdn = isPlainObject(base.cdn) ? base.cdn : {};
  return { ...base, cdn: { ...cdn, bunny: { ...(isPlainObject(cdn.bunny) ? cdn.bunny : {}), ...bunny } } } as FileLike;
}

/** cdn.bunny of a stored file, when it has one with a numeric status. */
export function bunnyOf(file: FileLike | null): (Partial<BunnyVideo> & { status: number }) | null {
  const cdn = file && isPlainObject(file.cdn) ? file.cdn : null;
  const bunny = cdn && isPlainObject(cdn.bunny) ? cdn.bunny : null;
  return bunny && typeof bunny.status === 'number' ? (bunny as Partial<BunnyVideo> & { status: number }) : null;
}

/** Whether two Bunny states differ in what the widget shows (status, thumbnail, player). */
export function bunnyChanged(before: Partial<BunnyVideo> | null, after: BunnyVideo): boolean {
  return (
    !before ||
    before.status !== after.status ||
    before.thumbnail !== after.thumbnail ||
    before.iframeUrl !== after.iframeUrl ||
    before.id !== after.id ||
    before.pullZone !== after.pullZone
  );
}
