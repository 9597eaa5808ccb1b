import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkRequest, checkResponse, loadContract } from './contracts/index.js';
import { createBunnyStreamSandbox, embedToken, loadBunnyLibraries, parseUploadMetadata, tusSignature, type BunnyWebhookDelivery } from './bunny-stream.js';
import { startSandboxes, type StartedSandboxes } from './index.js';

let sandboxes: StartedSandboxes;
let hook: Server;
const received: unknown[] = [];
/** The calls as they arrived: raw body and headers (the signature). */
const calls: { raw: string; headers: IncomingHttpHeaders }[] = [];
let hookUrl = '';

beforeAll(async () => {
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(JSON.parse(body));
      calls.push({ raw: body, headers: req.headers });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
  sandboxes = await startSandboxes({ bunnyWebhookUrl: hookUrl });
});
afterAll(async () => {
  await sandboxes.stop();
  hook.close();
});
beforeEach(() => {
  sandboxes.bunnyStream.reset();
  sandboxes.bunnyStream.configure({ stepMs: 30 });
  received.length = 0;
  calls.length = 0;
});

const libraries = loadBunnyLibraries();
const lib = libraries.find((l) => l.libraryId === '956468')!;
const base = () => sandboxes.urls['bunny-stream'];
const TUS = { 'Tus-Resumable': '1.0.0' };

async function createVideo(title = 'Teste'): Promise<string> {
  const res = await fetch(`${base()}/library/${lib.libraryId}/videos`, {
    method: 'POST',
    headers: { AccessKey: lib.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { guid: string }).guid;
}

function auth(videoId: string, expire = Math.floor(Date.now() / 1000) + 600, signature?: string): Record<string, string> {
  return {
    AuthorizationSignature: signature ?? tusSignature(lib.libraryId, lib.apiKey, expire, videoId),
    AuthorizationExpire: String(expire),
    VideoId: videoId,
    LibraryId: lib.libraryId,
  };
}

async function createUpload(videoId: string, length: number, headers = auth(videoId)): Promise<Response> {
  return fetch(`${base()}/tusupload`, {
    method: 'POST',
    headers: { ...TUS, ...headers, 'Upload-Length': String(length), 'Upload-Metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}` },
  });
}

const statusOf = async (videoId: string) =>
  ((await (await fetch(`${base()}/library/${lib.libraryId}/videos/${videoId}`, { headers: { AccessKey: lib.apiKey } })).json()) as { status: number }).status;

async function waitFor<T>(check: () => T | undefined | false, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Bunny Stream sandbox', () => {
  it('accepts the libraries of the seed, with their keys', () => {
    expect(libraries.map((l) => l.libraryId).sort()).toEqual(['435465', '956468']);
    expect(lib).toMatchObject({ pullZone: 'main-demo', cdnHostname: 'main-demo.b-cdn.demo.test', apiKey: expect.stringMatching(/^sandbox-bunny-/) });
  });

  it("refuses the library API without the right AccessKey, with bunny.net's error body", async () => {
    const post = (key: string) =>
      fetch(`${base()}/library/${lib.libraryId}/videos`, {
        method: 'POST',
        headers: { AccessKey: key, 'content-type': 'application/json' },
        body: '{"title":"a"}',
      });
    const wrong = await post('x');
    expect([wrong.status, await wrong.json()]).toEqual([
      401,
      { ErrorKey: 'library.unauthorized', Field: 'AccessKey', Message: 'The request authorization failed.' },
    ]);
    const other = libraries.find((l) => l !== lib)!;
    expect((await post(other.apiKey)).status).toBe(401);
  });

  it('refuses a Create Video request the contract refuses, and takes what it allows', async () => {
    // A bare sandbox, outside withFaults: these requests are wrong on purpose and stay out of the
    // run's recorded exchanges, which the contract report holds to the contract.
    const bare = createServer(createBunnyStreamSandbox({ libraries: [lib] }));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const contract = await loadContract('bunny-stream');
    try {
      const url = `http://127.0.0.1:${(bare.address() as { port: number }).port}/library/${lib.libraryId}/videos`;
      const post = async (body: string, type = 'application/json') => {
        const headers = { AccessKey: lib.apiKey, ...(type ? { 'content-type': type } : {}) };
        const res = await fetch(url, { method: 'POST', headers, body });
        const request = {
          method: 'POST',
          path: `/library/${lib.libraryId}/videos`,
          headers,
          ...(body ? { body: type === 'application/json' ? (JSON.parse(body) as unknown) : body } : {}),
        };
        const answer = { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? '' }, body: await res.json() };
        return { status: res.status, body: answer.body, request: checkRequest(contract, request).length, answer: checkResponse(contract, request, answer) };
      };
      const refused = await Promise.all([
        post('{}'),
        post('{"title":""}'),
        post('{"title":7}'),
        post('{"title":"x","thumbnailTime":1.5}'),
        post(''),
        post('{"title":"x"}', 'text/plain'),
      ]);
      // Each is a request the contract does not allow, answered 400 with a conforming error body.
      expect(refused.map((r) => [r.status, r.request > 0, r.answer])).toEqual(refused.map(() => [400, true, []]));
      expect(refused[0]!.body).toEqual({ ErrorKey: 'video.validation_failed', Field: 'Title', Message: 'The Title field is required.' });
      // A title of spaces is a CreateVideoModel (minLength 1), and so are null collectionId/thumbnailTime.
      const taken = await Promise.all([post('{"title":" "}'), post('{"title":"x","collectionId":null,"thumbnailTime":null}')]);
      expect(taken.map((r) => [r.status, r.request, r.answer])).toEqual(taken.map(() => [200, 0, []]));
    } finally {
      bare.close();
    }
  });

  it('answers a browser preflight with CORS that lets tus-js-client read Location and Upload-Offset', async () => {
    const res = await fetch(`${base()}/tusupload`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'tus-resumable,upload-length,authorizationsignature,authorizationexpire,videoid,libraryid',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5000');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorizationsignature');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Location.*Upload-Offset.*Upload-Length.*Tus-Resumable/);
  });

  it('refuses an upload whose signature is wrong, expired or for another video', async () => {
    const videoId = await createVideo();
    const other = await createVideo();
    expect((await createUpload(videoId, 10, auth(videoId, undefined, 'f'.repeat(64)))).status).toBe(401);
    const past = Math.floor(Date.now() / 1000) - 1;
    expect((await createUpload(videoId, 10, auth(videoId, past))).status).toBe(401);
    const forOther = { ...auth(other), VideoId: videoId };
    expect((await createUpload(videoId, 10, forOther)).status).toBe(401);
    const { AuthorizationSignature: _, ...unsigned } = auth(videoId);
    expect((await createUpload(videoId, 10, unsigned as Record<string, string>)).status).toBe(401);
    expect(await statusOf(videoId)).toBe(0);
  });

  it('speaks tus 1.0.0: creation, HEAD, PATCH at the right offset only, then encodes and notifies the webhook', async () => {
    const videoId = await createVideo('Protocolo');
    const created = await createUpload(videoId, 10);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${base()}/tusupload/\\w+$`));
    const head = await fetch(location, { method: 'HEAD', headers: { ...TUS, ...auth(videoId) } });
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([200, '0', '10']);
    const patch = (offset: number, body: string, headers: Record<string, string> = {}) =>
      fetch(location, {
        method: 'PATCH',
        headers: { ...TUS, ...auth(videoId), 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), ...headers },
        body,
      });
    expect((await patch(3, 'abc')).status).toBe(409);
    expect((await patch(0, 'abc', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await patch(0, 'abcdefghijk')).status).toBe(400); // longer than Upload-Length
    const first = await patch(0, 'abcd');
    expect([first.status, first.headers.get('upload-offset')]).toEqual([204, '4']);
    expect(await statusOf(videoId)).toBe(0); // created: not all there
    expect((await patch(4, 'efghij')).headers.get('upload-offset')).toBe('10');
    await waitFor(() => received.some((b) => (b as { Status: number }).Status === 3));
    expect(received).toEqual([6, 7, 0, 1, 2, 4, 3].map((Status) => ({ VideoLibraryId: Number(lib.libraryId), VideoGuid: videoId, Status })));
    expect(await statusOf(videoId)).toBe(4); // the API's "finished"
    const deliveries = (await (await fetch(`${base()}/__bunny/webhooks`)).json()) as { deliveries: BunnyWebhookDelivery[] };
    expect(deliveries.deliveries.filter((d) => d.body.VideoGuid === videoId).every((d) => d.status === 200 && d.url === hookUrl)).toBe(true);
    // Each call signed as docs.bunny.net/stream/webhooks says: v1, hex HMAC-SHA256 of the raw body
    // keyed by the library's Read-Only API key (the seed's config/bunny readOnlyApiKey).
    expect(lib.readOnlyApiKey).toMatch(/^sandbox-bunny-read-only-/);
    expect(calls).toHaveLength(7);
    for (const call of calls) {
      expect(call.headers['x-bunnystream-signature-version']).toBe('v1');
      expect(call.headers['x-bunnystream-signature-algorithm']).toBe('hmac-sha256');
      expect(call.headers['x-bunnystream-signature']).toBe(createHmac('sha256', lib.readOnlyApiKey!).update(call.raw).digest('hex'));
    }
  });

  it('fails the next encoding when told to (status 5), and only that one', async () => {
    await fetch(`${base()}/__bunny/settings`, { method: 'POST', body: JSON.stringify({ failEncodings: 1 }) });
    for (const expected of [5, 4]) {
      const videoId = await createVideo();
      const location = (await createUpload(videoId, 3)).headers.get('location')!;
      await fetch(location, {
        method: 'PATCH',
        headers: { ...TUS, ...auth(videoId), 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
        body: 'abc',
      });
      const last = await waitFor(() => {
        const mine = received.filter((b) => (b as { VideoGuid: string }).VideoGuid === videoId) as { Status: number }[];
        return [3, 5].includes(mine.at(-1)?.Status ?? -1) && mine.at(-1);
      });
      expect(last.Status).toBe(expected === 5 ? 5 : 3);
      expect(await statusOf(videoId)).toBe(expected);
    }
    const bad = await fetch(`${base()}/__bunny/settings`, { method: 'POST', body: JSON.stringify({ failEncodings: 'sim' }) });
    expect(bad.status).toBe(400);
  });

  it('serves the thumbnail once processed, and an embed page checking its token when given', async () => {
    const videoId = await createVideo('Miniatura <b>');
    const thumb = `${base()}/cdn/${lib.cdnHostname}/${videoId}/thumbnail.jpg`;
    expect((await fetch(thumb)).status).toBe(404);
    const location = (await createUpload(videoId, 2)).headers.get('location')!;
    await fetch(location, {
      method: 'PATCH',
      headers: { ...TUS, ...auth(videoId), 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
      body: 'ab',
    });
    await waitFor(() => received.some((b) => (b as { VideoGuid: string; Status: number }).VideoGuid === videoId && (b as { Status: number }).Status === 3));
    const image = await fetch(thumb);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await fetch(`${base()}/cdn/other.host/${videoId}/thumbnail.jpg`)).status).toBe(404);

    const embed = `${base()}/embed/${lib.libraryId}/${videoId}`;
    const page = await fetch(embed);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('data-status="3"');
    expect(html).toContain('Miniatura &#60;b&#62;');
    const expires = Math.floor(Date.now() / 1000) + 60;
    expect((await fetch(`${embed}?token=${embedToken(lib.streamAuthKey!, videoId, expires)}&expires=${expires}`)).status).toBe(200);
    expect((await fetch(`${embed}?token=${'0'.repeat(64)}&expires=${expires}`)).status).toBe(403);
    expect((await fetch(`${base()}/embed/${lib.libraryId}/nao-existe`)).status).toBe(404);
  });

  it('parses tus Upload-Metadata', () => {
    expect(parseUploadMetadata('filetype dmlkZW8vbXA0,title w6FndWE=,empty')).toEqual({ filetype: 'video/mp4', title: 'água', empty: '' });
    expect(parseUploadMetadata('bad va!ue')).toBeNull();
    expect(parseUploadMetadata(undefined)).toEqual({});
  });
});
