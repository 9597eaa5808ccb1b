import { createHash, createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_FILE } from './catalogue.js';
import { readJsonBody, safeEqual, sendJson, sendText } from './respond.js';

/**
 * Bunny Stream, the subset the console uses (functions/src/bunny):
 *
 * - Library API (AccessKey header = the library's API key, as config/bunny holds it):
 *   `POST /library/{libraryId}/videos {title}` creates a video and answers the video object;
 *   `GET /library/{libraryId}/videos/{videoId}` answers it. 401 for a wrong key, 404 for an unknown
 *   video. The video object's `status` is Bunny's *video* status (0 created, 1 uploaded,
 *   2 processing, 3 transcoding, 4 finished, 5 error, 6 upload failed), not the webhook list.
 * - TUS upload (`/tusupload`, tus 1.0.0, compatible with tus-js-client, CORS for a browser on
 *   another origin): creation needs AuthorizationSignature = sha256(libraryId + apiKey + expire +
 *   videoId), AuthorizationExpire (unix seconds, in the future), VideoId and LibraryId; every later
 *   request (HEAD, PATCH) carries them too and is checked the same way. Bytes are counted, not kept.
 * - Once the upload completes the video goes through the webhook statuses 7 → 0 → 1 → 2 → 4 → 3
 *   (or … 2 → 5 when the encoding fault is on), one step every `stepMs`, and on every change
 *   (6 at upload creation included) the sandbox POSTs {VideoLibraryId, VideoGuid, Status} to the
 *   library's webhook URL when one is set, signed as Bunny signs it (v1: X-BunnyStream-Signature,
 *   hex HMAC-SHA256 of the body with the library's Read-Only API key) when the library has one.
 * - CDN: `GET /cdn/{cdnHostname}/{videoId}/thumbnail.jpg` (404 until processing started or after
 *   a failure); player: `GET /embed/{libraryId}/{videoId}[?token&expires]`, a 16:9 placeholder page
 *   (token = sha256(streamAuthKey + videoId + expires) checked when given).
 * - Controls (besides /__sandbox/ of faults.ts): `GET|POST|DELETE /__bunny/settings`
 *   {stepMs, failEncodings: true | false | N next encodings, webhookUrl: URL | null} and
 *   `GET|DELETE /__bunny/webhooks`, the webhook deliveries made.
 *
 * Libraries: every project/{p}/config/bunny of the seed, so the functions, reading the same
 * documents, are accepted.
 */

export interface BunnyLibrary {
  libraryId: string;
  apiKey: string;
  pullZone: string;
  cdnHostname: string;
  streamAuthKey?: string;
  /** The library's Read-Only API key: its webhook calls are signed with it (v1). */
  readOnlyApiKey?: string;
}

/** The webhook list (document 1 §4), the sandbox's own notion of where a video is. */
type WebhookStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface BunnySandboxVideo {
  guid: string;
  libraryId: string;
  title: string;
  createdAt: string;
  collectionId: string;
  /** null until a TUS upload is created. */
  phase: WebhookStatus | null;
  upload: { id: string; length: number; offset: number; metadata: Record<string, string> } | null;
  /** Whether this video's encoding will fail (decided when its upload completes). */
  failing: boolean;
}

export interface BunnyWebhookDelivery {
  time: string;
  url: string;
  body: { VideoLibraryId: number; VideoGuid: string; Status: number };
  /** The bytes sent and the signature headers, as Bunny sends them (for replaying a call in tests). */
  rawBody: string;
  headers: Record<string, string>;
  /** HTTP status of the answer; null when the call failed (`error`). */
  status: number | null;
  error?: string;
}

export interface BunnySandboxSettings {
  /** Time between two encoding statuses. Default 300 ms. */
  stepMs: number;
  /** true: every encoding fails (status 5); a number: the next N encodings fail; false/0: none. */
  failEncodings: boolean | number;
  /** Where the status changes are POSTed (every library); null: nowhere. */
  webhookUrl: string | null;
}

export interface BunnyStreamSandboxOptions {
  libraries?: BunnyLibrary[];
  stepMs?: number;
  webhookUrl?: string | null;
}

export type BunnyStreamSandbox = RequestListener & {
  readonly libraries: BunnyLibrary[];
  settings(): BunnySandboxSettings;
  configure(settings: Partial<BunnySandboxSettings>): BunnySandboxSettings;
  reset(): void;
  video(guid: string): BunnySandboxVideo | undefined;
  webhookDeliveries(): BunnyWebhookDelivery[];
};

export const TUS_PATH = '/tusupload';
const TUS_VERSION = '1.0.0';
const TUS_MAX_SIZE = 10 * 1024 ** 3;
const DEFAULT_STEP_MS = 300;
const THUMBNAIL_FILE = 'thumbnail.jpg';
const THUMBNAIL = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'bunny-stream', THUMBNAIL_FILE));

/** Every config/bunny of the seed with the members the API needs. */
export function loadBunnyLibraries(seedFile = process.env.SANDBOX_SEED_FILE ?? SEED_FILE): BunnyLibrary[] {
  const documents = JSON.parse(readFileSync(seedFile, 'utf8')) as Record<string, Record<string, unknown>>;
  const libraries: BunnyLibrary[] = [];
  for (const [path, data] of Object.entries(documents)) {
    if (!/^project\/[^/]+\/config\/bunny$/.test(path)) continue;
    const { libraryId, apiKey, pullZone, cdnHostname, streamAuthKey, readOnlyApiKey } = data as Record<string, unknown>;
    if (typeof apiKey !== 'string' || !apiKey || (typeof libraryId !== 'string' && typeof libraryId !== 'number')) continue;
    libraries.push({
      libraryId: String(libraryId),
      apiKey,
      pullZone: typeof pullZone === 'string' ? pullZone : '',
      cdnHostname: typeof cdnHostname === 'string' ? cdnHostname : '',
      ...(typeof streamAuthKey === 'string' && streamAuthKey ? { streamAuthKey } : {}),
      ...(typeof readOnlyApiKey === 'string' && readOnlyApiKey ? { readOnlyApiKey } : {}),
    });
  }
  return libraries;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Bunny's TUS authorisation: sha256(library_id + api_key + expiration_time + video_id), hex. */
export function tusSignature(libraryId: string, apiKey: string, expire: number | string, videoId: string): string {
  return sha256Hex(`${libraryId}${apiKey}${expire}${videoId}`);
}

/** Bunny's embed view token: sha256(token_security_key + video_id + expires), hex. */
export function embedToken(streamAuthKey: string, videoId: string, expires: number | string): string {
  return sha256Hex(`${streamAuthKey}${videoId}${expires}`);
}

/**
 * The headers of a signed webhook call (https://docs.bunny.net/stream/webhooks, 'Signature
 * validation', read 2026-12-06): v1, lowercase hex HMAC-SHA256 of the exact body bytes keyed by the
 * library's Read-Only API key; URL, time, method and other headers are not signed.
 */
export function webhookSignatureHeaders(rawBody: string, readOnlyApiKey: string): Record<string, string> {
  return {
    'X-BunnyStream-Signature-Version': 'v1',
    'X-BunnyStream-Signature-Algorithm': 'hmac-sha256',
    'X-BunnyStream-Signature': createHmac('sha256', readOnlyApiKey).update(rawBody, 'utf8').digest('hex'),
  };
}

/** Bunny's video status (video object) for the sandbox's webhook-list phase. */
function videoStatus(phase: WebhookStatus | null): number {
  switch (phase) {
    case null:
    case 6:
      return 0; // created: nothing (or not everything) uploaded yet
    case 7:
    case 0:
      return 1; // uploaded, queued
    case 1:
      return 2; // processing
    case 2:
    case 4:
      return 3; // transcoding (4: a first resolution is ready and playable)
    case 3:
      return 4; // finished
    case 5:
      return 5; // error
    case 8:
      return 6; // upload failed
  }
}

const ENCODE_PROGRESS: Record<number, number> = { 1: 5, 2: 35, 4: 70, 3: 100, 5: 35 };

function processed(phase: WebhookStatus | null): boolean {
  return phase === 1 || phase === 2 || phase === 4 || phase === 3;
}

/** The video object as Bunny's API answers it (the fields of its VideoModel). */
export function videoObject(video: BunnySandboxVideo) {
  const phase = video.phase;
  const bytes = video.upload?.offset ?? 0;
  const resolutions = phase === 4 ? '240p,360p' : phase === 3 ? '240p,360p,480p,720p' : '';
  const known = phase !== null && (processed(phase) || phase === 5);
  return {
    videoLibraryId: Number(video.libraryId),
    guid: video.guid,
    title: video.title,
    description: null,
    dateUploaded: video.createdAt,
    views: 0,
    isPublic: false,
    length: known ? Math.max(1, Math.round(bytes / 100_000)) : 0,
    status: videoStatus(phase),
    framerate: known ? 30 : 0,
    rotation: known ? 0 : null,
    width: known ? 1280 : 0,
    height: known ? 720 : 0,
    availableResolutions: resolutions || null,
    outputCodecs: resolutions ? 'x264' : null,
    thumbnailCount: processed(phase) ? 1 : 0,
    encodeProgress: phase === null ? 0 : (ENCODE_PROGRESS[phase] ?? 0),
    storageSize: bytes,
    captions: [],
    hasMP4Fallback: phase === 3,
    collectionId: video.collectionId,
    thumbnailFileName: THUMBNAIL_FILE,
    thumbnailBlurhash: null,
    averageWatchTime: 0,
    totalWatchTime: 0,
    category: 'unknown',
    chapters: [],
    moments: [],
    metaTags: [],
    transcodingMessages:
      phase === 5 ? [{ timeStamp: new Date().toISOString(), level: 2, issueCode: 0, message: 'Encoding failed (sandbox fault).', value: null }] : [],
    jitEncodingEnabled: false,
    smartGenerateStatus: null,
  };
}

/**
 * bunny.net's error body, `{ErrorKey, Field, Message}` (https://docs.bunny.net/api-reference/core/errors;
 * contracts/bunny-stream/SOURCE.md). Messages are the published document's descriptions of each
 * status where it has one; the keys follow the page's `resource.reason` form.
 */
export function bunnyErrorBody(key: string, field: string, message: string) {
  return { ErrorKey: key, Field: field, Message: message };
}

function bunnyError(res: ServerResponse, status: number, key: string, field: string, message: string, headers: OutgoingHttpHeaders = {}): void {
  sendJson(res, status, bunnyErrorBody(key, field, message), headers);
}

/**
 * What an injected fault answers (faults.ts): Bunny's error body. A 429 carries no Retry-After
 * (index.ts): bunny.net documents none (its Errors page: '429 Too many requests; the rate limit has
 * been exceeded'), so a client can only back off.
 */
export function bunnyFaultBody(status: number) {
  if (status === 429) return bunnyErrorBody('request.rate_limited', 'Request', 'Too many requests; the rate limit has been exceeded.');
  if (status === 500) return bunnyErrorBody('server.internal_error', 'Request', 'Internal Server Error.');
  return bunnyErrorBody('server.unavailable', 'Request', `Service unavailable (HTTP ${status}).`);
}

/** The body of Create Video, as the contract's CreateVideoModel has it. */
interface CreateVideoModel {
  title: string;
  collectionId?: string | null;
  thumbnailTime?: number | null;
}

/**
 * Why a Create Video body is not a CreateVideoModel (contracts/bunny-stream: `title` required,
 * minLength 1; `collectionId` string or null; `thumbnailTime` int32 or null), or null when it is.
 */
export function createVideoModelProblem(body: unknown): { field: string; message: string } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { field: 'model', message: 'The request body is required (application/json).' };
  const { title, collectionId, thumbnailTime } = body as Record<string, unknown>;
  if (typeof title !== 'string' || title.length < 1) return { field: 'Title', message: 'The Title field is required.' };
  if (collectionId !== undefined && collectionId !== null && typeof collectionId !== 'string')
    return { field: 'CollectionId', message: 'The CollectionId field must be a string.' };
  if (thumbnailTime !== undefined && thumbnailTime !== null && !(Number.isInteger(thumbnailTime) && Math.abs(thumbnailTime as number) < 2 ** 31))
    return { field: 'ThumbnailTime', message: 'The ThumbnailTime field must be a 32-bit integer.' };
  return null;
}

/** CORS for the TUS endpoint: a browser on the console's origin uploads straight here. */
function corsHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const requested = req.headers['access-control-request-headers'];
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    vary: 'Origin',
    'access-control-allow-methods': 'POST, GET, HEAD, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers':
      (typeof requested === 'string' && requested) ||
      'Authorization, Origin, X-Requested-With, X-Request-ID, X-HTTP-Method-Override, Content-Type, Upload-Length, Upload-Offset, Tus-Resumable, Upload-Metadata, Upload-Defer-Length, Upload-Concat, AuthorizationSignature, AuthorizationExpire, VideoId, LibraryId',
    'access-control-expose-headers': 'Location, Upload-Offset, Upload-Length, Tus-Version, Tus-Resumable, Tus-Max-Size, Tus-Extension, Upload-Metadata',
    'access-control-max-age': '86400',
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** tus Upload-Metadata: `key base64,key2 base64`. Null when malformed. */
export function parseUploadMetadata(text: string | undefined): Record<string, string> | null {
  const metadata: Record<string, string> = {};
  if (!text?.trim()) return metadata;
  for (const pair of text.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined) return null;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    metadata[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

function html(title: string, body: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>html,body{margin:0;height:100%;background:#000;color:#fff;font:14px sans-serif}
.frame{position:relative;width:100%;aspect-ratio:16/9;max-height:100%;display:flex;align-items:center;justify-content:center;flex-direction:column;gap:8px}
.frame img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.6}
.frame p{position:relative;margin:0;padding:4px 10px;background:rgba(0,0,0,.6);border-radius:4px}</style></head>
<body>${body}</body></html>`;
}

export function createBunnyStreamSandbox(options: BunnyStreamSandboxOptions = {}): BunnyStreamSandbox {
  const libraries = options.libraries ?? loadBunnyLibraries();
  const byId = new Map(libraries.map((l) => [l.libraryId, l]));
  const byHostname = new Map(libraries.filter((l) => l.cdnHostname).map((l) => [l.cdnHostname, l]));
  const defaults: BunnySandboxSettings = { stepMs: options.stepMs ?? DEFAULT_STEP_MS, failEncodings: false, webhookUrl: options.webhookUrl ?? null };
  let settings: BunnySandboxSettings = { ...defaults };
  const videos = new Map<string, BunnySandboxVideo>();
  const uploads = new Map<string, BunnySandboxVideo>();
  let deliveries: BunnyWebhookDelivery[] = [];
  const sending = new Map<string, Promise<void>>();

  function notify(video: BunnySandboxVideo): void {
    const url = settings.webhookUrl;
    if (!url || video.phase === null) return;
    const body = { VideoLibraryId: Number(video.libraryId), VideoGuid: video.guid, Status: video.phase };
    const rawBody = JSON.stringify(body);
    // Signed when the library has a Read-Only API key, as Bunny signs every call of such a library.
    const readOnlyApiKey = byId.get(video.libraryId)?.readOnlyApiKey;
    const headers = readOnlyApiKey ? webhookSignatureHeaders(rawBody, readOnlyApiKey) : {};
    const delivery: BunnyWebhookDelivery = { time: new Date().toISOString(), url, body, rawBody, headers, status: null };
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.splice(0, deliveries.length - 1000);
    // One video's calls go one after the other, so the receiver sees its statuses in order.
    const previous = sending.get(video.guid) ?? Promise.resolve();
    const sent = previous.then(() =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody, signal: AbortSignal.timeout(10_000) })
        .then(async (res) => {
          delivery.status = res.status;
          await res.arrayBuffer().catch(() => undefined);
        })
        .catch((error: unknown) => {
          delivery.error = error instanceof Error ? error.message : String(error);
        }),
    );
    sending.set(video.guid, sent);
    void sent.then(() => {
      if (sending.get(video.guid) === sent) sending.delete(video.guid);
    });
  }

  function setPhase(video: BunnySandboxVideo, phase: WebhookStatus): void {
    video.phase = phase;
    notify(video);
  }

  /** After the upload: 7 now, then 0, 1, 2 and 4, 3 (or 5), one step every stepMs. */
  function encode(video: BunnySandboxVideo): void {
    const fail = settings.failEncodings;
    video.failing = fail === true || (typeof fail === 'number' && fail > 0);
    if (typeof fail === 'number' && fail > 0) settings.failEncodings = fail - 1;
    setPhase(video, 7);
    const steps: WebhookStatus[] = video.failing ? [0, 1, 2, 5] : [0, 1, 2, 4, 3];
    const next = () => {
      const phase = steps.shift();
      if (phase === undefined) return;
      setPhase(video, phase);
      if (steps.length) setTimeout(next, settings.stepMs).unref();
    };
    setTimeout(next, settings.stepMs).unref();
  }

  function library(req: IncomingMessage, res: ServerResponse, libraryId: string): BunnyLibrary | null {
    const found = byId.get(libraryId);
    const key = header(req, 'AccessKey');
    if (!found || !key || !safeEqual(key, found.apiKey)) {
      bunnyError(res, 401, 'library.unauthorized', 'AccessKey', 'The request authorization failed.');
      return null;
    }
    return found;
  }

  async function libraryApi(req: IncomingMessage, res: ServerResponse, libraryId: string, videoId: string | undefined): Promise<void> {
    const lib = library(req, res, libraryId);
    if (!lib) return;
    if (videoId === undefined) {
      if (req.method !== 'POST') return bunnyError(res, 405, 'request.method_not_allowed', 'Method', 'Method not allowed.', { allow: 'POST' });
      // The contract takes application/json only; any other body is not a CreateVideoModel.
      const json = (header(req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
      if (!json) req.resume();
      const body = json ? await readJsonBody(req) : undefined;
      const refused = createVideoModelProblem(body);
      if (refused) return bunnyError(res, 400, 'video.validation_failed', refused.field, refused.message);
      const model = body as CreateVideoModel;
      const video: BunnySandboxVideo = {
        guid: randomUUID(),
        libraryId: lib.libraryId,
        title: model.title,
        createdAt: new Date().toISOString(),
        collectionId: model.collectionId ?? '',
        phase: null,
        upload: null,
        failing: false,
      };
      videos.set(video.guid, video);
      return sendJson(res, 200, videoObject(video));
    }
    const video = videos.get(videoId);
    if (!video || video.libraryId !== lib.libraryId) return bunnyError(res, 404, 'video.not_found', 'VideoId', 'The requested video was not found.');
    if (req.method !== 'GET') return bunnyError(res, 405, 'request.method_not_allowed', 'Method', 'Method not allowed.', { allow: 'GET' });
    return sendJson(res, 200, videoObject(video));
  }

  /** The TUS authorisation headers, checked against the library's key. Answers and returns null when refused. */
  function tusAuthorisation(req: IncomingMessage, res: ServerResponse, cors: OutgoingHttpHeaders): BunnySandboxVideo | null {
    const refuse = (status: number, message: string) => {
      sendText(res, status, message, 'text/plain; charset=utf-8', { ...cors, 'tus-resumable': TUS_VERSION });
      return null;
    };
    const signature = header(req, 'AuthorizationSignature');
    const expire = header(req, 'AuthorizationExpire');
    const videoId = header(req, 'VideoId');
    const libraryId = header(req, 'LibraryId');
    if (!signature || !expire || !videoId || !libraryId)
      return refuse(401, 'Missing authorization headers (AuthorizationSignature, AuthorizationExpire, VideoId, LibraryId).');
    const lib = byId.get(libraryId);
    if (!lib || !/^\d+$/.test(expire) || !safeEqual(signature.toLowerCase(), tusSignature(lib.libraryId, lib.apiKey, expire, videoId))) {
      return refuse(401, 'Invalid authorization signature.');
    }
    if (Number(expire) < Math.floor(Date.now() / 1000)) return refuse(401, 'Authorization expired.');
    const video = videos.get(videoId);
    if (!video || video.libraryId !== lib.libraryId) return refuse(404, 'Video not found.');
    return video;
  }

  async function tus(req: IncomingMessage, res: ServerResponse, uploadId: string | undefined): Promise<void> {
    const cors = corsHeaders(req);
    const method = req.method ?? 'GET';
    const tusHeaders = { ...cors, 'tus-resumable': TUS_VERSION, 'cache-control': 'no-store' };
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'tus-resumable': TUS_VERSION,
        'tus-version': TUS_VERSION,
        'tus-extension': 'creation,creation-with-upload,termination',
        'tus-max-size': String(TUS_MAX_SIZE),
      });
      return void res.end();
    }
    const refuse = (status: number, message: string) => sendText(res, status, message, 'text/plain; charset=utf-8', tusHeaders);
    if (header(req, 'Tus-Resumable') !== TUS_VERSION) {
      res.writeHead(412, { ...tusHeaders, 'tus-version': TUS_VERSION });
      return void res.end('Unsupported Tus-Resumable version.');
    }
    const video = tusAuthorisation(req, res, cors);
    if (!video) {
      req.resume();
      return;
    }

    if (uploadId === undefined) {
      if (method !== 'POST') return refuse(405, 'Method not allowed.');
      const lengthText = header(req, 'Upload-Length');
      const length = Number(lengthText);
      if (!lengthText || !/^\d+$/.test(lengthText) || length <= 0) return refuse(400, 'Upload-Length is required (deferred length is not supported).');
      if (length > TUS_MAX_SIZE) return refuse(413, 'Upload too large.');
      const metadata = parseUploadMetadata(header(req, 'Upload-Metadata'));
      if (!metadata) return refuse(400, 'Invalid Upload-Metadata.');
      if (video.upload && video.upload.offset >= video.upload.length) return refuse(409, 'The video was already uploaded.');
      if (video.upload) uploads.delete(video.upload.id);
      video.upload = { id: randomUUID().replace(/-/g, ''), length, offset: 0, metadata };
      if (metadata.title?.trim()) video.title = metadata.title.trim().slice(0, 500);
      uploads.set(video.upload.id, video);
      setPhase(video, 6);
      const location = `http://${req.headers.host ?? '127.0.0.1'}${TUS_PATH}/${video.upload.id}`;
      // creation-with-upload: bytes sent with the creation request.
      if (header(req, 'Content-Type') === 'application/offset+octet-stream') {
        const written = await append(req, video);
        if (written === null) return refuse(400, 'Upload exceeds Upload-Length.');
        res.writeHead(201, { ...tusHeaders, location, 'upload-offset': String(video.upload.offset) });
        return void res.end();
      }
      req.resume();
      res.writeHead(201, { ...tusHeaders, location });
      return void res.end();
    }

    const upload = uploads.get(uploadId);
    if (!upload || upload.guid !== video.guid || !upload.upload) {
      req.resume();
      return refuse(404, 'Upload not found.');
    }
    const state = upload.upload;
    if (method === 'HEAD') {
      res.writeHead(200, { ...tusHeaders, 'upload-offset': String(state.offset), 'upload-length': String(state.length) });
      return void res.end();
    }
    if (method === 'DELETE') {
      req.resume();
      uploads.delete(uploadId);
      if (state.offset < state.length) {
        upload.upload = null;
        setPhase(upload, 8);
      }
      res.writeHead(204, tusHeaders);
      return void res.end();
    }
    if (method !== 'PATCH') {
      req.resume();
      return refuse(405, 'Method not allowed.');
    }
    if (header(req, 'Content-Type') !== 'application/offset+octet-stream') {
      req.resume();
      return refuse(415, 'Content-Type must be application/offset+octet-stream.');
    }
    if (Number(header(req, 'Upload-Offset')) !== state.offset) {
      req.resume();
      return refuse(409, `Upload-Offset mismatch (server has ${state.offset}).`);
    }
    if (state.offset >= state.length) {
      req.resume();
      return refuse(400, 'Upload already complete.');
    }
    const written = await append(req, upload);
    if (written === null) return refuse(400, 'Upload exceeds Upload-Length.');
    res.writeHead(204, { ...tusHeaders, 'upload-offset': String(state.offset) });
    res.end();
  }

  /** Counts the body's bytes into the upload; starts the encoding when complete. Null when too long. */
  async function append(req: IncomingMessage, video: BunnySandboxVideo): Promise<number | null> {
    const state = video.upload!;
    let received = 0;
    for await (const chunk of req) {
      received += (chunk as Buffer).length;
      if (state.offset + received > state.length) return null;
    }
    state.offset += received;
    if (received > 0 && state.offset === state.length) encode(video);
    return received;
  }

  function cdn(res: ServerResponse, hostname: string, videoId: string, file: string): void {
    const lib = byHostname.get(hostname);
    const video = videos.get(videoId);
    if (!lib || !video || video.libraryId !== lib.libraryId || file !== THUMBNAIL_FILE || !processed(video.phase)) {
      return sendText(res, 404, 'Not found', 'text/plain; charset=utf-8');
    }
    res.writeHead(200, {
      'content-type': 'image/jpeg',
      'content-length': THUMBNAIL.length,
      'cache-control': 'public, max-age=60',
      'access-control-allow-origin': '*',
    });
    res.end(THUMBNAIL);
  }

  function embed(req: IncomingMessage, res: ServerResponse, libraryId: string, videoId: string): void {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const lib = byId.get(libraryId);
    const video = videos.get(videoId);
    if (!lib || !video || video.libraryId !== libraryId) {
      return sendText(res, 404, html('Vídeo não encontrado', '<div class="frame"><p>Vídeo não encontrado.</p></div>'), 'text/html; charset=utf-8');
    }
    const token = url.searchParams.get('token');
    const expires = url.searchParams.get('expires');
    if (token !== null || expires !== null) {
      const valid =
        lib.streamAuthKey !== undefined &&
        token !== null &&
        expires !== null &&
        /^\d+$/.test(expires) &&
        Number(expires) >= Math.floor(Date.now() / 1000) &&
        safeEqual(token.toLowerCase(), embedToken(lib.streamAuthKey, videoId, expires));
      if (!valid) return sendText(res, 403, html('Acesso negado', '<div class="frame"><p>Token inválido ou expirado.</p></div>'), 'text/html; charset=utf-8');
    }
    const phase = video.phase;
    const thumbnail = `/cdn/${lib.cdnHostname}/${video.guid}/${THUMBNAIL_FILE}`;
    const message =
      phase === 3 || phase === 4
        ? 'Reprodução simulada (sandbox Bunny Stream).'
        : phase === 5 || phase === 8
          ? 'Falha na codificação do vídeo.'
          : 'Vídeo em processamento.';
    const title = video.title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const body = `<div class="frame" data-video="${video.guid}" data-status="${phase ?? ''}">${processed(phase) ? `<img src="${thumbnail}" alt="">` : ''}<p>${title}</p><p>${message}</p></div>`;
    sendText(res, 200, html(video.title, body), 'text/html; charset=utf-8');
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === '/__bunny/settings') {
      if (method === 'DELETE') {
        settings = { ...defaults };
        return sendJson(res, 200, settings);
      }
      if (method === 'POST' || method === 'PUT') {
        const body = await readJsonBody(req);
        try {
          configure(body as Partial<BunnySandboxSettings>);
        } catch (error) {
          return sendJson(res, 400, { erro: (error as Error).message });
        }
      }
      return sendJson(res, 200, settings);
    }
    if (path === '/__bunny/webhooks') {
      if (method === 'DELETE') deliveries = [];
      return sendJson(res, 200, { count: deliveries.length, deliveries });
    }
    return sendJson(res, 404, { erro: `Controle desconhecido: ${method} ${path}` });
  }

  function configure(input: Partial<BunnySandboxSettings>): BunnySandboxSettings {
    if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error('Configuração deve ser um objeto.');
    const next = { ...settings };
    for (const [key, value] of Object.entries(input)) {
      if (key === 'stepMs') {
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 600_000) throw new Error('stepMs inválido.');
        next.stepMs = value;
      } else if (key === 'failEncodings') {
        if (typeof value !== 'boolean' && !(typeof value === 'number' && Number.isInteger(value) && value >= 0)) throw new Error('failEncodings inválido.');
        next.failEncodings = value;
      } else if (key === 'webhookUrl') {
        if (value !== null && (typeof value !== 'string' || !/^https?:\/\//.test(value))) throw new Error('webhookUrl inválido.');
        next.webhookUrl = value;
      } else {
        throw new Error(`Configuração desconhecida: ${key}`);
      }
    }
    settings = next;
    return settings;
  }

  const listener: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const run = async () => {
      if (path.startsWith('/__bunny/')) return control(req, res, path);
      let m = /^\/library\/([^/]+)\/videos(?:\/([^/]+))?$/.exec(path);
      if (m) return libraryApi(req, res, decodeURIComponent(m[1]!), m[2] === undefined ? undefined : decodeURIComponent(m[2]));
      m = new RegExp(`^${TUS_PATH}(?:/([^/]+))?$`).exec(path);
      if (m) return tus(req, res, m[1]);
      m = /^\/cdn\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
      if (m && (req.method === 'GET' || req.method === 'HEAD')) return cdn(res, m[1]!, m[2]!, m[3]!);
      m = /^\/embed\/([^/]+)\/([^/]+)$/.exec(path);
      if (m && req.method === 'GET') return embed(req, res, m[1]!, m[2]!);
      bunnyError(res, 404, 'request.not_found', 'Path', 'Not found.');
    };
    run().catch((error: unknown) => {
      if (!res.headersSent) bunnyError(res, 500, 'server.internal_error', 'Request', error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  };

  return Object.assign(listener, {
    libraries,
    settings: () => ({ ...settings }),
    configure,
    reset() {
      settings = { ...defaults };
      deliveries = [];
    },
    video: (guid: string) => videos.get(guid),
    webhookDeliveries: () => deliveries.slice(),
  });
}
