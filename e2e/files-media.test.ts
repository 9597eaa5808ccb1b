// Files and media (issue 7) in the browser, as the admin of project main, against the Storage
// emulator, the file endpoints, the 'files' sandbox (remote files for downloads by URL) and the
// Bunny Stream sandbox: an image uploaded with progress, made private and downloaded from a URL
// (and the refusals of internal addresses), a WEBP stored as JPG, a file, an audio, a video through
// its encoding statuses to the player, a product's list of files filled from an upload, and a
// product's list of images filled from several URLs at once (one refused, kept for correction).
// Every stored value is read back from Firestore, with its registry entry project/main/file/{id}.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { formatFileSizeKb, type StoredFile } from '@console/shared';
import { samplePdf, sampleWav } from '../sandboxes/src/files.js';
import { signedInClient, type SignedInClient } from '../test-support/client-sdk.js';
import { answerDialogs, launchBrowser, openConsole, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { expectNoAxeViolations } from '../test-support/axe.js';
import { openDocument, waitForSaveStatus } from '../test-support/document.js';

const admin = seedUser('admin');
const SANDBOX_URLS: Record<string, string> = JSON.parse(process.env.SANDBOX_URLS ?? '{}');
const FILES_SANDBOX = SANDBOX_URLS.files ?? '';
const BUNNY_SANDBOX = SANDBOX_URLS['bunny-stream'] ?? '';
const FIXTURES = new URL('../sandboxes/fixtures/files/', import.meta.url);
const DOWNLOAD_FAILED = 'Erro ao fazer download do arquivo. Verifique a URL e tente novamente.';
const DOWNLOAD_FAILED_MANY = 'Erro ao fazer download de um ou mais arquivos.';

const COURSE_ID = 'e2e-arquivos';
const STOCK_FILE_ID = 'e2e-arquivos';

/** Saves with the 'Salvar' button, or lets autosave do it when the screen has no button. */
async function save(page: Page) {
  const button = page.getByRole('button', { name: 'Salvar', exact: true });
  if (await button.count()) {
    await waitForSaveStatus(page, 'Alterações pendentes');
    await button.click();
  }
  await waitForSaveStatus(page, 'Salvo');
}

/** The widget of the field titled `title` (its group is named by the field's label). */
function widget(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title, exact: true });
}

/** Every text the file widgets showed (upload messages, video statuses), in order, recorded in the page. */
async function seenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __seen?: string[] }).__seen ?? []);
}

const count = async (page: Page, text: string) => (await seenTexts(page)).filter((t) => t === text).length;

/** Chooses a file in the widget's file input, as the operator's file dialog would. */
async function choose(group: Locator, name: string, mimeType: string, buffer: Buffer) {
  await group.locator('input[type=file]').first().setInputFiles({ name, mimeType, buffer });
}

/** Runs `action` and waits until the upload it starts is over: 'Arquivo enviado' shown, then gone. */
async function upload(page: Page, group: Locator, action: () => Promise<void>) {
  const before = await count(page, 'Arquivo enviado');
  await action();
  await expect.poll(() => count(page, 'Arquivo enviado'), { timeout: 60_000 }).toBeGreaterThan(before);
  // The notice clears itself (2 s).
  await group.getByText('Arquivo enviado', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
}

describe('files and media', () => {
  let browser: Browser;
  let page: Page;
  let client: SignedInClient;

  const stored = async (path: string) => (await getDoc(doc(client.db, `project/main/${path}`))).data() ?? {};
  const registryEntry = async (id: string) => (await getDoc(doc(client.db, `project/main/file/${id}`))).data();

  beforeAll(async () => {
    expect(FILES_SANDBOX, 'SANDBOX_URLS must name the files sandbox').not.toBe('');
    expect(BUNNY_SANDBOX, 'SANDBOX_URLS must name the Bunny Stream sandbox').not.toBe('');
    client = await signedInClient(admin, 'files-media');
    // Documents of collections the seed leaves empty: a course (private uploads) and a stock file.
    await setDoc(doc(client.db, `project/main/course/${COURSE_ID}`), { title: 'Curso de facas (e2e)', type: 'course' });
    await setDoc(doc(client.db, `project/main/stock-file/${STOCK_FILE_ID}`), { status: 'queued' });

    browser = await launchBrowser();
    page = await openConsole(browser, '/console/category/cafeteiras');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    answerDialogs(page);
    // The widgets log upload and download failures (document 1 §8): shown with the test's output.
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[page] ${message.text()}`);
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      const last = new WeakMap<Element, string>();
      (window as unknown as { __seen: string[] }).__seen = seen;
      const record = () => {
        for (const element of document.querySelectorAll('[data-testid="file-slot-message"], [data-testid="video-status"]')) {
          const text = element.textContent ?? '';
          if (text && last.get(element) !== text) {
            last.set(element, text);
            seen.push(text);
          }
        }
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await signIn(page, admin.email, admin.password);
    await page.getByTestId('document-path').filter({ hasText: 'main/category/cafeteiras' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await client?.close();
  });

  describe('an image', () => {
    let image: StoredFile | undefined;

    /** The image the category stores, uploaded first when no earlier test did (a test run alone). */
    async function currentImage(): Promise<StoredFile> {
      if (!image) {
        const group = widget(page, 'Imagem');
        await upload(page, group, () => choose(group, 'panela-inox.jpg', 'image/jpeg', readFileSync(new URL('panela-inox.jpg', FIXTURES))));
        await save(page);
        image = (await stored('category/cafeteiras')).image as StoredFile;
      }
      return image;
    }

    it('uploads with a percentage, shows the thumbnail from Storage and registers the file', async () => {
      const group = widget(page, 'Imagem');
      const jpg = readFileSync(new URL('panela-inox.jpg', FIXTURES));
      await upload(page, group, () => choose(group, 'panela-inox.jpg', 'image/jpeg', jpg));
      expect((await seenTexts(page)).some((text) => /^Enviando… \d{1,3}%$/.test(text))).toBe(true);

      const thumbnail = group.getByTestId('image-thumbnail').locator('img');
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
      const src = await thumbnail.getAttribute('src');
      expect(src).toMatch(new RegExp(`^http://[^/]+:${process.env.FIREBASE_STORAGE_EMULATOR_HOST?.split(':')[1]}/v0/b/[^/]+/o/editor%2F.+token=`));

      await save(page);
      image = (await stored('category/cafeteiras')).image as StoredFile;
      expect(image).toMatchObject({
        filename: 'panela-inox.jpg',
        type: 'image/jpeg',
        width: 640,
        height: 480,
        size: jpg.length,
        isPublic: true,
        url: src,
      });
      expect(image.filePath).toMatch(/^editor\/[A-Za-z0-9]{20}\.panela-inox\.jpg$/);
      expect(await registryEntry(image.id)).toMatchObject({ filePath: image.filePath, url: image.url, isPublic: true });
      const direct = await fetch(image.url);
      expect(direct.status).toBe(200);
      expect(Buffer.from(await direct.arrayBuffer()).equals(jpg)).toBe(true);
      await expectNoAxeViolations(page, 'form with an uploaded image');
    });

    it('copies the URL, confirming for 2 s', async () => {
      const image = await currentImage();
      const group = widget(page, 'Imagem');
      await group.getByRole('button', { name: 'Copiar URL' }).click();
      await group.getByText('URL copiada!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(image.url);
      await group.getByText('URL copiada!').waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('turns private: the URL no longer downloads without signing in, the thumbnail still shows', async () => {
      const image = await currentImage();
      const group = widget(page, 'Imagem');
      await group.getByRole('button', { name: 'Tornar privado' }).click();
      await group.getByRole('button', { name: 'Tornar público' }).waitFor();
      await save(page);

      const data = (await stored('category/cafeteiras')).image;
      expect(data).toMatchObject({ id: image.id, isPublic: false, filePath: image.filePath });
      expect(data.url).not.toMatch(/token=/);
      expect((await registryEntry(image.id))?.isPublic).toBe(false);
      expect((await fetch(image.url)).status).toBeGreaterThanOrEqual(400);
      expect((await fetch(data.url)).status).toBeGreaterThanOrEqual(400);

      // Shown through the SDK as the signed-in user.
      const thumbnail = group.getByTestId('image-thumbnail').locator('img');
      await expect.poll(() => thumbnail.getAttribute('src')).toMatch(/^blob:/);
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    });

    it('downloads an image from a URL of the files sandbox', async () => {
      const before = await currentImage();
      const group = widget(page, 'Imagem');
      await group.getByRole('button', { name: 'Baixar de URL' }).click();
      await group.getByLabel('URL do arquivo').fill(`${FILES_SANDBOX}/files/logo-loja.png`);
      await upload(page, group, () => group.getByRole('button', { name: 'Baixar', exact: true }).click());
      await save(page);
      const data = (await stored('category/cafeteiras')).image;
      expect(data).toMatchObject({ filename: 'logo-loja.png', type: 'image/png', width: 256, height: 256, isPublic: true });
      expect(data.id).not.toBe(before.id);
      image = data;
    });

    it('refuses a private address and a redirect into one, with the message of the spec, losing nothing', async () => {
      const image = await currentImage();
      const group = widget(page, 'Imagem');
      for (const url of ['http://127.0.0.1:1/x', `${FILES_SANDBOX}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`]) {
        await group.getByRole('button', { name: 'Baixar de URL' }).click();
        const input = group.getByLabel('URL do arquivo');
        await input.fill(url);
        await group.getByRole('button', { name: 'Baixar', exact: true }).click();
        await group.getByText(DOWNLOAD_FAILED).waitFor();
        // The address stays for correction; the stored image is untouched.
        expect(await input.inputValue()).toBe(url);
        await group.getByRole('button', { name: 'Cancelar' }).click();
        await group.getByText(DOWNLOAD_FAILED).waitFor({ state: 'detached' });
      }
      expect((await stored('category/cafeteiras')).image).toEqual(image);
      expect(await group.getByTestId('image-thumbnail').locator('img').getAttribute('src')).toBe(image.url);
    });
  });

  describe('a course (private uploads)', () => {
    beforeAll(async () => {
      await openDocument(page, `course/${COURSE_ID}`);
    });

    it('converts a WEBP to JPG and stores it privately under project/main/course', async () => {
      const group = widget(page, 'Banner');
      await upload(page, group, () => choose(group, 'banner-inverno.webp', 'image/webp', readFileSync(new URL('banner-inverno.webp', FIXTURES))));
      await save(page);
      const thumb = (await stored(`course/${COURSE_ID}`)).thumb;
      expect(thumb).toMatchObject({ filename: 'banner-inverno.jpg', type: 'image/jpeg', width: 800, height: 300, isPublic: false });
      expect(thumb.filePath).toMatch(/^project\/main\/course\/[A-Za-z0-9]{20}\.banner-inverno\.jpg$/);
      expect((await fetch(thumb.url)).status).toBeGreaterThanOrEqual(400);
      const img = group.getByTestId('image-thumbnail').locator('img');
      await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(800);
    });

    it('uploads an audio and shows its duration', async () => {
      const group = widget(page, 'Áudio');
      await upload(page, group, () => choose(group, 'tom-440hz.wav', 'audio/wav', sampleWav(2.5)));
      await group.getByText(/Duração 0:02/).waitFor();
      expect(await group.locator('audio').textContent()).toBe('Seu navegador não suporta o elemento de áudio.');
      await expect.poll(() => group.locator('audio').getAttribute('src')).toMatch(/^blob:/);
      await save(page);
      const audio = (await stored(`course/${COURSE_ID}`)).audio;
      expect(audio).toMatchObject({ filename: 'tom-440hz.wav', type: 'audio/wav', isPublic: false });
      expect(audio.duration).toBeCloseTo(2.5, 1);
      expect(await registryEntry(audio.id)).toMatchObject({ filePath: audio.filePath });
    });

    it('sends a video to Bunny Stream and follows its encoding to the player', async () => {
      // Slow steps, so the statuses on the way can be seen between two polls (restored after).
      const bunnySettings = (stepMs: number) =>
        fetch(`${BUNNY_SANDBOX}/__bunny/settings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ stepMs }),
        });
      const { stepMs } = (await (await fetch(`${BUNNY_SANDBOX}/__bunny/settings`)).json()) as { stepMs: number };
      await bunnySettings(1500);
      onTestFinished(async () => {
        await bunnySettings(stepMs);
      });
      const group = widget(page, 'Vídeo');
      const video = Buffer.alloc(300 * 1024, 7);
      await choose(group, 'aula-afiacao.mp4', 'video/mp4', video);
      // Registered (not on the CDN yet), then the encoding statuses until playable, when the status goes.
      await group.getByTestId('video-status').waitFor({ timeout: 60_000 });
      await expect.poll(() => group.getByTestId('video-status').count(), { timeout: 90_000, interval: 500 }).toBe(0);
      const player = group.getByTestId('video-thumbnail');
      expect(await player.isEnabled()).toBe(true);
      expect(await seenTexts(page)).toContain('Vídeo enviado para o CDN');
      const statuses = (await seenTexts(page)).filter((text) => text.startsWith('Status do vídeo: '));
      // Before the CDN had it, then at least one encoding status on the way, never a failure.
      expect(statuses[0]).toBe('Status do vídeo: Sem vídeo no CDN');
      expect(statuses.length).toBeGreaterThan(1);
      expect(statuses.some((s) => /Falhou|falhou/.test(s))).toBe(false);
      expect((await seenTexts(page)).some((text) => /^Enviando para o CDN… \d{1,3}%$/.test(text))).toBe(true);
      // The thumbnail first, then the 16:9 player.
      await expect.poll(() => player.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await player.click();
      const iframe = group.getByTestId('video-player').locator('iframe');
      await iframe.waitFor();
      expect(await iframe.getAttribute('src')).toMatch(/\/embed\//);
      const box = await group.getByTestId('video-player').boundingBox();
      expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
      // The player's frame loads under the console's CSP (frame-src) and the form stays clean for axe.
      await expectNoAxeViolations(page, 'video player');

      await save(page);
      const data = (await stored(`course/${COURSE_ID}`)).video;
      expect(data).toMatchObject({ filename: 'aula-afiacao.mp4', type: 'video/mp4', isPublic: false, size: video.length });
      expect([3, 4, 9, 10]).toContain(data.cdn.bunny.status);
      expect(data.cdn.bunny.id).toBeTruthy();
      expect(await registryEntry(data.id)).toMatchObject({ filePath: data.filePath });
    });
  });

  describe('a file', () => {
    it('shows the name, the size in KB and the type', async () => {
      await openDocument(page, `stock-file/${STOCK_FILE_ID}`);
      const group = widget(page, 'Log');
      const pdf = samplePdf();
      await upload(page, group, () => choose(group, 'manual.pdf', 'application/pdf', pdf));
      await group.getByText(`manual.pdf · ${formatFileSizeKb(pdf.length)} · application/pdf`).waitFor();
      await save(page);
      const logFile = (await stored(`stock-file/${STOCK_FILE_ID}`)).logFile;
      expect(logFile).toMatchObject({ filename: 'manual.pdf', type: 'application/pdf', size: pdf.length, isPublic: true });
      expect(await registryEntry(logFile.id)).toMatchObject({ filePath: logFile.filePath });
    });
  });

  describe("a product's list of files", () => {
    it('fills FileCDNURL, FileExtension and an empty FileType from an upload', async () => {
      await openDocument(page, 'product/10930027');
      const before = (await stored('product/10930027')).ProductFiles.Files as unknown[];
      const list = page.getByRole('group', { name: 'Arquivos', exact: true });
      await list.getByRole('button', { name: 'Adicionar', exact: true }).click();
      const item = list.getByRole('group', { name: `Item ${before.length + 1}`, exact: true });
      await item.locator('input[type=file]').setInputFiles({
        name: 'logo-loja.png',
        mimeType: 'image/png',
        buffer: readFileSync(new URL('logo-loja.png', FIXTURES)),
      });
      await expect.poll(() => item.getByLabel('Extensão').inputValue(), { timeout: 30_000 }).toBe('PNG');
      expect(await item.getByLabel('Tipo').inputValue()).toBe('PD');
      const url = await item.getByLabel('URL (CDN)').inputValue();
      expect(url).toMatch(/\/o\/editor%2F.+logo-loja\.png\?alt=media&token=/);
      await save(page);
      const files = (await stored('product/10930027')).ProductFiles.Files;
      expect(files).toEqual([...before, { FileCDNURL: url, FileExtension: 'PNG', FileType: 'PD' }]);
    });
  });

  describe("a product's list of images", () => {
    it('appends one image per URL that downloaded, in order, and keeps only the refused URL', async () => {
      await openDocument(page, 'product/10930027');
      const before = (await stored('product/10930027')).images as StoredFile[];
      const list = page.getByRole('group', { name: 'Imagens', exact: true });
      const refused = 'http://127.0.0.1:1/x';
      await list.getByRole('button', { name: 'Baixar de URLs', exact: true }).click();
      const box = list.getByLabel('URLs das imagens (uma por linha)');
      await box.fill([`${FILES_SANDBOX}/files/panela-inox.jpg`, refused, `  ${FILES_SANDBOX}/files/logo-loja.png`, ''].join('\n'));
      await list.getByRole('button', { name: 'Baixar', exact: true }).click();
      await list.getByText(DOWNLOAD_FAILED_MANY, { exact: true }).waitFor({ timeout: 60_000 });
      // Nothing lost: the refused URL stays for correction, alone.
      expect(await box.inputValue()).toBe(refused);
      const progress = (await seenTexts(page)).filter((text) => /^Baixando \d de \d…$/.test(text));
      expect(progress).toEqual(['Baixando 1 de 3…', 'Baixando 2 de 3…', 'Baixando 3 de 3…']);
      await list
        .getByRole('group', { name: `Imagem ${before.length + 2}`, exact: true })
        .getByTestId('image-thumbnail')
        .waitFor();

      await save(page);
      const images = (await stored('product/10930027')).images as StoredFile[];
      expect(images.slice(0, before.length)).toEqual(before);
      expect(images.slice(before.length)).toMatchObject([
        { filename: 'panela-inox.jpg', type: 'image/jpeg', width: 640, height: 480, isPublic: true },
        { filename: 'logo-loja.png', type: 'image/png', width: 256, height: 256, isPublic: true },
      ]);
      expect(images).toHaveLength(before.length + 2);
      for (const image of images.slice(before.length)) {
        expect(image.filePath).toMatch(/^editor\/[A-Za-z0-9]{20}\./);
        expect(await registryEntry(image.id)).toMatchObject({ filePath: image.filePath, url: image.url });
      }

      // A single URL that fails gets the one-file message.
      await box.fill(refused);
      await list.getByRole('button', { name: 'Baixar', exact: true }).click();
      await list.getByText(DOWNLOAD_FAILED, { exact: true }).waitFor({ timeout: 30_000 });
      expect(await box.inputValue()).toBe(refused);
      await list.getByRole('button', { name: 'Cancelar', exact: true }).click();
      await list.getByText(DOWNLOAD_FAILED, { exact: true }).waitFor({ state: 'detached' });
      expect((await stored('product/10930027')).images).toEqual(images);
    });
  });
});
