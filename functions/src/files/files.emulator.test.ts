import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles, sampleWav } from '../../../sandboxes/src/files.js';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';

// The file endpoints against the stack: objects put in the Storage emulator with the Admin SDK (as
// the browser's upload would), registered through Hosting, their URLs opened without credentials.

const PROJECT_ID = process.env.GCLOUD_PROJECT!;
const BUCKET = `${PROJECT_ID}.appspot.com`;
const STORAGE_HOST = process.env.FIREBASE_STORAGE_EMULATOR_HOST!;
const sandboxUrls = JSON.parse(process.env.SANDBOX_URLS ?? '{}') as Record<string, string>;
const FILES = sandboxUrls.files!;
const samples = new Map(sampleFiles().map((f) => [f.path.split('/').at(-1)!, f]));

let app: App;
let staffMain: string;
let staffCdlbox: string;
const staffMainUser = seedUser('staff', ['main', 'cookstore']);

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT_ID, storageBucket: BUCKET }, `files-test-${Date.now()}`);
  [staffMain, staffCdlbox] = await Promise.all([idToken(staffMainUser), idToken(seedUser('staff', ['cdlbox']))]);
});
afterAll(async () => {
  await deleteApp(app);
});

/** Puts bytes in Storage at a fresh path under `folder`, as an upload would. */
async function upload(folder: string, name: string, body: Buffer, contentType: string): Promise<string> {
  const path = `${folder}/${randomUUID().slice(0, 8)}.${name}`;
  await getStorage(app).bucket().file(path).save(body, { contentType, resumable: false });
  return path;
}

const post = (path: string, body: unknown, token = staffMain, project = 'main') =>
  api(`${path}?project=${project}`, { method: 'POST', token, body: JSON.stringify(body) });

/** Opens a URL the way a visitor's browser would: no credentials. */
async function open(url: string) {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /api/console/files/images', () => {
  it('registers an uploaded JPEG: measured, typed, public by default, readable by its URL', async () => {
    const jpeg = samples.get('panela-inox.jpg')!;
    const filePath = await upload('editor', 'panela-inox.jpg', jpeg.body, 'image/jpeg');
    const { status, json } = await post('/api/console/files/images', {
      file: { name: 'panela-inox.jpg', type: 'image/jpeg', size: jpeg.body.length },
      filePath,
    });
    expect(status).toBe(200);
    expect(json.file).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      url: expect.stringMatching(
        new RegExp(`^http://${STORAGE_HOST.replace(/[.]/g, '\\.')}/v0/b/${BUCKET}/o/${encodeURIComponent(filePath)}\\?alt=media&token=[0-9a-f-]{36}$`),
      ),
      filename: 'panela-inox.jpg',
      title: 'panela-inox',
      type: 'image/jpeg',
      width: 640,
      height: 480,
      size: jpeg.body.length,
      isPublic: true,
      filePath,
    });
    const fetched = await open(json.file.url);
    expect(fetched.status).toBe(200);
    expect(fetched.body.equals(jpeg.body)).toBe(true);

    const entry = (await getFirestore(app).doc(`project/main/file/${json.file.id}`).get()).data()!;
    expect(entry).toMatchObject({ ...json.file, createdBy: staffMainUser.uid, bucket: BUCKET });
    expect(entry.createdAt.toDate()).toBeInstanceOf(Date);
  });

  it('PNG and WEBP are measured too; a title given is kept', async () => {
    for (const [name, type] of [
      ['logo-loja.png', 'image/png'],
      ['banner-inverno.webp', 'image/webp'],
    ] as const) {
      const sample = samples.get(name)!;
      const filePath = await upload('project/main/content', name, sample.body, type);
      const { status, json } = await post('/api/console/files/images', { file: { name, type, title: 'Imagem da loja' }, filePath, isPublic: true });
      expect(status).toBe(200);
      expect([json.file.width, json.file.height, json.file.type, json.file.title]).toEqual([sample.width, sample.height, type, 'Imagem da loja']);
    }
  });

  it('refuses a file that is not an image, and sends images away from /attaches', async () => {
    const pdfPath = await upload('editor', 'manual.pdf', samples.get('manual.pdf')!.body, 'application/pdf');
    const pdf = await post('/api/console/files/images', { file: { name: 'manual.pdf', type: 'application/pdf' }, filePath: pdfPath });
    expect(pdf.status).toBe(400);
    expect(pdf.json.error).toBe(
      'Somente imagens podem ser registradas em /api/console/files/images (tipo do arquivo: application/pdf); use /api/console/files/attaches.',
    );
    const pngPath = await upload('editor', 'logo.png', samples.get('logo-loja.png')!.body, 'image/png');
    const png = await post('/api/console/files/attaches', { file: { name: 'logo.png', type: 'image/png' }, filePath: pngPath });
    expect(png.status).toBe(400);
    expect(png.json.error).toBe('Imagens devem ser registradas em /api/console/files/images (tipo do arquivo: image/png).');
  });

  it('refuses paths outside editor/ and the project, another project’s path, and a missing object', async () => {
    const file = { name: 'x.png', type: 'image/png' };
    const elsewhere = await upload('outra-pasta', 'x.png', samples.get('logo-loja.png')!.body, 'image/png');
    const cdlbox = await upload('project/cdlbox/content', 'x.png', samples.get('logo-loja.png')!.body, 'image/png');
    for (const filePath of [elsewhere, cdlbox, 'editor/../outra-pasta/x.png', '/editor/x.png']) {
      const { status, json } = await post('/api/console/files/images', { file, filePath });
      expect([filePath, status, json.error]).toEqual([filePath, 400, 'Caminho de arquivo inválido']);
    }
    const missing = await post('/api/console/files/images', { file, filePath: `editor/${randomUUID()}.x.png` });
    expect([missing.status, missing.json.error]).toEqual([404, 'Arquivo não encontrado no armazenamento']);
  });

  it('refuses a user without access to the project, and no token at all', async () => {
    const filePath = await upload('editor', 'logo.png', samples.get('logo-loja.png')!.body, 'image/png');
    const body = { file: { name: 'logo.png', type: 'image/png' }, filePath };
    const denied = await post('/api/console/files/images', body, staffCdlbox, 'main');
    expect([denied.status, denied.json.error]).toEqual([403, 'Sem acesso ao projeto main.']);
    const anonymous = await api('/api/console/files/images?project=main', { method: 'POST', body: JSON.stringify(body) });
    expect(anonymous.status).toBe(401);
  });

  it('does not let another project take over an editor/ object a project registered', async () => {
    const filePath = await upload('editor', 'logo.png', samples.get('logo-loja.png')!.body, 'image/png');
    const body = { file: { name: 'logo.png', type: 'image/png' }, filePath, isPublic: true };
    const mine = await post('/api/console/files/images', body);
    expect(mine.status).toBe(200);
    const theirs = await post('/api/console/files/images', { ...body, isPublic: false }, staffCdlbox, 'cdlbox');
    expect([theirs.status, theirs.json.error]).toEqual([403, 'Arquivo registrado por outro projeto.']);
    // Still public for the project that owns it.
    expect((await open(mine.json.file.url)).status).toBe(200);
  });
});

describe('editor/ objects belong to the project that uploaded them', () => {
  /** An upload as the console makes it: the object names its project (storage.rules require it). */
  async function uploadAs(project: string, name: string): Promise<string> {
    const path = `editor/${randomUUID().slice(0, 8)}.${name}`;
    await getStorage(app)
      .bucket()
      .file(path)
      .save(samples.get('logo-loja.png')!.body, { contentType: 'image/png', resumable: false, metadata: { metadata: { consoleProject: project } } });
    return path;
  }

  it('another project cannot register it, even before its owner did', async () => {
    const filePath = await uploadAs('cdlbox', 'logo.png');
    const theirs = await post('/api/console/files/images', { file: { name: 'logo.png', type: 'image/png' }, filePath });
    expect([theirs.status, theirs.json.error]).toEqual([403, 'Arquivo registrado por outro projeto.']);
    const own = await post('/api/console/files/images', { file: { name: 'logo.png', type: 'image/png' }, filePath }, staffCdlbox, 'cdlbox');
    expect(own.status).toBe(200);
    const [metadata] = await getStorage(app).bucket().file(filePath).getMetadata();
    expect(metadata.metadata?.consoleProject).toBe('cdlbox');
  });
});

describe('POST /api/console/files/attaches', () => {
  it('registers a PDF with its size and type, no image or audio members', async () => {
    const pdf = samples.get('manual.pdf')!;
    const filePath = await upload('editor', 'manual.pdf', pdf.body, 'application/pdf');
    const { status, json } = await post('/api/console/files/attaches', {
      file: { name: 'Manual do produto.pdf', type: 'application/pdf' },
      filePath,
      isPublic: true,
    });
    expect(status).toBe(200);
    expect(json.file).toMatchObject({
      filename: 'Manual do produto.pdf',
      title: 'Manual do produto',
      type: 'application/pdf',
      size: pdf.body.length,
      isPublic: true,
      filePath,
    });
    expect(Object.keys(json.file)).not.toEqual(expect.arrayContaining(['width']));
    expect('duration' in json.file).toBe(false);
    expect((await open(json.file.url)).body.equals(pdf.body)).toBe(true);
  });

  it("reads an audio file's duration, and takes the browser's when the server cannot read it", async () => {
    const wavPath = await upload('editor', 'tom.wav', sampleWav(2.5), 'audio/wav');
    const wav = await post('/api/console/files/attaches', { file: { name: 'tom.wav', type: 'audio/wav', duration: 99 }, filePath: wavPath });
    expect(wav.status).toBe(200);
    expect(wav.json.file.duration).toBeCloseTo(2.5, 3);
    const mp3 = samples.get('silencio.mp3')!;
    const mp3Path = await upload('editor', 'silencio.mp3', mp3.body, 'audio/mpeg');
    const parsed = await post('/api/console/files/attaches', { file: { name: 'silencio.mp3', type: 'audio/mpeg' }, filePath: mp3Path });
    expect(parsed.json.file.duration).toBeCloseTo(mp3.duration!, 1);
    const brokenPath = await upload('editor', 'quebrado.mp3', Buffer.from('isto não é áudio'), 'audio/mpeg');
    const broken = await post('/api/console/files/attaches', { file: { name: 'quebrado.mp3', type: 'audio/mpeg', duration: 12.5 }, filePath: brokenPath });
    expect([broken.status, broken.json.file.duration]).toEqual([200, 12.5]);
  });
});

describe('POST /api/console/files/permissions', () => {
  it('refuses ids that are not one registry id at once, as the video endpoints do', async () => {
    const why: Record<string, string> = {
      'a/b': 'identificador não pode conter "/"',
      '..': 'identificador não pode ser "." nem ".."',
      '.': 'identificador não pode ser "." nem ".."',
      __x__: 'identificador não pode começar e terminar com "__" (reservado)',
    };
    for (const [id, reason] of Object.entries(why)) {
      const started = Date.now();
      const { status, json } = await post('/api/console/files/permissions', { id, isPublic: false });
      expect([id, status, json.error]).toEqual([id, 400, `Requisição inválida: id: ${reason}`]);
      expect(Date.now() - started, id).toBeLessThan(5000);
    }
    const long = await post('/api/console/files/permissions', { id: 'x'.repeat(201), isPublic: false });
    expect([long.status, long.json.error]).toEqual([400, 'Requisição inválida: id: identificador de arquivo inválido']);
    const video = await post('/api/console/files/cdn/bunny/upload-video-url', { id: 'a/b' });
    expect([video.status, video.json.error]).toEqual([400, `Requisição inválida: id: ${why['a/b']}`]);
  });

  it('private removes every token (the public URL stops working); public gives a fresh one', async () => {
    const png = samples.get('logo-loja.png')!;
    const filePath = await upload('project/main/content', 'logo.png', png.body, 'image/png');
    const registered = await post('/api/console/files/images', { file: { name: 'logo.png', type: 'image/png' }, filePath, isPublic: true });
    const { id, url: publicUrl } = registered.json.file;
    expect((await open(publicUrl)).status).toBe(200);

    const closed = await post('/api/console/files/permissions', { id, isPublic: false });
    expect(closed.status).toBe(200);
    expect(closed.json.file).toMatchObject({
      id,
      isPublic: false,
      filePath,
      width: 256,
      height: 256,
      url: `http://${STORAGE_HOST}/v0/b/${BUCKET}/o/${encodeURIComponent(filePath)}?alt=media`,
    });
    expect((await open(publicUrl)).status).toBe(403);
    expect((await open(closed.json.file.url)).status).toBe(403);
    const entry = (await getFirestore(app).doc(`project/main/file/${id}`).get()).data()!;
    expect([entry.isPublic, entry.url]).toEqual([false, closed.json.file.url]);

    const reopened = await post('/api/console/files/permissions', { id, isPublic: true });
    expect(reopened.json.file.isPublic).toBe(true);
    expect(reopened.json.file.url).not.toBe(publicUrl);
    expect((await open(reopened.json.file.url)).body.equals(png.body)).toBe(true);
    expect((await open(publicUrl)).status).toBe(403);
  });

  it('registering as private gives a URL that only the SDK can read', async () => {
    const filePath = await upload('project/main/course', 'logo.png', samples.get('logo-loja.png')!.body, 'image/png');
    const { json } = await post('/api/console/files/images', { file: { name: 'logo.png', type: 'image/png' }, filePath, isPublic: false });
    expect(json.file.isPublic).toBe(false);
    expect(json.file.url).not.toContain('token=');
    expect((await open(json.file.url)).status).toBe(403);
  });

  it('answers 404 for an id not in the project, and refuses an entry pointing at another project', async () => {
    const unknown = await post('/api/console/files/permissions', { id: 'nao-existe', isPublic: true });
    expect([unknown.status, unknown.json.error]).toEqual([404, 'Arquivo não encontrado.']);
    // Registry entries are writable by the project's users: a path put there by hand is checked again.
    const foreign = await upload('project/cdlbox/content', 'segredo.png', samples.get('logo-loja.png')!.body, 'image/png');
    const id = `forjado-${randomUUID().slice(0, 8)}`;
    await getFirestore(app)
      .doc(`project/main/file/${id}`)
      .set({ id, url: '', filename: 'segredo.png', title: 'segredo', type: 'image/png', size: 1, isPublic: false, filePath: foreign });
    const forged = await post('/api/console/files/permissions', { id, isPublic: true });
    expect([forged.status, forged.json.error]).toEqual([400, 'Caminho de arquivo inválido']);
    const otherProject = await post('/api/console/files/permissions', { id, isPublic: true }, staffCdlbox, 'cdlbox');
    expect(otherProject.status).toBe(404);
  });
});

describe('POST /api/console/files/download-url', () => {
  const download = (url: string) => post('/api/console/files/download-url', { url });
  const refusedWith = async (url: string, message: string | RegExp) => {
    const { status, json } = await download(url);
    expect(status).toBe(200);
    expect(json.success).toBe(false);
    expect('data' in json).toBe(false);
    if (typeof message === 'string') expect(json.message).toBe(message);
    else expect(json.message).toMatch(message);
  };

  it('downloads a file from the files sandbox: the same bytes, its type and name', async () => {
    for (const name of ['panela-inox.jpg', 'manual.pdf', 'logo-loja.png']) {
      const sample = samples.get(name)!;
      const { status, json } = await download(`${FILES}/files/${name}`);
      expect(status).toBe(200);
      expect(json).toMatchObject({ success: true, contentType: sample.contentType, fileName: sample.dispositionName ?? name, message: 'Download concluído.' });
      expect(Buffer.from(json.data, 'base64').equals(sample.body)).toBe(true);
    }
    const redirected = await download(`${FILES}/redirect?to=${encodeURIComponent('/files/banner-inverno.webp')}`);
    expect(Buffer.from(redirected.json.data, 'base64').equals(samples.get('banner-inverno.webp')!.body)).toBe(true);
  });

  it('refuses loopback on another port, localhost, IPv6 loopback, private and metadata addresses', async () => {
    const filesPort = new URL(FILES).port;
    const internal = 'Endereço não permitido (rede interna)';
    await refusedWith(`${sandboxUrls.bling}/produtos`, internal); // another sandbox: 127.0.0.1, another port
    await refusedWith(`http://127.0.0.1:${process.env.FIRESTORE_EMULATOR_HOST!.split(':')[1]}/`, internal);
    await refusedWith(`http://localhost:${filesPort}/files/manual.pdf`, internal);
    await refusedWith(`http://[::1]:${filesPort}/files/manual.pdf`, internal);
    await refusedWith('http://10.0.0.1/arquivo.pdf', internal);
    await refusedWith('http://192.168.0.1/', internal);
    await refusedWith('http://169.254.169.254/computeMetadata/v1/instance/', 'Endereço não permitido (serviço de metadados da nuvem)');
    await refusedWith('http://metadata.google.internal/computeMetadata/v1/', 'Endereço não permitido (serviço de metadados da nuvem)');
    await refusedWith('ftp://ftp.example.com/arquivo.pdf', 'Somente endereços http e https são permitidos');
  });

  it('vets redirects: the sandbox sending the client into a private address is refused', async () => {
    const internal = 'Endereço não permitido (rede interna)';
    await refusedWith(`${FILES}/redirect?to=${encodeURIComponent('http://10.1.2.3/segredo')}`, internal);
    await refusedWith(`${FILES}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}&status=307`, /metadados/);
    await refusedWith(`${FILES}/redirect?to=${encodeURIComponent(`${sandboxUrls.bling}/produtos`)}`, internal);
    await refusedWith(`${FILES}/redirect/chain/6`, 'Redirecionamentos demais (máximo 5)');
  });

  it('refuses a body over 20 MB, announced or streamed', async () => {
    await refusedWith(`${FILES}/large?mb=30`, 'Arquivo grande demais (limite de 20 MB)');
    await refusedWith(`${FILES}/large?mb=21&chunked=1`, 'Arquivo grande demais (limite de 20 MB)');
  });

  it('gives up on a body that trickles past 15 s, and reports upstream errors', async () => {
    await refusedWith(`${FILES}/slow?seconds=40&bytes=400`, 'Tempo esgotado ao baixar o arquivo (limite de 15 s)');
    await refusedWith(`${FILES}/files/manual.pdf?__fault=status=503`, 'O servidor respondeu HTTP 503');
  });

  it('answers 400 without a url and 403 to a user of another project', async () => {
    const empty = await post('/api/console/files/download-url', {});
    expect(empty.status).toBe(400);
    const denied = await post('/api/console/files/download-url', { url: `${FILES}/files/manual.pdf` }, staffCdlbox, 'main');
    expect(denied.status).toBe(403);
  });
});
