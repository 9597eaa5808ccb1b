import { FieldValue } from 'firebase-admin/firestore';
import * as logs from './logs.js';
import type { z } from 'zod';
import { FILE_REGISTRY_COLLECTION, isRegistrablePath, storedFileSchema, type registerFileRequestSchema, type StoredFile } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import { buildStoredFile, effectiveType, kindMismatch, type RegistrationKind } from './file-object.js';
import { audioDuration, IMAGE_HEAD_BYTES, imageDimensions } from './measure.js';
import { OWNER_PROJECT_KEY, readHead, readObject, readStream, setAccess, type StoredObject } from './storage.js';

/**
 * The file registry: project/{project}/file/{id} holds each registered upload's File object plus
 * createdAt, createdBy (uid) and bucket. Registration measures the object in Storage and sets its
 * download token; permission changes swap the token and update the entry.
 */

export const INVALID_PATH_MESSAGE = 'Caminho de arquivo inválido';
export const NOT_IN_STORAGE_MESSAGE = 'Arquivo não encontrado no armazenamento';
export const NOT_REGISTERED_MESSAGE = 'Arquivo não encontrado.';
export const OTHER_PROJECT_MESSAGE = 'Arquivo registrado por outro projeto.';

/** A larger first read when the header is further in (a JPEG with a big EXIF/ICC block). */
const IMAGE_RETRY_BYTES = 4 * 1024 * 1024;

function registry(project: string) {
  return firestore.collection(`project/${project}/${FILE_REGISTRY_COLLECTION}`);
}

/**
 * The object at a path the caller's project may use: the path rules of @console/shared, and —
 * since 'editor/' is shared by every project — not an object another project registered (its
 * Storage metadata names the first project that registered it).
 */
async function ownedObject(filePath: string, project: string): Promise<StoredObject> {
  if (!isRegistrablePath(filePath, project)) throw new ApiError(400, INVALID_PATH_MESSAGE);
  const object = await readObject(filePath);
  if (!object) throw new ApiError(404, NOT_IN_STORAGE_MESSAGE);
  const owner = object.customMetadata[OWNER_PROJECT_KEY];
  if (owner && owner !== project) throw new ApiError(403, OTHER_PROJECT_MESSAGE);
  return object;
}

async function measureImage(object: StoredObject): Promise<{ width: number; height: number } | null> {
  const head = await readHead(object.path, IMAGE_HEAD_BYTES);
  const first = imageDimensions(head);
  if (first || object.size <= head.length) return first;
  return imageDimensions(await readHead(object.path, IMAGE_RETRY_BYTES));
}

export interface RegisterInput {
  project: string;
  uid: string;
  kind: RegistrationKind;
  /** The parsed body (defaults applied). */
  request: z.output<typeof registerFileRequestSchema>;
}

/** Registers an uploaded object: measures it, sets its access, writes the registry entry. */
export async function registerFile({ project, uid, kind, request }: RegisterInput): Promise<StoredFile> {
  const object = await ownedObject(request.filePath, project);
  const type = effectiveType(object.contentType, request.file.type);
  const mismatch = kindMismatch(kind, type);
  if (mismatch) throw new ApiError(400, mismatch);

  let dimensions: { width: number; height: number } | null = null;
  let duration: number | undefined;
  if (type.startsWith('image/')) {
    dimensions = await measureImage(object).catch((error: unknown) => {
      logs.imageNotMeasured(object.path, error);
      return null;
    });
  } else if (type.startsWith('audio/')) {
    // The browser's own measure when the server cannot read the format.
    duration = (await audioDuration(readStream(object.path), type, object.size)) ?? request.file.duration;
  }

  const url = await setAccess(object.path, request.isPublic, project);
  const id = registry(project).doc().id;
  const file = buildStoredFile({
    id,
    url,
    name: request.file.name,
    title: request.file.title,
    type,
    size: object.size,
    isPublic: request.isPublic,
    filePath: object.path,
    ...(dimensions ?? {}),
    ...(duration !== undefined ? { duration } : {}),
  });
  await registry(project)
    .doc(id)
    .set({ ...file, createdAt: FieldValue.serverTimestamp(), createdBy: uid, bucket: object.bucket });
  return file;
}

/**
 * Makes a registered file public (a fresh token: older URLs stop working) or private (no token).
 * The entry's filePath is checked again although firestore.rules keep clients from writing
 * entries: an entry must never reach another project's objects, whoever wrote it.
 */
export async function changeFilePermissions({ project, id, isPublic }: { project: string; id: string; isPublic: boolean }): Promise<StoredFile> {
  const ref = registry(project).doc(id);
  const snapshot = await ref.get();
  if (!snapshot.exists) throw new ApiError(404, NOT_REGISTERED_MESSAGE);
  const parsed = storedFileSchema.safeParse({ ...snapshot.data(), id });
  if (!parsed.success) throw new ApiError(409, 'Registro do arquivo inválido.');
  const stored = parsed.data;
  const object = await ownedObject(stored.filePath, project);
  const url = await setAccess(object.path, isPublic, project);
  // Only the File members: the registry's own fields (createdAt, createdBy, bucket) stay out.
  const { createdAt: _c, createdBy: _b, bucket: _k, updatedAt: _u, ...rest } = stored as StoredFile & Record<string, unknown>;
  const file: StoredFile = { ...rest, id, url, isPublic };
  await ref.update({ url, isPublic, updatedAt: FieldValue.serverTimestamp() });
  return file;
}
