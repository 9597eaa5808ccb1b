import { describe, expect, it } from 'vitest';
import { Upload } from 'tus-js-client';
import { loadBunnyLibraries } from '../../../../sandboxes/src/bunny-stream.js';
import { FAST, itHandlesFaults, upstreamFailure, useSandboxes } from '../../../../test-support/sandboxes.js';
import { BUNNY_STREAM, BunnyStreamClient, bunnyVideoObjectSchema, consoleVideoStatus } from './client.js';
import { parseBunnyConfig } from './config.js';
import { expiryFromNow, tusUploadSignature } from './signature.js';
import { bunnyVideoState } from './urls.js';

const sandboxes = useSandboxes();
const [library] = loadBunnyLibraries();
const client = (options: object = FAST, apiKey = library!.apiKey) =>
  new BunnyStreamClient({ baseUrl: sandboxes().urls['bunny-stream'], libraryId: library!.libraryId, apiKey, ...options });

/** A video object as Bunny's API answers it (trimmed). */
const bunnyAnswer = (extra: Record<string, unknown> = {}) => ({
  videoLibraryId: 133,
  guid: '657bb740-a71b-4529-a012-528021c31a92',
  title: 'Panela de pressão',
  dateUploaded: '2026-01-01T00:00:00',
  views: 0,
  isPublic: false,
  length: 12,
  status: 4,
  framerate: 30,
  width: 1280,
  height: 720,
  availableResolutions: '240p,360p,720p',
  thumbnailCount: 1,
  encodeProgress: 100,
  storageSize: 123456,
  captions: [],
  hasMP4Fallback: true,
  collectionId: '',
  thumbnailFileName: 'thumbnail.jpg',
  ...extra,
});

describe("Bunny's video object", () => {
  it('is parsed with the members the console reads, the library id as text and the rest kept', () => {
    const video = bunnyVideoObjectSchema.parse(bunnyAnswer());
    expect(video).toMatchObject({ guid: '657bb740-a71b-4529-a012-528021c31a92', videoLibraryId: '133', status: 4, thumbnailFileName: 'thumbnail.jpg' });
    expect(video.hasMP4Fallback).toBe(true);
    expect(bunnyVideoObjectSchema.parse(bunnyAnswer({ availableResolutions: null, thumbnailFileName: null })).availableResolutions).toBeNull();
  });

  it('is refused without a guid or a numeric status', () => {
    expect(bunnyVideoObjectSchema.safeParse(bunnyAnswer({ guid: undefined })).success).toBe(false);
    expect(bunnyVideoObjectSchema.safeParse(bunnyAnswer({ status: 'Finished' })).success).toBe(false);
    expect(bunnyVideoObjectSchema.safeParse({ success: false, message: 'Authorization has been denied.' }).success).toBe(false);
  });

  it("maps the API's video status to the console's list (document 1 §4)", () => {
    const status = (s: number, availableResolutions: string | null = null) => consoleVideoStatus({ status: s, availableResolutions });
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((s) => status(s))).toEqual([6, 0, 1, 2, 3, 5, 8, 1, 4]);
    expect(status(3, '240p')).toBe(4); // transcoding with a first resolution ready: playable
    expect(status(3, ' ')).toBe(2);
    expect(status(42)).toBeNull();
  });

  it('gives cdn.bunny its thumbnail on the library CDN and the embed player', () => {
    const parsed = parseBunnyConfig({ libraryId: 133, apiKey: 'k', pullZone: 'loja', cdnHostname: 'vz-1.b-cdn.net' });
    if (!('config' in parsed)) throw new Error('config');
    const bases = { api: '', tus: '', embed: 'https://iframe.mediadelivery.net/embed/', cdn: 'https://{cdnHostname}' };
    expect(bunnyVideoState(parsed.config, bases, bunnyVideoObjectSchema.parse(bunnyAnswer()))).toEqual({
      id: '657bb740-a71b-4529-a012-528021c31a92',
      status: 3,
      thumbnail: 'https://vz-1.b-cdn.net/657bb740-a71b-4529-a012-528021c31a92/thumbnail.jpg',
      pullZone: 'loja',
      iframeUrl: 'https://iframe.mediadelivery.net/embed/133/657bb740-a71b-4529-a012-528021c31a92',
    });
    // An unknown status keeps what the caller had.
    expect(bunnyVideoState(parsed.config, bases, bunnyVideoObjectSchema.parse(bunnyAnswer({ status: 99 })), 2).status).toBe(2);
  });
});

describe('config/bunny', () => {
  it('needs the library id, the API key and a CDN host, and names what is missing (never values)', () => {
    expect(parseBunnyConfig(undefined)).toEqual({ missing: ['libraryId', 'apiKey', 'cdnHostname'] });
    expect(parseBunnyConfig({ libraryId: 'abc', apiKey: ' ', cdnHostname: 'x' })).toEqual({ missing: ['libraryId', 'apiKey'] });
    expect(parseBunnyConfig({ libraryId: '12', apiKey: 'k', pullZone: 'zona' })).toEqual({
      config: { libraryId: '12', apiKey: 'k', pullZone: 'zona', cdnHostname: 'zona.b-cdn.net', streamAuthKey: null, readOnlyApiKey: null },
    });
    // The webhooks' key is optional: without it uploads work and webhooks are refused.
    expect(parseBunnyConfig({ libraryId: '12', apiKey: 'k', cdnHostname: 'x', readOnlyApiKey: ' ro ' })).toMatchObject({ config: { readOnlyApiKey: 'ro' } });
  });
});

describe('Bunny Stream client against its sandbox', () => {
  it('creates a video, and reads it back as created (console status 6)', async () => {
    const created = await client().createVideo('Vídeo de teste');
    expect(created).toMatchObject({ videoLibraryId: library!.libraryId, title: 'Vídeo de teste', status: 0 });
    const read = await client().getVideo(created.guid);
    expect(read.guid).toBe(created.guid);
    expect(consoleVideoStatus(read)).toBe(6);
  });

  it('is refused with a wrong key (auth) and reports an unknown video as not found (404)', async () => {
    const refused = await upstreamFailure(client(FAST, 'outra-chave').createVideo('x'));
    expect([refused.kind, refused.status, refused.message]).toEqual(['auth', 502, `${BUNNY_STREAM}: credenciais recusadas (HTTP 401)`]);
    const missing = await upstreamFailure(client().getVideo('00000000-0000-0000-0000-000000000000'));
    expect([missing.kind, missing.status]).toEqual(['not-found', 404]);
  });

  it('does not repeat a failed creation (it could create two videos)', async () => {
    sandboxes().controls['bunny-stream'].setFaults([{ path: '/library', method: 'POST', status: 503 }]);
    await upstreamFailure(client().createVideo('x'));
    expect(
      sandboxes()
        .controls['bunny-stream'].requests()
        .filter((r) => r.method === 'POST'),
    ).toHaveLength(1);
  });

  it('follows a TUS upload made with tus-js-client through encoding to playable and finished', async () => {
    const sandbox = sandboxes().bunnyStream;
    sandbox.configure({ stepMs: 40, failEncodings: false, webhookUrl: null });
    try {
      const video = await client().createVideo('Upload');
      const expire = expiryFromNow(600);
      const bytes = Buffer.alloc(300_000, 7);
      await new Promise<void>((resolve, reject) => {
        new Upload(bytes, {
          endpoint: `${sandboxes().urls['bunny-stream']}/tusupload`,
          chunkSize: 100_000,
          headers: {
            AuthorizationSignature: tusUploadSignature(library!.libraryId, library!.apiKey, expire, video.guid),
            AuthorizationExpire: String(expire),
            VideoId: video.guid,
            LibraryId: library!.libraryId,
          },
          metadata: { filetype: 'video/mp4', title: 'Upload.mp4' },
          onError: reject,
          onSuccess: () => resolve(),
        }).start();
      });
      const seen: number[] = [];
      for (let i = 0; i < 200; i++) {
        const status = consoleVideoStatus(await client().getVideo(video.guid))!;
        if (seen.at(-1) !== status) seen.push(status);
        if (status === 3) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(seen.at(-1)).toBe(3);
      // In order, never backwards: queued, processing, encoding, playable, finished (a poll may miss some).
      const order = [6, 0, 1, 2, 4, 3];
      expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort((a, b) => a - b));
      expect(seen.every((s) => order.includes(s))).toBe(true);
      const finished = await client().getVideo(video.guid);
      expect(finished).toMatchObject({ status: 4, storageSize: 300_000, title: 'Upload.mp4', encodeProgress: 100 });
    } finally {
      sandbox.reset();
    }
  });

  itHandlesFaults({
    sandboxes,
    sandbox: 'bunny-stream',
    upstream: BUNNY_STREAM,
    path: '/library',
    retryAfter: false,
    call: async (options) => {
      // A video of its own per check, made before the fault is on.
      const faults = sandboxes().controls['bunny-stream'].faults();
      sandboxes().controls['bunny-stream'].clearFaults();
      const { guid } = await client().createVideo('Falhas');
      sandboxes().controls['bunny-stream'].setFaults(faults);
      sandboxes().controls['bunny-stream'].clearRequests();
      return client(options).getVideo(guid);
    },
  });
});
