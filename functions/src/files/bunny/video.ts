import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import * as logs from '../logs.js';
import { FILE_REGISTRY_COLLECTION, fileIdSchema, storedFileSchema, type BunnyUploadTicket, type BunnyVideo, type StoredFile } from '@console/shared';
import { ApiError } from '../../lib/api-error.js';
import { UpstreamError, type UpstreamCallOptions } from '../../lib/vendor-http.js';
import { BunnyStreamClient, BUNNY_API_VIDEO_STATUS } from './client.js';
import { requireBunnyConfig, type BunnyConfig } from './config.js';
import { expiryFromNow, tusUploadSignature } from './signature.js';
import { bunnyVideoState, type BunnyBases } from './urls.js';

/**
 * Videos of the file registry on Bunny Stream: the upload ticket, the status refresh shared by
 * GET /api/file/video/{id} and the webhook, and the top-level index bunny-video/{guid} →
 * {project, fileId, libraryId} by which the webhook (which carries nothing but Bunny's ids) finds
 * the registry entry. That index is written by the Admin SDK only; firestore.rules deny clients.
 */

export const BUNNY_VIDEO_COLLECTION = 'bunny-video';
/** Lifetime of a TUS upload signature. */
export const UPLOAD_TTL_SECONDS = 3600;
/** Lifetime of a signed player URL (libraries with embed token authentication). */
export const PLAYER_TTL_SECONDS = 6 * 3600;

export const VIDEO_NOT_FOUND = 'Vídeo não encontrado.';
export const NOT_ON_BUNNY = 'Vídeo ainda não enviado ao Bunny.';

/** A registry id as it may appear in a path: one Firestore document id (the shared API schema). */
export { fileIdSchema };

const VIDEO_EXTENSIONS = new Set(['MP4', 'M4V', 'MOV', 'WEBM', 'MKV', 'AVI', 'WMV', 'FLV', 'MPG', 'MPEG', '3GP', 'OGV', 'TS', 'MTS', 'M2TS']);

/** A video by its MIME type, or by its extension when the browser gave no type. */
export function isVideoFile(file: Pick<StoredFile, 'type' | 'filename'>): boolean {
  const type = file.type.trim().toLowerCase();
  if (type) return type.startsWith('video/');
  const dot = file.filename.lastIndexOf('.');
  return dot > 0 && VIDEO_EXTENSIONS.has(file.filename.slice(dot + 1).toUpperCase());
}

/** The File object of a registry entry: its own members (createdAt, createdBy, bucket… stay out). */
export function fileObject(id: string, data: Record<string, unknown>): StoredFile | null {
  const { createdAt: _a, createdBy: _b, bucket: _c, updatedAt: _d, ...rest } = data;
  const parsed = storedFileSchema.safeParse({ ...rest, id });
  return parsed.success ? parsed.data : null;
}

export interface BunnyVideoLink {
  project: string;
  fileId: string;
  libraryId: string;
  /** Start (ms) of the newest Bunny read written to the entry: an older read never overwrites it. */
  readAt?: number;
}

export interface VideoContext {
  db: Firestore;
  bases: BunnyBases;
  /** Test knobs of the upstream calls (timeouts, retries). */
  call?: UpstreamCallOptions;
}

const entryRef = (db: Firestore, project: string, fileId: string) => db.doc(`project/${project}/${FILE_REGISTRY_COLLECTION}/${fileId}`);
const linkRef = (db: Firestore, guid: string) => db.doc(`${BUNNY_VIDEO_COLLECTION}/${guid}`);

export async function readBunnyConfig(db: Firestore, project: string): Promise<BunnyConfig> {
  const snapshot = await db.doc(`project/${project}/config/bunny`).get();
  return requireBunnyConfig(snapshot.data());
}

export function bunnyClient(context: VideoContext, config: BunnyConfig): BunnyStreamClient {
  return new BunnyStreamClient({ baseUrl: context.bases.api, libraryId: config.libraryId, apiKey: config.apiKey, ...context.call });
}

/** The registered video `fileId` of `project`; 404 when there is none (or it is not a video). */
async function readVideoEntry(db: Firestore, project: string, fileId: string): Promise<{ ref: DocumentReference; file: StoredFile }> {
  if (!fileIdSchema.safeParse(fileId).success) throw new ApiError(400, 'Requisição inválida: identificador de arquivo inválido.');
  const ref = entryRef(db, project, fileId);
  const snapshot = await ref.get();
  const file = snapshot.exists ? fileObject(fileId, snapshot.data()!) : null;
  if (!file || !isVideoFile(file)) throw new ApiError(404, VIDEO_NOT_FOUND);
  return { ref, file };
}

/**
 * POST /api/console/files/cdn/bunny/upload-video-url: a Bunny video for the registered file and a
 * signed TUS upload of it. A video created earlier for the file that never received its bytes is
 * reused (a retried send resumes instead of leaving an empty video behind); otherwise a new one is
 * created and becomes the file's cdn.bunny.
 */
export async function issueUploadTicket(
  context: VideoContext,
  { project, fileId, uid, now = Date.now() }: { project: string; fileId: string; uid: string; now?: number },
): Promise<BunnyUploadTicket> {
  const { db, bases } = context;
  const { ref, file } = await readVideoEntry(db, project, fileId);
  const config = await readBunnyConfig(db, project);
  const client = bunnyClient(context, config);

  let video = null;
  const previous = file.cdn?.bunny?.id;
  if (previous) {
    try {
      const found = await client.getVideo(previous);
      if (found.status === BUNNY_API_VIDEO_STATUS.created && found.videoLibraryId === config.libraryId) video = found;
    } catch (error) {
      if (!(error instanceof UpstreamError && error.kind === 'not-found')) throw error;
    }
  }
  video ??= await client.createVideo(file.title || file.filename);
  const bunny = bunnyVideoState(config, bases, video);

  const batch = db.batch();
  batch.update(ref, { 'cdn.bunny': bunny });
  const link: BunnyVideoLink = { project, fileId, libraryId: config.libraryId };
  batch.set(linkRef(db, video.guid), { ...link, createdBy: uid, createdAt: FieldValue.serverTimestamp() }, { merge: true });
  await batch.commit();

  const authorizationExpire = expiryFromNow(UPLOAD_TTL_SECONDS, now);
  return {
    endpoint: bases.tus,
    libraryId: config.libraryId,
    videoId: video.guid,
    authorizationExpire,
    authorizationSignature: tusUploadSignature(config.libraryId, config.apiKey, authorizationExpire, video.guid),
    file: { ...file, cdn: { ...file.cdn, bunny } },
  };
}

/**
 * Reads the video from Bunny and writes its state to the registry entry when it changed. Two reads
 * racing (a poll and the webhook) cannot move the status backwards: each notes when it started, and
 * a read older than the last one written is dropped. Answers the state Bunny gave.
 */
async function refresh(
  context: VideoContext,
  config: BunnyConfig,
  project: string,
  fileId: string,
  videoId: string,
  fallbackStatus: number,
): Promise<BunnyVideo> {
  const { db, bases } = context;
  const startedAt = Date.now();
  const video = await bunnyClient(context, config).getVideo(videoId);
  const next = bunnyVideoState(config, bases, video, fallbackStatus);
  await db.runTransaction(async (tx) => {
    const ref = entryRef(db, project, fileId);
    const [entry, link] = await tx.getAll(ref, linkRef(db, videoId));
    const current = entry.exists ? (entry.get('cdn.bunny') as Partial<BunnyVideo> | undefined) : undefined;
    if (!current || current.id !== videoId) return; // gone, or replaced by a newer send
    const readAt = (link.data() as BunnyVideoLink | undefined)?.readAt ?? 0;
    if (readAt > startedAt) return;
    const same = (Object.keys(next) as (keyof BunnyVideo)[]).every((key) => current[key] === next[key]);
    if (same) return;
    tx.update(ref, { 'cdn.bunny': next });
    tx.set(linkRef(db, videoId), { project, fileId, libraryId: config.libraryId, readAt: startedAt }, { merge: true });
  });
  return next;
}

/** GET /api/file/video/{fileId}: cdn.bunny refreshed from Bunny (written back when it changed). */
export async function videoState(
  context: VideoContext,
  { project, fileId }: { project: string; fileId: string },
): Promise<{ bunny: BunnyVideo; config: BunnyConfig }> {
  const { file } = await readVideoEntry(context.db, project, fileId);
  const stored = file.cdn?.bunny;
  if (!stored?.id) throw new ApiError(404, NOT_ON_BUNNY);
  const config = await readBunnyConfig(context.db, project);
  const bunny = await refresh(context, config, project, fileId, stored.id, stored.status);
  return { bunny, config };
}

/**
 * The webhook: Bunny says something happened to video `guid` of library `libraryId`. Nothing in
 * the call is trusted but the guid: the video is looked up in bunny-video/, read again from Bunny
 * with the project's own config, and that state is written. Unknown guids, a library that does not
 * match, a broken config or Bunny failing end quietly (logged without secrets): the caller learns
 * nothing, and a later poll or webhook catches up.
 */
export async function applyWebhook(context: VideoContext, { guid, libraryId }: { guid: string; libraryId: string }): Promise<void> {
  const link = (await linkRef(context.db, guid).get()).data() as BunnyVideoLink | undefined;
  if (!link || link.libraryId !== libraryId) return;
  try {
    const config = await readBunnyConfig(context.db, link.project);
    if (config.libraryId !== libraryId) return;
    const entry = await entryRef(context.db, link.project, link.fileId).get();
    const stored = entry.get('cdn.bunny') as Partial<BunnyVideo> | undefined;
    if (!stored || stored.id !== guid) return;
    await refresh(context, config, link.project, link.fileId, guid, typeof stored.status === 'number' ? stored.status : 6);
  } catch (error) {
    logs.bunnyWebhookNotApplied(link.project, link.fileId, error);
  }
}
