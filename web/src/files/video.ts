import {
  consoleFilesCdnBunnyUploadVideoUrlEndpoint,
  fileVideoEndpoint,
  isVideoFailed,
  isVideoPlayable,
  type BunnyUploadTicket,
  type BunnyVideo,
  type VideoStatusResponse,
} from '@console/shared';
import { callApi } from '../lib/api';

/**
 * Sending a registered video to Bunny Stream and following its encoding (document 1 §4 'Video
 * encoding status'): the server creates the video and signs a TUS upload
 * (POST /api/console/files/cdn/bunny/upload-video-url), the browser uploads straight to Bunny with
 * tus-js-client (loaded on demand), then GET /api/file/video/{id} is polled until the video is
 * playable or failed.
 */
export const VIDEO_POLL_MS = 2500;
/** Polling gives up after this many failed calls in a row (the status stays as last seen). */
export const VIDEO_POLL_MAX_FAILURES = 5;

/** Whether nothing more will happen to a video with this status (playable or failed). */
export function isVideoSettled(status: number | null | undefined): boolean {
  return isVideoPlayable(status) || isVideoFailed(status);
}

/**
 * A status answer: cdn.bunny as the File object keeps it (the plain player address), and the
 * player address to load now (signed for a while when the library uses embed token
 * authentication, so it is used for playing and never stored).
 */
export interface VideoState {
  bunny: BunnyVideo;
  playerUrl: string;
}

export function videoStateFrom(answer: VideoStatusResponse): VideoState {
  const bunny = answer.cdn.bunny;
  return { bunny, playerUrl: answer.iframeUrl || bunny.iframeUrl };
}

export async function requestBunnyTicket(fileId: string, project: string): Promise<BunnyUploadTicket> {
  return (await callApi(consoleFilesCdnBunnyUploadVideoUrlEndpoint, { project, body: { id: fileId } })).data;
}

/** The headers Bunny's TUS endpoint authorises an upload by (its documented names). */
export function bunnyTusHeaders(ticket: BunnyUploadTicket): Record<string, string> {
  return {
    AuthorizationSignature: ticket.authorizationSignature,
    AuthorizationExpire: String(ticket.authorizationExpire),
    VideoId: ticket.videoId,
    LibraryId: ticket.libraryId,
  };
}

/** Uploads the video's bytes to Bunny over TUS, reporting whole percents. */
export async function uploadToBunny(ticket: BunnyUploadTicket, data: Blob, name: string, onPercent: (percent: number) => void): Promise<void> {
  const { Upload } = await import('tus-js-client');
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: ticket.endpoint,
      retryDelays: [0, 1000, 3000],
      headers: bunnyTusHeaders(ticket),
      metadata: { filetype: data.type || 'video/mp4', title: name },
      // Every send is a new Bunny video: never resume an older upload from localStorage.
      storeFingerprintForResuming: false,
      onProgress: (sent, total) => onPercent(total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0),
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
}

export async function fetchVideoStatus(fileId: string, project: string): Promise<VideoState> {
  return videoStateFrom(await callApi(fileVideoEndpoint, { params: { fileId }, project }));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

export interface PollOptions {
  fileId: string;
  project: string;
  /** Every answer, in order. */
  onStatus(state: VideoState): void;
  signal: AbortSignal;
  intervalMs?: number;
  /** Ask at once instead of after the first interval. */
  immediate?: boolean;
  fetchStatus?: (fileId: string, project: string) => Promise<VideoState>;
}

/**
 * Asks for the video's status every `intervalMs` until it is playable or failed (or the signal
 * aborts, e.g. the widget went away). Resolves with the last status seen (null when none came).
 */
export async function pollVideo({
  fileId,
  project,
  onStatus,
  signal,
  intervalMs = VIDEO_POLL_MS,
  immediate = false,
  fetchStatus = fetchVideoStatus,
}: PollOptions): Promise<VideoState | null> {
  let last: VideoState | null = null;
  let failures = 0;
  let first = true;
  while (!signal.aborted) {
    if (!first || !immediate) await sleep(intervalMs, signal);
    first = false;
    if (signal.aborted) break;
    try {
      last = await fetchStatus(fileId, project);
      failures = 0;
    } catch (error) {
      console.error('Status do vídeo indisponível:', error);
      if (++failures >= VIDEO_POLL_MAX_FAILURES) break;
      continue;
    }
    if (signal.aborted) break;
    onStatus(last);
    if (isVideoSettled(last.bunny.status)) break;
  }
  return last;
}
