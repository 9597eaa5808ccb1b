import { describe, expect, it } from 'vitest';
import { Upload } from 'tus-js-client';
import { bunnyWebhookSchema } from '@console/shared';
import { loadBunnyLibraries } from '../../../../sandboxes/src/bunny-stream.js';
import { expectExchangesConform } from '../../../../test-support/contracts.js';
import { FAST, upstreamFailure, useSandboxes } from '../../../../test-support/sandboxes.js';
import { BunnyStreamClient, consoleVideoStatus } from './client.js';
import { expiryFromNow, tusUploadSignature } from './signature.js';

// Bunny Stream's published contract (sandboxes/contracts/bunny-stream: Bunny's own Stream API
// document, trimmed to Create Video and Get Video, with bunny.net's documented error body added)
// against both sides: the requests BunnyStreamClient sends, and the sandbox's answers and errors.

const sandboxes = useSandboxes();
const [library] = loadBunnyLibraries();
const client = (apiKey = library!.apiKey) =>
  new BunnyStreamClient({ baseUrl: sandboxes().urls['bunny-stream'], libraryId: library!.libraryId, apiKey, ...FAST });
const clientOptions = () => ({ baseUrl: sandboxes().urls['bunny-stream'], libraryId: library!.libraryId, apiKey: library!.apiKey, ...FAST });
const exchanges = () => sandboxes().controls['bunny-stream'].exchanges();

/** The video's bytes sent as the console's browser sends them: tus-js-client with Bunny's signature headers. */
async function upload(videoId: string, bytes: number): Promise<void> {
  const expire = expiryFromNow(600);
  await new Promise<void>((resolve, reject) => {
    new Upload(Buffer.alloc(bytes, 7), {
      endpoint: `${sandboxes().urls['bunny-stream']}/tusupload`,
      headers: {
        AuthorizationSignature: tusUploadSignature(library!.libraryId, library!.apiKey, expire, videoId),
        AuthorizationExpire: String(expire),
        VideoId: videoId,
        LibraryId: library!.libraryId,
      },
      metadata: { filetype: 'video/mp4', title: 'Contrato.mp4' },
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

describe('Bunny Stream against its published contract', () => {
  it("our client's requests and the sandbox's answers conform, through every video status", async () => {
    const sandbox = sandboxes().bunnyStream;
    sandbox.configure({ stepMs: 20, failEncodings: false, webhookUrl: null });
    try {
      const video = await client().createVideo('Panela de pressão 6 L');
      await upload(video.guid, 200_000);
      const seen = new Set<number>();
      for (let i = 0; i < 300 && !seen.has(3); i++) {
        seen.add(consoleVideoStatus(await client().getVideo(video.guid))!);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(seen.has(3)).toBe(true);
      // The refusals the console meets: a wrong key, a video the library does not have.
      await upstreamFailure(client('chave-errada').getVideo(video.guid));
      await upstreamFailure(client().getVideo('00000000-0000-0000-0000-000000000000'));
    } finally {
      sandbox.reset();
    }
    const statuses = exchanges()
      .filter((e) => e.path.startsWith('/library/'))
      .map((e) => e.status);
    expect(new Set(statuses)).toEqual(new Set([200, 401, 404]));
    await expectExchangesConform('bunny-stream', exchanges());
  });

  it("injected failures answer Bunny's error body, and a 429 without Retry-After; the client backs off on its own", async () => {
    const video = await client().createVideo('Falhas');
    sandboxes().controls['bunny-stream'].clearRequests();
    sandboxes().controls['bunny-stream'].setFaults([
      { path: '/library', tooManyRequests: { retryAfterSeconds: 30 }, times: 1 },
      { path: '/library', status: 500, times: 1 },
    ]);
    // Get Video is repeatable: 429, then 500, then the answer (backing off, not waiting 30 s).
    const started = Date.now();
    expect((await new BunnyStreamClient({ ...clientOptions(), retries: 2 }).getVideo(video.guid)).guid).toBe(video.guid);
    expect(Date.now() - started).toBeLessThan(5000);
    const seen = exchanges();
    expect(seen.map((e) => e.status)).toEqual([429, 500, 200]);
    expect(seen[0]!.responseHeaders['retry-after']).toBeUndefined();
    expect(seen[0]!.responseBody).toEqual({
      ErrorKey: 'request.rate_limited',
      Field: 'Request',
      Message: 'Too many requests; the rate limit has been exceeded.',
    });
    await expectExchangesConform('bunny-stream', seen, { includeFaults: true });
    // Create Video is not repeatable but for a 429 (Bunny refused it before doing anything).
    sandboxes().controls['bunny-stream'].setFaults([{ path: '/library', method: 'POST', tooManyRequests: { retryAfterSeconds: 30 }, times: 1 }]);
    sandboxes().controls['bunny-stream'].clearRequests();
    await client().createVideo('Depois do limite');
    expect(exchanges().map((e) => e.status)).toEqual([429, 200]);
  });
});

describe("Bunny's own webhook example", () => {
  // https://docs.bunny.net/stream/webhooks ('Callback', fetched 2026-12-06), the example object as
  // published, tabs and all; the status list on that page is 0–10.
  const PUBLISHED = '{\n\t"VideoLibraryId": 133,\n\t"VideoGuid": "657bb740-a71b-4529-a012-528021c31a92",\n\t"Status": 3\n}';

  it('is parsed by the webhook endpoint’s schema, as are all eleven documented statuses', () => {
    expect(bunnyWebhookSchema.parse(JSON.parse(PUBLISHED))).toEqual({ VideoLibraryId: '133', VideoGuid: '657bb740-a71b-4529-a012-528021c31a92', Status: 3 });
    for (let status = 0; status <= 10; status++)
      expect(bunnyWebhookSchema.safeParse({ ...(JSON.parse(PUBLISHED) as object), Status: status }).success).toBe(true);
  });
});
