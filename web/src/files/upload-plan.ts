import { registrationEndpoint, uploadFolder, uploadObjectPath, type RegisterFileRequest } from '@console/shared';

/** The part of a field definition that says where its uploads go (file, image, video, audio). */
export interface UploadTarget {
  path?: string;
  isPublic?: boolean;
}

/** What the browser knows of the chosen file (after a WEBP became a JPG). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
  /** Seconds, for audio the browser could measure. */
  duration?: number;
}

export interface UploadPlan {
  /** Storage object path: '{folder}/{random}.{name}' (document 1 §7). */
  objectPath: string;
  contentType: string;
  registration: {
    endpoint: ReturnType<typeof registrationEndpoint>;
    body: RegisterFileRequest;
  };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character random id (the shape of Firestore's auto ids), from `bytes` random bytes. */
export function randomUploadId(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(20))): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[(bytes[i] ?? 0) % ID_ALPHABET.length];
  return id;
}

/**
 * Where a chosen file goes and how it is registered: the field's folder ({project} filled in,
 * 'editor' by default), public unless the field says otherwise (document 1 §9), the images
 * endpoint for image types and the attaches endpoint for everything else.
 */
export function planUpload(target: UploadTarget, project: string, file: ChosenFile, random: string): UploadPlan {
  const objectPath = uploadObjectPath(uploadFolder(target.path, project), random, file.name);
  const contentType = file.type || 'application/octet-stream';
  const described: RegisterFileRequest['file'] = { name: file.name, type: contentType, size: file.size };
  if (typeof file.duration === 'number' && Number.isFinite(file.duration) && file.duration >= 0) described.duration = file.duration;
  return {
    objectPath,
    contentType,
    registration: {
      endpoint: registrationEndpoint(contentType),
      body: { file: described, filePath: objectPath, isPublic: target.isPublic ?? true },
    },
  };
}

/** Whole percent of an upload, 0–100 (0 while the total is unknown). */
export function uploadPercent(transferred: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((transferred / total) * 100)));
}

/** WEBP images are converted to JPG before upload (document 1 §5). */
export function isWebp(file: { name: string; type: string }): boolean {
  return file.type.toLowerCase() === 'image/webp' || (!file.type && /\.webp$/i.test(file.name));
}

/** The name of the JPG made from a WEBP: its extension replaced by .jpg (added when it had none). */
export function jpgFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'imagem'}.jpg`;
}

/** What the file picker offers for each field kind. */
export function acceptFor(kind: 'file' | 'image' | 'video' | 'audio'): string | undefined {
  return kind === 'file' ? undefined : `${kind}/*`;
}
