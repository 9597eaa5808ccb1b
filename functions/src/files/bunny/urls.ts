import type { BunnyVideo } from '@console/shared';
import { consoleVideoStatus, type BunnyVideoObject } from './client.js';
import type { BunnyConfig } from './config.js';
import { signEmbedUrl } from './signature.js';

/** Where Bunny's pieces live (params in production; the sandbox locally). */
export interface BunnyBases {
  /** https://video.bunnycdn.com */
  api: string;
  /** https://video.bunnycdn.com/tusupload */
  tus: string;
  /** https://iframe.mediadelivery.net/embed */
  embed: string;
  /** https://{cdnHostname} — the placeholder is the library's CDN host. */
  cdn: string;
}

const trim = (url: string) => url.replace(/\/+$/, '');
const DEFAULT_THUMBNAIL = 'thumbnail.jpg';

/** The embed player of a video: {embed}/{libraryId}/{videoId} (unsigned). */
export function iframeUrl(bases: Pick<BunnyBases, 'embed'>, libraryId: string, videoId: string): string {
  return `${trim(bases.embed)}/${encodeURIComponent(libraryId)}/${encodeURIComponent(videoId)}`;
}

/** A video's thumbnail on the library's CDN: https://{cdnHostname}/{videoId}/{thumbnailFileName}. */
export function thumbnailUrl(bases: Pick<BunnyBases, 'cdn'>, cdnHostname: string, videoId: string, fileName?: string | null): string {
  const base = bases.cdn.includes('{cdnHostname}') ? bases.cdn.replace('{cdnHostname}', cdnHostname) : `${trim(bases.cdn)}/${cdnHostname}`;
  return `${trim(base)}/${encodeURIComponent(videoId)}/${encodeURIComponent(fileName || DEFAULT_THUMBNAIL)}`;
}

/**
 * cdn.bunny of a file (document 1 §3) for Bunny's video object: the console status (document 1 §4),
 * the thumbnail and the player. `fallbackStatus` stands in for a status the table does not know.
 */
export function bunnyVideoState(config: BunnyConfig, bases: BunnyBases, video: BunnyVideoObject, fallbackStatus = 6): BunnyVideo {
  return {
    id: video.guid,
    status: consoleVideoStatus(video) ?? fallbackStatus,
    thumbnail: thumbnailUrl(bases, config.cdnHostname, video.guid, video.thumbnailFileName),
    pullZone: config.pullZone,
    iframeUrl: iframeUrl(bases, config.libraryId, video.guid),
  };
}

/** Player URL for the browser now: signed for `ttlSeconds` when the library has an embed token key. */
export function playerUrl(config: BunnyConfig, bunny: Pick<BunnyVideo, 'id' | 'iframeUrl'>, expires: number): string {
  return config.streamAuthKey ? signEmbedUrl(bunny.iframeUrl, config.streamAuthKey, bunny.id, expires) : bunny.iframeUrl;
}
