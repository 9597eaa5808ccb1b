import { describe, expect, it } from 'vitest';
import { fileIdSchema, fileObject, isVideoFile } from './video.js';
import { playerUrl, thumbnailUrl } from './urls.js';
import { embedViewToken } from './signature.js';

describe('registry videos', () => {
  it('are videos by MIME type, or by extension when the browser gave none', () => {
    expect(isVideoFile({ type: 'video/mp4', filename: 'a.bin' })).toBe(true);
    expect(isVideoFile({ type: 'image/jpeg', filename: 'a.mp4' })).toBe(false);
    expect(isVideoFile({ type: '', filename: 'aula.MOV' })).toBe(true);
    expect(isVideoFile({ type: '', filename: 'notas.pdf' })).toBe(false);
    expect(isVideoFile({ type: '', filename: 'mp4' })).toBe(false);
  });

  it('give their File object without the registry members, or null when broken', () => {
    const entry = {
      url: 'u',
      filename: 'a.mp4',
      title: 'A',
      type: 'video/mp4',
      size: 1,
      isPublic: true,
      filePath: 'editor/a.mp4',
      createdAt: {},
      createdBy: 'x',
      bucket: 'b',
    };
    expect(fileObject('f1', entry)).toEqual({
      id: 'f1',
      url: 'u',
      filename: 'a.mp4',
      title: 'A',
      type: 'video/mp4',
      size: 1,
      isPublic: true,
      filePath: 'editor/a.mp4',
    });
    expect(fileObject('f1', { ...entry, size: 'grande' })).toBeNull();
  });

  it('have ids that are one document id, never a path', () => {
    for (const ok of ['abc', 'video-1', 'AbC_123']) expect(fileIdSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['', 'a/b', '.', '..', '__x__', 'x'.repeat(201)]) expect(fileIdSchema.safeParse(bad).success).toBe(false);
  });
});

describe('player and thumbnail addresses', () => {
  const config = { libraryId: '7', apiKey: 'k', pullZone: 'z', cdnHostname: 'z.b-cdn.net', streamAuthKey: null as string | null, readOnlyApiKey: null };
  const bunny = { id: 'v1', iframeUrl: 'https://iframe.mediadelivery.net/embed/7/v1' };

  it('are signed only when the library has an embed token key', () => {
    expect(playerUrl(config, bunny, 100)).toBe(bunny.iframeUrl);
    const signed = new URL(playerUrl({ ...config, streamAuthKey: 's' }, bunny, 100));
    expect(signed.searchParams.get('token')).toBe(embedViewToken('s', 'v1', 100));
    expect(signed.searchParams.get('expires')).toBe('100');
  });

  it('put the thumbnail on the CDN host, in production and in the sandbox', () => {
    expect(thumbnailUrl({ cdn: 'https://{cdnHostname}' }, 'z.b-cdn.net', 'v1', null)).toBe('https://z.b-cdn.net/v1/thumbnail.jpg');
    expect(thumbnailUrl({ cdn: 'http://127.0.0.1:7110/cdn/{cdnHostname}/' }, 'z.b-cdn.net', 'v1', 'thumbnail_2.jpg')).toBe(
      'http://127.0.0.1:7110/cdn/z.b-cdn.net/v1/thumbnail_2.jpg',
    );
  });
});
