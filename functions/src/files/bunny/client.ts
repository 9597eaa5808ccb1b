import { z } from 'zod';
import { fetchUpstream, joinUrl, type UpstreamCallOptions } from '../../lib/vendor-http.js';

/**
 * Bunny Stream's library API (https://video.bunnycdn.com/library/{libraryId}/videos), the calls the
 * console makes: create a video (the browser then uploads its bytes over TUS) and read one back.
 * Authenticated by the library's API key in the `AccessKey` header; every answer zod-parsed.
 */

export const BUNNY_STREAM = 'Bunny Stream';

/**
 * Bunny's video object (VideoModel), the members the console reads; the rest pass through.
 * `status` is the video status of the API — 0 created, 1 uploaded, 2 processing, 3 transcoding,
 * 4 finished, 5 error, 6 upload failed, 7 JIT segmenting, 8 JIT playlists created — which is not
 * the webhook's list that the console shows (see consoleVideoStatus).
 */
export const bunnyVideoObjectSchema = z
  .object({
    guid: z.string().min(1),
    videoLibraryId: z.union([z.number(), z.string()]).transform(String),
    title: z.string().nullish(),
    status: z.number().int(),
    encodeProgress: z.number().nullish(),
    length: z.number().nullish(),
    width: z.number().nullish(),
    height: z.number().nullish(),
    availableResolutions: z.string().nullish(),
    thumbnailFileName: z.string().nullish(),
    storageSize: z.number().nullish(),
    dateUploaded: z.string().nullish(),
  })
  .passthrough();
export type BunnyVideoObject = z.infer<typeof bunnyVideoObjectSchema>;

/** Bunny's API video status names, for messages and tests. */
export const BUNNY_API_VIDEO_STATUS = {
  created: 0,
  uploaded: 1,
  processing: 2,
  transcoding: 3,
  finished: 4,
  error: 5,
  uploadFailed: 6,
  jitSegmenting: 7,
  jitPlaylistsCreated: 8,
} as const;

/**
 * The console's status (document 1 §4, the list Bunny's webhook sends) for a video object:
 * created → 6 (the signed upload was handed out; the bytes are not all there yet), uploaded → 0
 * queued, processing → 1, transcoding → 2, or 4 once a first resolution is available (playable),
 * finished → 3, error → 5, upload failed → 8; JIT segmenting → 1, JIT playlists created → 4.
 * Null for a status this table does not know (the caller keeps what it had).
 */
export function consoleVideoStatus(video: Pick<BunnyVideoObject, 'status' | 'availableResolutions'>): number | null {
  switch (video.status) {
    case 0:
      return 6;
    case 1:
      return 0;
    case 2:
      return 1;
    case 3:
      return video.availableResolutions?.trim() ? 4 : 2;
    case 4:
      return 3;
    case 5:
      return 5;
    case 6:
      return 8;
    case 7:
      return 1;
    case 8:
      return 4;
    default:
      return null;
  }
}

export interface BunnyStreamOptions extends UpstreamCallOptions {
  /** https://video.bunnycdn.com (param BUNNY_STREAM_API_URL). */
  baseUrl: string;
  libraryId: string;
  apiKey: string;
}

export class BunnyStreamClient {
  constructor(private readonly options: BunnyStreamOptions) {}

  private call(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; idempotent?: boolean }) {
    const { baseUrl, libraryId, apiKey, ...call } = this.options;
    return fetchUpstream(BUNNY_STREAM, joinUrl(baseUrl, `/library/${encodeURIComponent(libraryId)}/videos${path}`), {
      ...call,
      method: init.method ?? 'GET',
      headers: { AccessKey: apiKey, accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      idempotent: init.idempotent,
      schema: bunnyVideoObjectSchema,
    });
  }

  /** Creates an empty video titled `title`; its bytes come later by TUS. Not repeated on failure (it would create two). */
  createVideo(title: string): Promise<BunnyVideoObject> {
    return this.call('', { method: 'POST', body: { title: title.slice(0, 500) || 'Vídeo' } });
  }

  /** The video `videoId`; UpstreamError kind 'not-found' (404) when the library does not have it. */
  getVideo(videoId: string): Promise<BunnyVideoObject> {
    return this.call(`/${encodeURIComponent(videoId)}`, {});
  }
}
