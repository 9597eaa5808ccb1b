import type { StoredFile } from '@console/shared';

/** Pure rules of file registration: which endpoint takes which type, names, the File object. */

export type RegistrationKind = 'image' | 'attach';

const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * The MIME type to record: what Storage holds (the upload's contentType), unless it is empty or
 * generic — then what the browser said, then octet-stream. Parameters (charset) are dropped.
 */
export function effectiveType(storageType: string | null | undefined, declaredType: string | null | undefined): string {
  const clean = (t: string | null | undefined) => (t ?? '').split(';')[0]!.trim().toLowerCase();
  const stored = clean(storageType);
  if (!GENERIC_TYPES.has(stored)) return stored;
  const declared = clean(declaredType);
  if (!GENERIC_TYPES.has(declared)) return declared;
  return 'application/octet-stream';
}

/** Why `type` does not belong to this endpoint (Portuguese), or null when it does. */
export function kindMismatch(kind: RegistrationKind, type: string): string | null {
  const isImage = type.startsWith('image/');
  if (kind === 'image' && !isImage) {
    return `Somente imagens podem ser registradas em /api/console/files/images (tipo do arquivo: ${type}); use /api/console/files/attaches.`;
  }
  if (kind === 'attach' && isImage) {
    return `Imagens devem ser registradas em /api/console/files/images (tipo do arquivo: ${type}).`;
  }
  return null;
}

/** The file's name without directories or control characters. */
export function displayName(name: string): string {
  const last = name.split(/[/\\]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return last.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'arquivo';
}

/** The default title: the name without its extension ('foto.final.jpeg' → 'foto.final'). */
export function defaultTitle(name: string): string {
  const clean = displayName(name);
  const dot = clean.lastIndexOf('.');
  return dot > 0 ? clean.slice(0, dot) : clean;
}

export interface FileFacts {
  id: string;
  url: string;
  name: string;
  title?: string;
  type: string;
  size: number;
  isPublic: boolean;
  filePath: string;
  width?: number;
  height?: number;
  duration?: number;
}

/** The File object (document 1 §3); members that do not apply are left out, never null. */
export function buildStoredFile(facts: FileFacts): StoredFile {
  const title = facts.title?.trim();
  return {
    id: facts.id,
    url: facts.url,
    filename: displayName(facts.name),
    title: title || defaultTitle(facts.name),
    type: facts.type,
    ...(facts.width !== undefined && facts.height !== undefined ? { width: facts.width, height: facts.height } : {}),
    size: facts.size,
    isPublic: facts.isPublic,
    filePath: facts.filePath,
    ...(facts.duration !== undefined ? { duration: facts.duration } : {}),
  };
}
