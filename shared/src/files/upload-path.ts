/**
 * Custom metadata naming the project an uploaded object belongs to. Set by the upload (storage.rules
 * require it in 'editor/', shared by every project, and never let it change) and checked by the
 * registration endpoints.
 */
export const UPLOAD_OWNER_METADATA_KEY = 'consoleProject';

/** Default upload folder (document 1 §9): 'editor', public by default. */
export const DEFAULT_UPLOAD_FOLDER = 'editor';

/** The folder a field uploads to: its configured path with {project} filled in, else 'editor'. */
export function uploadFolder(configuredPath: string | undefined, project: string): string {
  const path = (configuredPath ?? '').trim().replace(/^\/+|\/+$/g, '');
  return path ? path.replaceAll('{project}', project) : DEFAULT_UPLOAD_FOLDER;
}

/**
 * A file name safe as the last segment of a Storage path: no slashes, no control characters,
 * accents and spaces kept readable as ASCII with dashes. Never empty.
 */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  return cleaned || 'arquivo';
}

/** The object path of one upload: '{folder}/{random}.{name}' (document 1 §7). */
export function uploadObjectPath(folder: string, random: string, fileName: string): string {
  return `${folder}/${random}.${safeFileName(fileName)}`;
}

/**
 * Which folders a caller working in `project` may register files from: the editor's shared
 * folder and the project's own tree. Anything else (another project's files, paths with '..') is
 * refused by the registration endpoints; storage.rules say the same for direct access.
 */
export function isRegistrablePath(filePath: string, project: string): boolean {
  if (!filePath || filePath.includes('..') || filePath.startsWith('/') || filePath.includes('//')) return false;
  return filePath.startsWith(`${DEFAULT_UPLOAD_FOLDER}/`) || filePath.startsWith(`project/${project}/`);
}
