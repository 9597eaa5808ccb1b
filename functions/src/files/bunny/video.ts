import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import * as logs from '../logs.js';
import { FILE_REGISTRY_COLLECTION, fileIdSchema, storedFileSchema, type BunnyUploadTicket, type BunnyVideo, type StoredFile } from '@console/shared';
import { ApiError } from '../../lib/api-error.js';
import { UpstreamError, type UpstreamCallOptions } from '../../lib/vendor-http.js';
import { BunnyStreamClient, BUNNY_API_VIDEO_STATUS } from './client.js';
import { parseBunnyConfig, requireBunnyConfig, type BunnyConfig } from './config.js';
import { expiryFromNow, tusUploadSignature, verifyWebhookSignature, type WebhookSignatureHeaders } from './signature.js';
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
  /** Signatures of the webhook calls already taken for this video (a call seen again is a repeat). */
  webhookSignatures?: string[];
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

/** What became of a webhook call. */
export type WebhookOutcome = 'applied' | 'repeat' | 'refused';

/** At most this many signatures kept per video: its statuses (0–10) give at most 11 distinct calls. */
const SIGNATURES_KEPT = 32;

/**
 * The webhook: Bunny says something happened to video `guid` of library `libraryId`. The call must
 * carry Bunny's v1 signature of its raw body, made with the Read-Only API key of the library that
 * holds the video (config/bunny `readOnlyApiKey` of the project the video belongs to): a video we
 * do not know, another library, a project without that key or a signature that does not verify are
 * refused alike, before anything is read or written. The signature covers no time, so a call
 * replayed byte for byte still verifies: the signatures taken are kept on the video's link, and a
 * call seen before is a repeat, answered without reading Bunny (a replay cannot spend the
 * library's API quota; Bunny's own repeat of a status, 4 for each resolution, brings nothing new).
 * Even a fresh call's status is not believed: the video is read again from Bunny with the project's
 * key, and that state is written. Bunny failing ends quietly (logged without secrets) and forgets
 * the signature, so the same call may be taken again; a later poll or webhook catches up.
 */
export async function applyWebhook(
  context: VideoContext,
  { guid, libraryId, rawBody, signature }: { guid: string; libraryId: string; rawBody: Buffer | null; signature: WebhookSignatureHeaders },
): Promise<WebhookOutcome> {
  const { db } = context;
  const link = (await linkRef(db, guid).get()).data() as BunnyVideoLink | undefined;
  if (!link || link.libraryId !== libraryId || !rawBody) return 'refused';
  const config = parseBunnyConfig((await db.doc(`project/${link.project}/config/bunny`).get()).data());
  if ('missing' in config || config.config.libraryId !== libraryId) return 'refused';
  if (!config.config.readOnlyApiKey) {
    logs.bunnyWebhookRefused(link.project, 'config/bunny sem readOnlyApiKey');
    return 'refused';
  }
  if (!verifyWebhookSignature(rawBody, signature, config.config.readOnlyApiKey)) {
    logs.bunnyWebhookRefused(link.project, 'assinatura inválida');
    return 'refused';
  }
  const mark = signature.signature!.trim().toLowerCase();
  const fresh = await db.runTransaction(async (tx) => {
    const seen = ((await tx.get(linkRef(db, guid))).get('webhookSignatures') as string[] | undefined) ?? [];
    if (seen.includes(mark)) return false;
    tx.set(linkRef(db, guid), { webhookSignatures: [...seen, mark].slice(-SIGNATURES_KEPT) }, { merge: true });
    return true;
  });
  if (!fresh) return 'repeat';
  try {
    const entry = await entryRef(db, link.project, link.fileId).get();
    const stored = entry.get('cdn.bunny') as Partial<BunnyVideo> | undefined;
    if (!stored || stored.id !== guid) return 'applied';
    await refresh(context, config.config, link.project, link.fileId, guid, typeof stored.status === 'number' ? stored.status : 6);
  } catch (error) {
    logs.bunnyWebhookNotApplied(link.project, link.fileId, error);
    await linkRef(db, guid)
      .update({ webhookSignatures: FieldValue.arrayRemove(mark) })
      .catch(() => undefined);
  }
  return 'applied';
}
