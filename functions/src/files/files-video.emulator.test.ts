// Videos on Bunny Stream through the whole stack: the upload ticket, a real TUS upload (tus-js-client)
// to the Bunny sandbox with nothing but what the ticket gives, the status refreshed from Bunny, the
// webhook the sandbox calls on every change, a failing encoding, and who may do what.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { Upload } from 'tus-js-client';
import { bunnyUploadResponseSchema, isVideoFailed, isVideoPlayable, videoStatusResponseSchema, type BunnyUploadTicket } from '@console/shared';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { sandboxUrls, testFirestore, waitFor } from '../../../test-support/stack.js';
import type { BunnyWebhookDelivery } from '../../../sandboxes/src/bunny-stream.js';

const PROJECT = 'main';
let staffMain: string;
let staffCdlbox: string;
let bunny: string;
let secrets: string[];
/** Every answer body of the API in this file, checked for the keys at the end. */
const answers: string[] = [];

const call = async (path: string, init: Parameters<typeof api>[1] = {}) => {
  const answer = await api(path, init);
  answers.push(JSON.stringify(answer.json));
  return answer;
};
const ticketFor = (id: string, token = staffMain, project = PROJECT) =>
  call(`/api/console/files/cdn/bunny/upload-video-url?project=${project}`, { method: 'POST', token, body: JSON.stringify({ id }) });
const statusOf = (id: string, token = staffMain, project = PROJECT) => call(`/api/file/video/${encodeURIComponent(id)}?project=${project}`, { token });

async function bunnySettings(settings: Record<string, unknown> | null): Promise<void> {
  const res = await fetch(`${bunny}/__bunny/settings`, settings ? { method: 'POST', body: JSON.stringify(settings) } : { method: 'DELETE' });
  if (!res.ok) throw new Error(`bunny settings: HTTP ${res.status}`);
}

let seq = 0;
/** A registered video in the registry, written as the registration endpoint writes it. */
async function registerVideo(project = PROJECT, extra: Record<string, unknown> = {}): Promise<string> {
  const id = `video-${Date.now().toString(36)}-${++seq}`;
  await testFirestore()
    .doc(`project/${project}/file/${id}`)
    .set({
      id,
      url: `https://storage.example/editor/${id}.mp4`,
      filename: `${id}.mp4`,
      title: `Vídeo de teste ${seq}`,
      type: 'video/mp4',
      size: 240_000,
      isPublic: true,
      filePath: `editor/${id}.mp4`,
      createdAt: FieldValue.serverTimestamp(),
      createdBy: 'test',
      ...extra,
    });
  return id;
}

/** Uploads `bytes` with tus-js-client using only the ticket. */
function upload(ticket: BunnyUploadTicket, bytes = Buffer.alloc(240_000, 1), tamper: Partial<Record<string, string>> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    new Upload(bytes, {
      endpoint: ticket.endpoint,
      chunkSize: 100_000,
      retryDelays: [],
      headers: {
        AuthorizationSignature: ticket.authorizationSignature,
        AuthorizationExpire: String(ticket.authorizationExpire),
        VideoId: ticket.videoId,
        LibraryId: ticket.libraryId,
        ...tamper,
      } as Record<string, string>,
      metadata: { filetype: 'video/mp4', title: ticket.file.title },
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

async function ticket(id: string): Promise<BunnyUploadTicket> {
  const { status, json } = await ticketFor(id);
  expect(status, JSON.stringify(json)).toBe(200);
  return bunnyUploadResponseSchema.parse(json).data;
}

/** Polls GET /api/file/video/{id} until playable or failed; the distinct statuses seen, in order. */
async function pollUntilSettled(id: string, timeoutMs = 90_000): Promise<{ seen: number[]; last: ReturnType<typeof videoStatusResponseSchema.parse> }> {
  const seen: number[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, json } = await statusOf(id);
    expect(status, JSON.stringify(json)).toBe(200);
    const last = videoStatusResponseSchema.parse(json);
    if (seen.at(-1) !== last.cdn.bunny.status) seen.push(last.cdn.bunny.status);
    if (last.cdn.bunny.status === 3 || isVideoFailed(last.cdn.bunny.status)) return { seen, last };
    if (Date.now() > deadline) throw new Error(`video ${id} not settled; seen ${seen.join(' → ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stored = async (id: string, project = PROJECT) => (await testFirestore().doc(`project/${project}/file/${id}`).get()).get('cdn.bunny');

beforeAll(async () => {
  bunny = sandboxUrls()['bunny-stream']!;
  expect(bunny, 'SANDBOX_URLS has bunny-stream').toBeTruthy();
  [staffMain, staffCdlbox] = await Promise.all([idToken(seedUser('staff', ['main', 'cookstore'])), idToken(seedUser('staff', ['cdlbox']))]);
  const config = (await testFirestore().doc(`project/${PROJECT}/config/bunny`).get()).data()!;
  secrets = [config.apiKey, config.streamAuthKey, config.readOnlyApiKey];
  expect(secrets.every((s) => typeof s === 'string' && s.length > 10)).toBe(true);
});

afterEach(async () => {
  await bunnySettings(null);
});

afterAll(() => {
  // The API key and the embed key never reach a browser, whatever the call answered.
  expect(answers.length).toBeGreaterThan(10);
  for (const answer of answers) for (const secret of secrets) expect(answer).not.toContain(secret);
});

describe('sending a video to Bunny Stream', () => {
  it('gives a ticket the browser uploads with, then the status goes through encoding to playable', async () => {
    await bunnySettings({ stepMs: 1000 });
    const id = await registerVideo();
    const t = await ticket(id);
    const config = (await testFirestore().doc(`project/${PROJECT}/config/bunny`).get()).data()!;
    expect(t).toMatchObject({ endpoint: `${bunny}/tusupload`, libraryId: config.libraryId, videoId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(t.authorizationSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(t.authorizationExpire - Date.now() / 1000).toBeGreaterThan(3500);
    expect(t.authorizationExpire - Date.now() / 1000).toBeLessThan(3700);
    const expected = {
      id: t.videoId,
      status: 6,
      thumbnail: `${bunny}/cdn/${config.cdnHostname}/${t.videoId}/thumbnail.jpg`,
      pullZone: config.pullZone,
      iframeUrl: `${bunny}/embed/${config.libraryId}/${t.videoId}`,
    };
    expect(t.file).toMatchObject({ id, type: 'video/mp4', title: expect.stringMatching(/^Vídeo de teste/), cdn: { bunny: expected } });
    expect(t.file).not.toHaveProperty('createdAt');
    expect(await stored(id)).toEqual(expected);
    expect((await testFirestore().doc(`bunny-video/${t.videoId}`).get()).data()).toMatchObject({ project: PROJECT, fileId: id, libraryId: config.libraryId });
    // Bunny has the video, titled with the file's title, waiting for its bytes.
    expect((await statusOf(id)).json.cdn.bunny.status).toBe(6);

    await upload(t);
    const { seen, last } = await pollUntilSettled(id);
    expect(seen.at(-1)).toBe(3);
    expect(isVideoPlayable(last.cdn.bunny.status)).toBe(true);
    // Intermediate statuses were seen on the way, never going back (queued, processing, encoding, playable).
    expect(
      seen.some((s) => [0, 1, 2, 4].includes(s)),
      seen.join(' → '),
    ).toBe(true);
    const order = [6, 0, 1, 2, 4, 3];
    expect(
      seen.every((s) => order.includes(s)),
      seen.join(' → '),
    ).toBe(true);
    expect(seen.map((s) => order.indexOf(s))).toEqual(seen.map((s) => order.indexOf(s)).sort((a, b) => a - b));
    expect(last.cdn.bunny).toEqual({ ...expected, status: 3 });
    expect(await stored(id)).toEqual({ ...expected, status: 3 });

    // The player to load now is signed (the library has an embed token key); both it and the thumbnail answer.
    const player = new URL(last.iframeUrl);
    expect(`${player.origin}${player.pathname}`).toBe(expected.iframeUrl);
    expect([...player.searchParams.keys()].sort()).toEqual(['expires', 'token']);
    const page = await fetch(last.iframeUrl);
    expect([page.status, (await page.text()).includes('data-status="3"')]).toEqual([200, true]);
    const thumbnail = await fetch(last.cdn.bunny.thumbnail);
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('is followed by the webhook alone: the registry entry reaches the end without anyone asking', async () => {
    await bunnySettings({ stepMs: 300 });
    const id = await registerVideo();
    const t = await ticket(id);
    await upload(t);
    const finished = await waitFor(
      async () => {
        const bunnyState = await stored(id);
        return bunnyState?.status === 3 && bunnyState;
      },
      60_000,
      'the webhook to write status 3',
    );
    expect(finished.id).toBe(t.videoId);
    const deliveries = async () =>
      (
        (await (await fetch(`${bunny}/__bunny/webhooks`)).json()) as {
          deliveries: { body: { VideoGuid: string; Status: number }; status: number | null; url: string }[];
        }
      ).deliveries.filter((d) => d.body.VideoGuid === t.videoId);
    // Read again until every call has its answer: the last one may still be in flight when status 3 is stored.
    const mine = await waitFor(
      async () => {
        const now = await deliveries();
        return now.every((d) => d.status !== null) && now;
      },
      20_000,
      'webhook answers',
    );
    expect(mine.map((d) => d.body.Status)).toEqual([6, 7, 0, 1, 2, 4, 3]);
    expect(mine.every((d) => d.url.endsWith('/api/file/video/bunny-webhook'))).toBe(true);
    expect(mine.map((d) => d.status)).toEqual(mine.map(() => 200));
  });

  it('ends in 5 when the encoding fails', async () => {
    await bunnySettings({ stepMs: 300, failEncodings: 1 });
    const id = await registerVideo();
    await upload(await ticket(id));
    const { seen, last } = await pollUntilSettled(id);
    expect(seen.at(-1)).toBe(5);
    expect(isVideoFailed(last.cdn.bunny.status)).toBe(true);
    await waitFor(async () => (await stored(id))?.status === 5, 20_000, 'status 5 stored');
  });

  it('reuses a video that never got its bytes, and makes a new one once it did', async () => {
    await bunnySettings({ stepMs: 100 });
    const id = await registerVideo();
    const first = await ticket(id);
    const again = await ticket(id);
    expect(again.videoId).toBe(first.videoId);
    await upload(again);
    await pollUntilSettled(id);
    const third = await ticket(id);
    expect(third.videoId).not.toBe(first.videoId);
    expect(await stored(id)).toMatchObject({ id: third.videoId, status: 6 });
  });

  it('the sandbox refuses an upload whose signature is wrong or expired, and the video stays waiting', async () => {
    const id = await registerVideo();
    const t = await ticket(id);
    const forged = t.authorizationSignature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    await expect(upload(t, undefined, { AuthorizationSignature: forged })).rejects.toThrow(/response code: 401/);
    await expect(upload(t, undefined, { AuthorizationExpire: String(t.authorizationExpire + 60) })).rejects.toThrow(/response code: 401/);
    await expect(upload(t, undefined, { VideoId: '00000000-0000-0000-0000-000000000000' })).rejects.toThrow(/response code: 401/);
    expect((await statusOf(id)).json.cdn.bunny.status).toBe(6);
  });
});

describe('who may send and see a video', () => {
  it('refuses users of another project (403) and files the project does not have (404)', async () => {
    const id = await registerVideo();
    expect((await ticketFor(id, staffCdlbox)).status).toBe(403);
    expect((await statusOf(id, staffCdlbox)).status).toBe(403);
    expect((await ticketFor(id, staffCdlbox, 'cdlbox')).status).toBe(404);
    expect((await statusOf(id, staffCdlbox, 'cdlbox')).status).toBe(404);
    expect((await call(`/api/file/video/${id}?project=main`)).status).toBe(401);
  });

  it('answers 404 for an unknown file, a file that is not a video, and a video never sent', async () => {
    const missing = await ticketFor('nao-existe');
    expect([missing.status, missing.json.error]).toEqual([404, 'Vídeo não encontrado.']);
    const image = await registerVideo(PROJECT, { type: 'image/jpeg', filename: 'foto.jpg' });
    expect((await ticketFor(image)).status).toBe(404);
    const never = await registerVideo();
    const answer = await statusOf(never);
    expect([answer.status, answer.json.error]).toEqual([404, 'Vídeo ainda não enviado ao Bunny.']);
    // An id that would be a path (a%2Fb decodes to a/b) never reaches Firestore.
    expect([400, 404]).toContain((await call('/api/file/video/a%2Fb?project=main', { token: staffMain })).status);
  });

  it('answers 412 naming what config/bunny lacks', async () => {
    const id = await registerVideo('cdlbox');
    const { status, json } = await ticketFor(id, staffCdlbox, 'cdlbox');
    expect([status, json.error]).toEqual([412, 'Configuração do Bunny incompleta: falta libraryId, apiKey, cdnHostname em config/bunny.']);
  });
});

describe('the Bunny webhook', () => {
  const WEBHOOK = '/api/file/video/bunny-webhook';
  /** Bunny's v1 signature headers of `raw` with `key` (docs.bunny.net/stream/webhooks, 'Signature validation'). */
  const signed = (raw: string, key: string, extra: Record<string, string> = {}) => ({
    'X-BunnyStream-Signature-Version': 'v1',
    'X-BunnyStream-Signature-Algorithm': 'hmac-sha256',
    'X-BunnyStream-Signature': createHmac('sha256', key).update(raw).digest('hex'),
    ...extra,
  });
  const post = (raw: string, headers: Record<string, string> = {}) => call(WEBHOOK, { method: 'POST', body: raw, headers });
  /** Bunny's published example object as it is laid out there (tabs, new lines), with our ids. */
  const bunnyLaidOut = (libraryId: number | string, guid: string, status: number) =>
    `{\n\t"VideoLibraryId": ${libraryId},\n\t"VideoGuid": "${guid}",\n\t"Status": ${status}\n}`;
  const readOnlyKey = async () => String((await testFirestore().doc(`project/${PROJECT}/config/bunny`).get()).get('readOnlyApiKey'));
  /** The reads of video `guid` Bunny's sandbox received. */
  const bunnyReads = async (guid: string) =>
    ((await (await fetch(`${bunny}/__sandbox/requests`)).json()) as { requests: { method: string; path: string }[] }).requests.filter(
      (r) => r.method === 'GET' && r.path.endsWith(`/videos/${guid}`),
    ).length;

  it('refuses, reading and writing nothing, a call Bunny did not sign with the library’s Read-Only API key', async () => {
    const id = await registerVideo();
    const t = await ticket(id);
    const key = await readOnlyKey();
    const raw = bunnyLaidOut(t.libraryId, t.videoId, 3);
    const readsBefore = await bunnyReads(t.videoId);
    const refusals = [
      await post(raw), // unsigned
      await post(raw, signed(raw, 'another-library-read-only-key')), // forged with another key
      await post(raw, signed(raw, String((await testFirestore().doc(`project/${PROJECT}/config/bunny`).get()).get('apiKey')))), // the other key of the library
      await post(bunnyLaidOut(t.libraryId, t.videoId, 5), signed(raw, key)), // a signed call with its status changed
      await post(raw, signed(raw, key, { 'X-BunnyStream-Signature-Version': 'v2' })), // a version we cannot check
      await post(
        bunnyLaidOut(t.libraryId, '00000000-0000-0000-0000-000000000000', 3),
        signed(bunnyLaidOut(t.libraryId, '00000000-0000-0000-0000-000000000000', 3), key),
      ), // a video we do not know
    ];
    expect(refusals.map((r) => [r.status, r.json])).toEqual(refusals.map(() => [401, { error: 'Assinatura do webhook do Bunny inválida.' }]));
    expect(await bunnyReads(t.videoId)).toBe(readsBefore);
    expect((await stored(id)).status).toBe(6);
    // A body that is not Bunny's shape is refused before anything else.
    expect((await post(JSON.stringify({ VideoLibraryId: 1, VideoGuid: '../../project/main', Status: 3 }))).status).toBe(400);
    expect((await post(JSON.stringify({ VideoGuid: 'x' }))).status).toBe(400);
  });

  it('takes a call signed over its raw bytes (laid out as Bunny’s published example), and still believes only Bunny’s API', async () => {
    const id = await registerVideo();
    const t = await ticket(id);
    const key = await readOnlyKey();
    const readsBefore = await bunnyReads(t.videoId);
    // Signed over the bytes as sent: the same JSON re-serialised would not verify.
    const raw = bunnyLaidOut(Number(t.libraryId), t.videoId, 3);
    const answer = await post(raw, signed(raw, key));
    expect([answer.status, answer.json]).toEqual([200, { ok: true }]);
    expect(await bunnyReads(t.videoId)).toBe(readsBefore + 1);
    // The call said 3 (finished); Bunny's API says the video still waits for its bytes: 6 it stays.
    expect((await stored(id)).status).toBe(6);
  });

  it('answers a replayed call without reading Bunny or changing the video', async () => {
    await bunnySettings({ stepMs: 200 });
    const id = await registerVideo();
    const t = await ticket(id);
    await upload(t);
    await waitFor(async () => (await stored(id))?.status === 3, 60_000, 'the webhook to write status 3');
    const delivered = await waitFor(
      async () => {
        const all = ((await (await fetch(`${bunny}/__bunny/webhooks`)).json()) as { deliveries: BunnyWebhookDelivery[] }).deliveries;
        const mine = all.filter((d) => d.body.VideoGuid === t.videoId);
        return mine.length === 7 && mine.every((d) => d.status === 200) && mine;
      },
      20_000,
      'every call answered',
    );
    // The sandbox signed every call as Bunny does, and each was taken.
    const key = await readOnlyKey();
    expect(delivered.map((d) => d.headers)).toEqual(delivered.map((d) => signed(d.rawBody, key)));
    const readsBefore = await bunnyReads(t.videoId);
    const queued = delivered.find((d) => d.body.Status === 0)!;
    const replay = await post(queued.rawBody, queued.headers);
    expect([replay.status, replay.json]).toEqual([200, { ok: true }]);
    expect(await bunnyReads(t.videoId)).toBe(readsBefore);
    expect((await stored(id)).status).toBe(3);
  });
});
