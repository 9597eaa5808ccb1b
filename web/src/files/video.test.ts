import { describe, expect, it } from 'vitest';
import type { BunnyVideo } from '@console/shared';
import { fileVideoEndpoint } from '@console/shared';
import { bunnyTusHeaders, isVideoSettled, pollVideo, videoStateFrom, type VideoState } from './video';

const bunny = (status: number): BunnyVideo => ({ id: 'v1', status, thumbnail: 't', pullZone: 'pz', iframeUrl: 'https://player/v1' });
const video = (status: number): VideoState => ({ bunny: bunny(status), playerUrl: 'https://player/v1?token=x' });

describe('video on the CDN', () => {
  it('stops waiting once playable or failed (document 1 §4)', () => {
    for (const status of [0, 1, 2, 6, 7]) expect(isVideoSettled(status)).toBe(false);
    for (const status of [3, 4, 5, 8, 9, 10]) expect(isVideoSettled(status)).toBe(true);
  });

  it('keeps cdn.bunny as answered and plays from the signed player address', () => {
    expect(videoStateFrom({ cdn: { bunny: bunny(4) }, iframeUrl: 'https://player/v1?token=s' })).toEqual({
      bunny: bunny(4),
      playerUrl: 'https://player/v1?token=s',
    });
    expect(videoStateFrom({ cdn: { bunny: bunny(4) }, iframeUrl: '' }).playerUrl).toBe('https://player/v1');
    expect(fileVideoEndpoint.url({ params: { fileId: 'a/b c' }, project: 'p' })).toBe('/api/file/video/a%2Fb%20c?project=p');
  });

  it("authorises the TUS upload with Bunny's headers", () => {
    const ticket = {
      endpoint: 'http://127.0.0.1:1/tusupload',
      libraryId: '77',
      videoId: 'v1',
      authorizationExpire: 1700000000,
      authorizationSignature: 'abc',
      file: { id: 'f', url: '', filename: 'v.mp4', title: 'v', type: 'video/mp4', size: 1, isPublic: true, filePath: 'editor/v' },
    };
    expect(bunnyTusHeaders(ticket)).toEqual({ AuthorizationSignature: 'abc', AuthorizationExpire: '1700000000', VideoId: 'v1', LibraryId: '77' });
  });

  it('polls until playable, reporting every status', async () => {
    const answers = [1, 2, 2, 4, 4];
    const seen: number[] = [];
    const last = await pollVideo({
      fileId: 'f',
      project: 'p',
      intervalMs: 1,
      signal: new AbortController().signal,
      onStatus: (s) => seen.push(s.bunny.status),
      fetchStatus: async () => video(answers.shift()!),
    });
    expect(seen).toEqual([1, 2, 2, 4]);
    expect(last?.bunny.status).toBe(4);
  });

  it('stops at a failure, and gives up after repeated errors', async () => {
    const seen: number[] = [];
    await pollVideo({
      fileId: 'f',
      project: 'p',
      intervalMs: 1,
      immediate: true,
      signal: new AbortController().signal,
      onStatus: (s) => seen.push(s.bunny.status),
      fetchStatus: async () => video(seen.length ? 5 : 0),
    });
    expect(seen).toEqual([0, 5]);

    let calls = 0;
    const errors = console.error;
    console.error = () => {};
    try {
      const last = await pollVideo({
        fileId: 'f',
        project: 'p',
        intervalMs: 1,
        signal: new AbortController().signal,
        onStatus: () => {},
        fetchStatus: async () => {
          calls++;
          throw new Error('HTTP error! status: 502');
        },
      });
      expect(last).toBeNull();
      expect(calls).toBe(5);
    } finally {
      console.error = errors;
    }
  });

  it('stops when aborted, reporting nothing after', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await pollVideo({
      fileId: 'f',
      project: 'p',
      intervalMs: 1,
      signal: controller.signal,
      onStatus: (s) => {
        seen.push(s.bunny.status);
        controller.abort();
      },
      fetchStatus: async () => video(1),
    });
    expect(seen).toEqual([1]);
  });
});
