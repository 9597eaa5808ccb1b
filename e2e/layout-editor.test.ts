// The page layout editor (issue 13) in the browser, as the admin of project main: a page built with
// one node of each type from the palette (onto the canvas and into the layer tree), files uploaded
// with the form's own widgets, products and contents from the project, an embed whose script tries
// to reach the console and cannot; the layer tree's reorder, re-parent, collapse and keys; every
// shortcut (and none while typing); zoom; the 375×667 frame; copy in one document and paste in
// another through the system clipboard and both paste errors; undo/redo; the stored value after
// autosave and after a reload.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { samplePdf } from '../sandboxes/src/files.js';
import { signedInClient, type SignedInClient } from '../test-support/client-sdk.js';
import { answerDialogs, launchBrowser, openConsole, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { openDocument, waitForSaveStatus } from '../test-support/document.js';
import { readLayout, type StoredLayoutNode } from '@console/shared';
import { ports } from '../scripts/lib/config.mjs';

const admin = seedUser('admin');
const FIXTURES = new URL('../sandboxes/fixtures/files/', import.meta.url);
const DOC_A = 'e2e-layout-a';
const DOC_B = 'e2e-layout-b';
const DOC_C = 'e2e-layout-c';
/** Issue 22's canvas: a container with a text, a text beside it, and a Products node of two catalogue codes. */
const CANVAS_LAYOUT = {
  id: 'root',
  type: 'ContainerComponent',
  className: '',
  href: '',
  children: [
    {
      id: 'caixa',
      type: 'ContainerComponent',
      className: '',
      href: '/caixa',
      children: [{ id: 'dentro', type: 'TextComponent', className: '', text: '<p>Dentro</p>' }],
    },
    { id: 'solto', type: 'TextComponent', className: '', text: '<p>Solto</p>' },
    { id: 'vitrine', type: 'ProductsComponent', className: 'grid grid-cols-4 gap-4', productIds: '10437899, 10618562' },
  ],
};
/** A 1×1 GIF: a video thumbnail that loads offline. */
const THUMBNAIL = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
const EMPTY_LAYOUT = { id: 'root', type: 'ContainerComponent', className: '', href: '', children: [] };
/** An embed that tries the console's DOM, storage and cookies, and writes what happened. */
const HOSTILE_EMBED =
  '<p id="out">…</p><script>const r=[];' +
  "try{parent.document.body.setAttribute('data-pwned','1');r.push('dom')}catch(e){r.push('dom-blocked')}" +
  "try{localStorage.getItem('console.currentProject');r.push('storage')}catch(e){r.push('storage-blocked')}" +
  "try{document.cookie='x=1';r.push(document.cookie?'cookie':'cookie-blocked')}catch(e){r.push('cookie-blocked')}" +
  "document.getElementById('out').textContent=r.join(',')</script>";

/** Drags `from` onto `to` with the mouse (dnd-kit's pointer sensor), at `y` (0–1) of the target's height. */
async function drag(page: Page, from: Locator, to: Locator, y = 0.5) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
  const tx = b.x + Math.min(b.width / 2, 60);
  const ty = b.y + b.height * y;
  await page.mouse.move(tx, ty, { steps: 12 });
  await page.mouse.move(tx, ty + 1, { steps: 2 });
  await page.mouse.up();
}

/** Runs `step` the first time it is called; later calls wait for that same run. */
function once(step: () => Promise<void>): () => Promise<void> {
  let run: Promise<void> | undefined;
  return () => (run ??= step());
}

/** Tests that first run the steps they build on get the time of those steps too. */
const STEP_TIMEOUT = 240_000;

describe('page layout editor', () => {
  let browser: Browser;
  let page: Page;
  let dialogs: ReturnType<typeof answerDialogs>;
  let client: SignedInClient;

  const stored = async (id: string) => (await getDoc(doc(client.db, `project/main/content/${id}`))).data() ?? {};
  /** The stored layout as the storefront reads it (stored flat, read as the tree). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the assertions below walk the tree freely
  const storedLayout = async (id: string): Promise<any> => readLayout((await stored(id)).content);
  const editor = () => page.getByTestId('layout-editor');
  const canvas = () => page.getByTestId('layout-canvas');
  const panel = () => page.getByTestId('property-panel');
  const rows = () => page.getByTestId('layer-row');
  const row = (label: string | RegExp) => page.getByRole('treeitem', { name: label, exact: typeof label === 'string' });
  const zoom = () => page.getByTestId('zoom-level');

  async function openEditor() {
    await page.getByRole('button', { name: 'Conteúdo: Abrir editor de layout' }).click();
    await editor().waitFor();
    // The drawer slides in: drags measure the palette once it stands still.
    await editor().evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  }
  async function closeEditor() {
    // The editor saves its operations itself: closed once they are stored.
    const status = page.getByTestId('layout-save-status');
    if ((await status.count()) > 0) await expect.poll(() => status.getAttribute('data-status')).toBe('saved');
    await page.getByRole('button', { name: 'Fechar', exact: true }).click();
    await editor().waitFor({ state: 'detached' });
  }
  /** Clicks the canvas's empty area, so the keyboard goes to the editor and not an input. */
  async function focusCanvas() {
    const box = (await canvas().boundingBox())!;
    await page.mouse.click(box.x + 10, box.y + box.height - 80);
  }
  const layerIds = () => rows().evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-level')}:${e.getAttribute('aria-label')}`));

  beforeAll(async () => {
    client = await signedInClient(admin, 'layout-editor');
    await setDoc(doc(client.db, `project/main/content/${DOC_A}`), { title: 'Layout A (e2e)', slug: DOC_A, content: EMPTY_LAYOUT });
    await setDoc(doc(client.db, `project/main/content/${DOC_B}`), { title: 'Layout B (e2e)', slug: DOC_B, content: EMPTY_LAYOUT });
    await setDoc(doc(client.db, `project/main/content/${DOC_C}`), { title: 'Layout C (e2e)', slug: DOC_C, content: CANVAS_LAYOUT });
    browser = await launchBrowser();
    page = await openConsole(browser, `/console/content/${DOC_A}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    dialogs = answerDialogs(page);
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`[page] ${message.text()}`);
    });
    await signIn(page, admin.email, admin.password);
    await page
      .getByTestId('document-path')
      .filter({ hasText: `main/content/${DOC_A}` })
      .waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await client?.close();
  });

  it('opens a seeded layout in a full-width drawer, drawn as the store shows it, and leaves it unchanged', async () => {
    const before = (await stored('home')).content;
    await openDocument(page, 'content/home');
    await openEditor();
    const box = (await editor().boundingBox())!;
    expect(box.width).toBe(page.viewportSize()!.width);
    // Products from the catalogue with name and price in BRL; the referenced content inside.
    const product = canvas().getByTestId('canvas-product').first();
    await product.waitFor();
    expect(await product.textContent()).toMatch(/R\$\s?\d/);
    await canvas().getByTestId('canvas-content').getByText('Frete grátis acima de R$ 399').waitFor();
    expect(await canvas().getByTestId('canvas-image').count()).toBe(1);
    await closeEditor();
    await waitForSaveStatus(page, 'Salvo');
    expect((await stored('home')).content).toEqual(before);
  });

  // Steps later tests build on (the page built, its layers rearranged, saved and reopened), each
  // run once: a test run alone runs the steps it needs first, with their checks.
  const buildPage = once(async () => {
    await openDocument(page, `content/${DOC_A}`);
    await openEditor();
    const root = canvas().locator('[data-node-type="ContainerComponent"]').first();
    await drag(page, page.getByTestId('palette-ContainerComponent'), root);
    await row(/^Container$/)
      .nth(1)
      .waitFor();
    // Into the layer tree: onto the inner container's row (its middle puts it inside).
    await drag(page, page.getByTestId('palette-TextComponent'), row(/^Container$/).nth(1));
    await row('Texto').waitFor();
    expect(await layerIds()).toEqual(['1:Container', '2:Container', '3:Texto']);
    for (const type of ['ImageComponent', 'VideoComponent', 'FileComponent', 'ContentComponent', 'EmbedComponent', 'ProductsComponent']) {
      await drag(page, page.getByTestId(`palette-${type}`), root, 0.97);
    }
    expect(await layerIds()).toEqual(['1:Container', '2:Container', '3:Texto', '2:Image', '2:Video', '2:Arquivo', '2:Contents', '2:Embed', '2:Products']);

    // Text: typed in the form's rich-text editor.
    // A click on a row while the last drop still settles can be taken by the drag layer: the row
    // is clicked again until the panel shows the text's properties.
    await expect
      .poll(
        async () => {
          await row('Texto').click();
          return panel().getByLabel('Texto').count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    await panel().getByLabel('Texto').click();
    await page.keyboard.type('Ofertas da semana');
    await canvas().getByText('Ofertas da semana').waitFor();

    // Image and file: uploaded with the form's own widgets (Storage, then registration).
    await row('Image').click();
    const jpg = readFileSync(new URL('panela-inox.jpg', FIXTURES));
    await panel().locator('input[type=file]').setInputFiles({ name: 'panela-inox.jpg', mimeType: 'image/jpeg', buffer: jpg });
    const image = canvas().getByTestId('canvas-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 60_000 }).toBe(640);

    await row('Arquivo').click();
    await panel().locator('input[type=file]').setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
    await canvas().getByTestId('canvas-file-link').filter({ hasText: 'manual.pdf' }).waitFor({ timeout: 60_000 });

    // Container: a link.
    await row(/^Container$/)
      .nth(1)
      .click();
    await panel().getByLabel('Link (href)').fill('/ofertas');
    await canvas().getByTestId('container-href').filter({ hasText: '/ofertas' }).waitFor();

    // Contents: chosen from the content collection and drawn inside; the document itself is refused.
    await row('Contents').click();
    const select = panel().getByLabel('Conteúdo');
    await select.locator('option[value="vantagens"]').waitFor({ state: 'attached' });
    expect(await select.locator(`option[value="${DOC_A}"]`).isDisabled()).toBe(true);
    await select.selectOption('vantagens');
    await canvas().getByTestId('canvas-content').getByText('Até 10x sem juros').waitFor();

    // Products: validated against the catalogue; an unknown code is flagged.
    await row('Contents: vantagens').click();
    await row('Products').click();
    await panel()
      .getByLabel(/^Produtos/)
      .fill('10437899, NAO-EXISTE');
    await panel().getByText('Códigos não encontrados no catálogo: NAO-EXISTE').waitFor();
    await canvas().getByText('Produto não encontrado: NAO-EXISTE').waitFor();
    const product = canvas().getByTestId('canvas-product');
    await product.getByText('Faca do Chef Tramontina Professional Master 8"').waitFor();
    expect(await product.textContent()).toMatch(/R\$\s198,90/);

    // Embed: its script runs in the sandboxed frame and cannot reach the console.
    await row('Embed').click();
    await panel().getByLabel('HTML').fill(HOSTILE_EMBED);
    const frame = page.frameLocator('[data-testid="embed-frame"]');
    await frame.locator('#out').waitFor();
    // The script ran and was refused everything; under a strict CSP (which srcdoc frames inherit)
    // it does not run at all and the markup stays as written. Either way the console is untouched.
    await page.waitForTimeout(500);
    expect(['dom-blocked,storage-blocked,cookie-blocked', '…']).toContain(await frame.locator('#out').textContent());
    expect(await page.evaluate(() => document.body.getAttribute('data-pwned'))).toBeNull();
    expect(await page.getByTestId('embed-frame').getAttribute('sandbox')).toBe('allow-scripts allow-popups');
  });

  const rearrangeLayers = once(async () => {
    // Reorder: Products above Image (top of its row puts it before).
    await drag(page, row(/^Products/), row(/^Image/), 0.1);
    expect((await layerIds()).slice(3, 5)).toEqual(['2:Products: 10437899,NAO-EXISTE', expect.stringMatching(/^2:Image/)]);
    // Re-parent: Embed into the inner container (middle of its row).
    await drag(page, row('Embed'), row(/^Container: \/ofertas/));
    expect((await layerIds()).slice(0, 4)).toEqual(['1:Container', '2:Container: /ofertas', '3:Texto: Ofertas da semana', '3:Embed']);
    // Collapse and expand.
    await row(/^Container: \/ofertas/)
      .getByRole('button', { name: 'Recolher' })
      .click();
    expect(await rows().count()).toBe(7);
    await row(/^Container: \/ofertas/)
      .getByRole('button', { name: 'Expandir' })
      .click();
    expect(await rows().count()).toBe(9);
    // Keys: ↓ next row, ← parent.
    await row('Embed').click();
    await page.keyboard.press('ArrowUp');
    // Focus follows the selection once the row is drawn (the tree draws only the rows in view).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Texto: Ofertas da semana');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => row(/^Container: \/ofertas/).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Container: /ofertas');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => row('Texto: Ofertas da semana').getAttribute('aria-selected')).toBe('true');
  });

  const saveAndReopen = once(async () => {
    await closeEditor();
    await waitForSaveStatus(page, 'Salvo');
    const content = await storedLayout(DOC_A);
    expect(content).toMatchObject({ id: 'root', type: 'ContainerComponent' });
    const types = (content.children as Array<{ type: string }>).map((c) => c.type);
    expect(types).toEqual(['ContainerComponent', 'ProductsComponent', 'ImageComponent', 'VideoComponent', 'FileComponent', 'ContentComponent']);
    expect(content.children[0]).toMatchObject({
      href: '/ofertas',
      children: [
        { type: 'TextComponent', text: 'Ofertas da semana' },
        { type: 'EmbedComponent', html: HOSTILE_EMBED },
      ],
    });
    expect(content.children[1]).toMatchObject({ productIds: '10437899,NAO-EXISTE' });
    expect(content.children[2].file).toMatchObject({ filename: 'panela-inox.jpg', isPublic: false });
    expect(content.children[2].file.filePath).toMatch(/^project\/main\/content\//);
    expect(content.children[5]).toMatchObject({ contentId: 'vantagens' });

    await page.reload();
    await page
      .getByTestId('document-path')
      .filter({ hasText: `main/content/${DOC_A}` })
      .waitFor();
    await openEditor();
    expect(await layerIds()).toEqual([
      '1:Container',
      '2:Container: /ofertas',
      '3:Texto: Ofertas da semana',
      '3:Embed',
      '2:Products: 10437899,NAO-EXISTE',
      '2:Image: panela-inox.jpg',
      '2:Video',
      '2:Arquivo: manual.pdf',
      '2:Contents: vantagens',
    ]);
  });

  it('builds a page with one node of each type from the palette, onto the canvas and into the layer tree', buildPage, STEP_TIMEOUT);

  it(
    'reorders, re-parents and collapses in the layer tree, and moves with the keyboard',
    async () => {
      await buildPage();
      await rearrangeLayers();
    },
    STEP_TIMEOUT,
  );

  it(
    'undoes and redoes one drag as one step, restoring the selection',
    async () => {
      await buildPage();
      await rearrangeLayers();
      await focusCanvas();
      await page.keyboard.press('Control+z');
      expect((await layerIds()).slice(0, 4)).toEqual(['1:Container', '2:Container: /ofertas', '3:Texto: Ofertas da semana', '2:Products: 10437899,NAO-EXISTE']);
      expect(await row('Embed').getAttribute('aria-selected')).toBe('true');
      await page.getByRole('button', { name: 'Refazer' }).click();
      expect((await layerIds())[3]).toBe('3:Embed');
      await page.getByRole('button', { name: 'Desfazer' }).click();
      await page.keyboard.press('Control+Shift+Z');
      expect((await layerIds())[3]).toBe('3:Embed');
    },
    STEP_TIMEOUT,
  );

  it(
    'runs every shortcut of the table, and none while typing in a property',
    async () => {
      await buildPage();
      await focusCanvas();
      const pressed = (name: string) => page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
      await page.keyboard.press('h');
      expect(await pressed('Mão (arrastar para mover)')).toBe('true');
      await page.keyboard.press('v');
      expect(await pressed('Selecionar')).toBe('true');

      await page.keyboard.press('Control+=');
      expect(await zoom().textContent()).toBe('110%');
      await page.keyboard.press('Control+Shift+Equal');
      expect(await zoom().textContent()).toBe('120%');
      await page.keyboard.press('Control+-');
      expect(await zoom().textContent()).toBe('110%');
      await page.keyboard.press('Control+0');
      expect(await zoom().textContent()).toBe('100%');

      await page.keyboard.press('m');
      const frame = page.getByTestId('mobile-frame');
      const box = (await frame.boundingBox())!;
      expect([box.width, box.height]).toEqual([375, 667]);
      await page.keyboard.press('m');
      await page.getByTestId('desktop-frame').waitFor();

      await page.keyboard.press('Control+\\');
      await page.getByTestId('palette-TextComponent').waitFor({ state: 'detached' });
      expect(await page.getByTestId('property-panel').count()).toBe(0);
      await page.keyboard.press('Control+\\');
      await page.getByTestId('palette-TextComponent').waitFor();

      // While typing in a property: the keys type, the editor does nothing.
      await row(/^Container: \/ofertas/).click();
      const input = panel().getByLabel('className');
      await input.click();
      await page.keyboard.type('hvm');
      await page.keyboard.press('Control+=');
      await page.keyboard.press('Control+\\');
      await page.keyboard.press('Control+0');
      expect(await input.inputValue()).toBe('hvm');
      expect(await zoom().textContent()).toBe('100%');
      expect(await pressed('Selecionar')).toBe('true');
      await page.getByTestId('desktop-frame').waitFor();
      await page.getByTestId('palette-TextComponent').waitFor();
      // The typing was one step: one undo (from the toolbar) clears it.
      await page.getByRole('button', { name: 'Desfazer' }).click();
      expect(await input.inputValue()).toBe('');
    },
    STEP_TIMEOUT,
  );

  it(
    'zooms by 10% from 20% up, shows the percentage without drift, and pans with the hand or Space',
    async () => {
      await buildPage();
      for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Diminuir zoom' }).click();
      expect(await zoom().textContent()).toBe('20%');
      for (let i = 0; i < 7; i++) await page.getByRole('button', { name: 'Aumentar zoom' }).click();
      expect(await zoom().textContent()).toBe('90%');
      await page.getByRole('button', { name: 'Redefinir zoom' }).click();
      expect(await zoom().textContent()).toBe('100%');

      const stage = page.getByTestId('canvas-stage');
      const before = (await stage.boundingBox())!;
      await focusCanvas();
      await page.keyboard.down(' ');
      const box = (await canvas().boundingBox())!;
      await page.mouse.move(box.x + 30, box.y + 30);
      await page.mouse.down();
      await page.mouse.move(box.x + 130, box.y + 80, { steps: 5 });
      await page.mouse.up();
      await page.keyboard.up(' ');
      const after = (await stage.boundingBox())!;
      expect(Math.round(after.x - before.x)).toBe(100);
      expect(Math.round(after.y - before.y)).toBe(50);
      expect(await page.getByRole('button', { name: 'Selecionar', exact: true }).getAttribute('aria-pressed')).toBe('true');
    },
    STEP_TIMEOUT,
  );

  it(
    'saves the layout through the autosave, and shows it again after a reload',
    async () => {
      await buildPage();
      await rearrangeLayers();
      await saveAndReopen();
    },
    STEP_TIMEOUT,
  );

  it(
    'copies a node in one document and pastes it into another through the system clipboard, with new ids',
    async () => {
      await buildPage();
      await rearrangeLayers();
      await saveAndReopen();
      await row(/^Container: \/ofertas/).click();
      await focusCanvas();
      await row(/^Container: \/ofertas/).click();
      await page.keyboard.press('Control+c');
      const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
      expect(copied).toMatchObject({ kind: 'console.layout-nodes', version: 1, nodes: [{ type: 'ContainerComponent', href: '/ofertas' }] });
      await closeEditor();

      // Another document, in another tab of the same browser.
      const other = await page.context().newPage();
      answerDialogs(other);
      await other.goto(`/console/content/${DOC_B}`);
      await other
        .getByTestId('document-path')
        .filter({ hasText: `main/content/${DOC_B}` })
        .waitFor();
      const previous = page;
      page = other;
      try {
        await openEditor();
        await row('Container').click();
        await page.keyboard.press('Control+v');
        await row(/^Container: \/ofertas/).waitFor();
        expect(await layerIds()).toEqual(['1:Container', '2:Container: /ofertas', '3:Texto: Ofertas da semana', '3:Embed']);
        await closeEditor();
        await waitForSaveStatus(page, 'Salvo');
        const pasted = (await storedLayout(DOC_B)).children[0];
        expect(pasted).toMatchObject({ type: 'ContainerComponent', href: '/ofertas', children: [{ type: 'TextComponent' }, { type: 'EmbedComponent' }] });
        expect(pasted.id).not.toBe(copied.nodes[0].id);
        expect(pasted.children[0].id).not.toBe(copied.nodes[0].children[0].id);
      } finally {
        await other.close();
        page = previous;
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "alerts 'Dados inválidos' for a paste that is not a layout and 'Objeto não é um canvas' onto a non-container",
    async () => {
      await buildPage();
      await rearrangeLayers();
      await saveAndReopen();
      if ((await editor().count()) > 0) await closeEditor();
      await openEditor();
      await row('Container').click();
      await page.evaluate(() => navigator.clipboard.writeText('isto não é um layout'));
      await page.keyboard.press('Control+v');
      await expect.poll(() => dialogs.seen.at(-1)).toBe('Dados inválidos');

      await row(/^Products/).click();
      await page.keyboard.press('Control+c');
      await row(/^Image/).click();
      await page.keyboard.press('Control+v');
      await expect.poll(() => dialogs.seen.at(-1)).toBe('Objeto não é um canvas');
      expect(await rows().count()).toBe(9);

      // A missing content shows a placeholder; a content that includes itself is refused.
      const missing = JSON.stringify({
        kind: 'console.layout-nodes',
        version: 1,
        nodes: [
          { id: 'x', type: 'ContentComponent', className: '', contentId: 'nao-existe' },
          { id: 'y', type: 'ContentComponent', className: '', contentId: DOC_A },
        ],
      });
      await row('Container').click();
      await page.evaluate((text) => navigator.clipboard.writeText(text), missing);
      await page.keyboard.press('Control+v');
      await canvas().getByText('Conteúdo não encontrado: nao-existe').waitFor();
      await canvas().getByText(`Referência circular: o conteúdo "${DOC_A}" já está sendo exibido acima dele mesmo.`).waitFor();
      await page.getByRole('button', { name: 'Desfazer' }).click();
      expect(await rows().count()).toBe(9);

      // A video on the CDN shows its thumbnail.
      const video = JSON.stringify({
        kind: 'console.layout-nodes',
        version: 1,
        nodes: [
          {
            id: 'v',
            type: 'VideoComponent',
            className: '',
            file: { id: 'vid', url: '', filename: 'aula.mp4', cdn: { bunny: { id: 'b1', status: 3, thumbnail: THUMBNAIL } } },
          },
        ],
      });
      await page.evaluate((text) => navigator.clipboard.writeText(text), video);
      await page.keyboard.press('Control+v');
      const thumbnail = canvas().getByTestId('canvas-video').locator('img');
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      expect(await thumbnail.getAttribute('src')).toBe(THUMBNAIL);
      expect(await canvas().getByTestId('canvas-video').textContent()).toContain('aula.mp4');
      await page.getByRole('button', { name: 'Desfazer' }).click();
      expect(await rows().count()).toBe(9);
      await closeEditor();
    },
    STEP_TIMEOUT,
  );

  describe('the canvas (issue 22)', () => {
    const node = (id: string) => canvas().locator(`[data-testid="canvas-node"][data-node-id="${id}"]`);
    const ORIGINAL = ['1:Container', '2:Container: /caixa', '3:Texto: Dentro', '2:Texto: Solto', '2:Products: 10437899, 10618562'];

    /** Presses on `from` and moves to `y` (0–1) of `to`'s height, with the mouse; the caller releases. */
    async function pickUp(from: Locator, to: Locator, y: number) {
      const a = (await from.boundingBox())!;
      const b = (await to.boundingBox())!;
      await page.mouse.move(a.x + 30, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + 38, a.y + a.height / 2 + 8, { steps: 4 });
      await page.mouse.move(b.x + 40, b.y + b.height * y, { steps: 12 });
      await page.mouse.move(b.x + 40, b.y + b.height * y + 1, { steps: 2 });
    }

    /** Opens the editor on DOC_C as stored at first (each test starts from there). */
    async function openCanvasDocument() {
      if ((await editor().count()) > 0) {
        await closeEditor();
        await waitForSaveStatus(page, 'Salvo');
      }
      await setDoc(doc(client.db, `project/main/content/${DOC_C}`), { title: 'Layout C (e2e)', slug: DOC_C, content: CANVAS_LAYOUT });
      await page.goto(`/console/content/${DOC_C}`);
      await page
        .getByTestId('document-path')
        .filter({ hasText: `main/content/${DOC_C}` })
        .waitFor();
      await openEditor();
      await expect.poll(layerIds, { timeout: 10_000 }).toEqual(ORIGINAL);
    }
    /** What DOC_C stores, once the autosave has written it. */
    const storedCanvas = () => storedLayout(DOC_C);

    it(
      'drags a node on the canvas into a container and out again, with a drop indicator; Undo puts it back',
      async () => {
        await openCanvasDocument();
        // Into the container: below its text (the lower half of 'Dentro').
        await pickUp(node('solto'), node('dentro'), 0.8);
        await page.getByTestId('canvas-drop-line').waitFor();
        expect(await page.getByTestId('canvas-drop-line').getAttribute('data-position')).toBe('after');
        await page.mouse.up();
        await expect.poll(layerIds).toEqual(['1:Container', '2:Container: /caixa', '3:Texto: Dentro', '3:Texto: Solto', '2:Products: 10437899, 10618562']);
        expect(await page.getByTestId('canvas-drop-line').count()).toBe(0);
        await expect
          .poll(async () => (await storedCanvas()).children[0].children.map((c: { id: string }) => c.id), { timeout: 30_000 })
          .toEqual(['dentro', 'solto']);

        // Out of it: after the Products node, at the root's end.
        await pickUp(node('dentro'), node('vitrine'), 0.9);
        await page.mouse.up();
        await expect.poll(layerIds).toEqual(['1:Container', '2:Container: /caixa', '3:Texto: Solto', '2:Products: 10437899, 10618562', '2:Texto: Dentro']);

        // Each drag was one step.
        await page.getByRole('button', { name: 'Desfazer' }).click();
        await expect.poll(layerIds).toEqual(['1:Container', '2:Container: /caixa', '3:Texto: Dentro', '3:Texto: Solto', '2:Products: 10437899, 10618562']);
        await page.getByRole('button', { name: 'Desfazer' }).click();
        await expect.poll(layerIds).toEqual(ORIGINAL);
        await expect.poll(storedCanvas, { timeout: 30_000 }).toEqual(CANVAS_LAYOUT);
      },
      STEP_TIMEOUT,
    );

    it(
      'moves the selected node with the keyboard: Space picks it up, the arrows choose the place, Space drops it',
      async () => {
        await openCanvasDocument();
        await node('solto').click();
        const handle = page.getByRole('button', { name: 'Mover Texto: Solto' });
        await handle.focus();
        await page.keyboard.press('Space');
        await node('solto').and(page.locator('[data-dragging]')).waitFor();
        // The sensor listens from the next task on.
        await page.waitForTimeout(100);
        // One place up: inside the container, after its text.
        await page.keyboard.press('ArrowUp');
        await page.getByTestId('canvas-drop-line').waitFor();
        // Shown in the layer tree too: a line under 'Dentro'.
        await expect.poll(() => row('Texto: Dentro').getAttribute('data-drop')).toBe('after');
        await page.keyboard.press('Space');
        await expect.poll(layerIds).toEqual(['1:Container', '2:Container: /caixa', '3:Texto: Dentro', '3:Texto: Solto', '2:Products: 10437899, 10618562']);
        // Escape cancels a move and leaves the drawer open.
        await node('dentro').click();
        await page.getByRole('button', { name: 'Mover Texto: Dentro' }).focus();
        await page.keyboard.press('Space');
        await node('dentro').and(page.locator('[data-dragging]')).waitFor();
        await page.waitForTimeout(100);
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Escape');
        await node('dentro').and(page.locator('[data-dragging]')).waitFor({ state: 'detached' });
        expect(await editor().count()).toBe(1);
        expect(await layerIds()).toEqual(['1:Container', '2:Container: /caixa', '3:Texto: Dentro', '3:Texto: Solto', '2:Products: 10437899, 10618562']);
        await page.getByRole('button', { name: 'Desfazer' }).click();
        await expect.poll(layerIds).toEqual(ORIGINAL);
      },
      STEP_TIMEOUT,
    );

    it(
      'shows each product of a Products node of two codes with its image, name and price in reais, and draws the toolbar icons',
      async () => {
        await openCanvasDocument();
        const products = node('vitrine').getByTestId('canvas-product');
        await expect.poll(() => products.count()).toBe(2);
        await products.nth(0).getByText('Faca do Chef Tramontina Professional Master 8"').waitFor();
        expect(await products.nth(0).textContent()).toMatch(/R\$\s198,90/);
        await products.nth(1).getByText('Faca para Legumes Tramontina Century 4"').waitFor();
        expect(await products.nth(1).textContent()).toMatch(/R\$\s112,90/);
        // The seed's picture, served by this stack's Storage emulator.
        const src = (await products.nth(1).locator('img').getAttribute('src')) ?? '';
        expect(src.startsWith(`http://127.0.0.1:${ports.storage}/v0/b/`) && src.includes(encodeURIComponent('project/main/product/10618562-1.svg'))).toBe(true);
        expect(
          await products
            .nth(1)
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        ).toBe(true);
        for (const name of ['Selecionar', 'Mão (arrastar para mover)', 'Desfazer', 'Refazer', 'Redefinir zoom', 'Diminuir zoom', 'Aumentar zoom']) {
          const button = page.getByRole('button', { name, exact: true });
          expect(await button.locator('svg').count()).toBe(1);
          expect((await button.textContent())?.trim()).toBe('');
        }
      },
      STEP_TIMEOUT,
    );
  });
});

// Issue 22: the layout stored flat (any depth), saved by the editor key by key, and edited live by
// two people on one document (two browser contexts, each signed in).
describe('page layout stored flat and edited live (issue 22)', () => {
  const DOC_DEEP = 'e2e-layout-deep';
  const DOC_LIVE = 'e2e-layout-live';
  const DOC_CONFLICT = 'e2e-layout-conflict';
  let browser: Browser;
  let client: SignedInClient;

  const stored = async (id: string) => (await getDoc(doc(client.db, `project/main/content/${id}`))).data() ?? {};

  async function openAs(id: string): Promise<Page> {
    const page = await openConsole(browser, `/console/content/${id}`);
    answerDialogs(page);
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('ERR_NAME_NOT_RESOLVED')) console.log(`[page] ${message.text()}`);
    });
    await signIn(page, admin.email, admin.password);
    await page
      .getByTestId('document-path')
      .filter({ hasText: `main/content/${id}` })
      .waitFor();
    await page.getByRole('button', { name: 'Conteúdo: Abrir editor de layout' }).click();
    await page.getByTestId('layout-editor').waitFor();
    return page;
  }
  const savedIn = (page: Page) =>
    expect.poll(() => page.getByTestId('layout-save-status').getAttribute('data-status'), { timeout: 30_000, interval: 50 }).toBe('saved');
  /** How long after its save the other editor shows a row (printed: the goal is a second; the machine may be loaded). */
  async function seenAfterSave(saver: Page, viewer: Page, name: string): Promise<number> {
    await savedIn(saver);
    const start = Date.now();
    await viewer.getByRole('treeitem', { name }).waitFor({ timeout: 15_000 });
    const ms = Date.now() - start;
    console.log(`[live] ${name} seen by the other editor ${ms} ms after its save`);
    return ms;
  }
  const rowsOf = (page: Page) =>
    page.getByTestId('layer-row').evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-level')}:${e.getAttribute('aria-label')}`));
  beforeAll(async () => {
    client = await signedInClient(admin, 'layout-live');
    // Stored nested, as layouts were before: read as such, written flat on the first save.
    for (const id of [DOC_DEEP, DOC_LIVE, DOC_CONFLICT])
      await setDoc(doc(client.db, `project/main/content/${id}`), { title: id, slug: id, content: EMPTY_LAYOUT });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await client?.close();
  });

  it(
    'nests twenty containers: every one is stored (flat) and there after a reload',
    async () => {
      const page = await openAs(DOC_DEEP);
      await page.getByRole('treeitem', { name: 'Container', exact: true }).click();
      // A click on the palette adds into the selected container and selects the new one.
      for (let i = 0; i < 20; i++) await page.getByTestId('palette-ContainerComponent').click();
      await savedIn(page);
      const content = (await stored(DOC_DEEP)).content;
      expect(content.format).toBe('console.layout.flat/1');
      expect(Object.keys(content.nodes)).toHaveLength(21);
      let depth = 0;
      for (let at: StoredLayoutNode | undefined = readLayout(content)!; at?.children?.length; at = at.children[0]) depth++;
      expect(depth).toBe(20);
      expect(await page.getByTestId('layout-save-status').textContent()).toBe('Salvo');
      await page.reload();
      await page.getByRole('button', { name: 'Conteúdo: Abrir editor de layout' }).click();
      await page.getByTestId('layout-editor').waitFor();
      await expect.poll(async () => (await rowsOf(page)).length, { timeout: 15_000 }).toBe(21);
      const rows = await rowsOf(page);
      expect(rows.at(-1)).toBe('21:Container');
      await page.context().close();
    },
    STEP_TIMEOUT,
  );

  it(
    'two people on one layout see each other’s additions within a second, and nothing is lost as both keep editing',
    async () => {
      const [a, b] = [await openAs(DOC_LIVE), await openAs(DOC_LIVE)];
      // Each sees that the other has the document open.
      await a.getByTestId('layout-presence').filter({ hasText: 'Também editando:' }).waitFor();
      await b.getByTestId('layout-presence').filter({ hasText: 'Também editando:' }).waitFor();
      const row = (page: Page, href: string) => page.getByRole('treeitem', { name: `Container: ${href}` });
      /** Adds a container into the selected one (a palette click selects what it adds) and gives it an href. */
      async function addContainer(page: Page, href: string) {
        await page.getByTestId('palette-ContainerComponent').click();
        await page.getByTestId('property-panel').getByLabel('Link (href)').fill(href);
      }

      await a.getByRole('treeitem', { name: 'Container', exact: true }).click();
      await addContainer(a, '/a0');
      // Seen by the other once saved (the save waits 150 ms for more typing); the time is printed.
      await seenAfterSave(a, b, 'Container: /a0');
      await b.getByRole('treeitem', { name: 'Container', exact: true }).click();
      await addContainer(b, '/b0');
      await seenAfterSave(b, a, 'Container: /b0');

      // Both keep editing at the same time: each adds three containers, then styles its first one.
      for (let i = 1; i <= 3; i++) await Promise.all([addContainer(a, `/a${i}`), addContainer(b, `/b${i}`)]);
      await Promise.all([
        (async () => {
          await row(a, '/a0').click();
          await a.getByTestId('property-panel').getByLabel('className').fill('estilo-de-a');
        })(),
        (async () => {
          await row(b, '/b0').click();
          await b.getByTestId('property-panel').getByLabel('className').fill('estilo-de-b');
        })(),
      ]);
      await savedIn(a);
      await savedIn(b);
      const expected = ['/a0', '/a1', '/a2', '/a3', '/b0', '/b1', '/b2', '/b3'];
      for (const page of [a, b]) for (const href of expected) await row(page, href).waitFor();
      const layout = readLayout((await stored(DOC_LIVE)).content)!;
      const nodes: StoredLayoutNode[] = [];
      const walk = (n: StoredLayoutNode): void => {
        nodes.push(n);
        n.children?.forEach(walk);
      };
      walk(layout);
      expect(
        nodes
          .map((n) => n.href)
          .filter((h) => typeof h === 'string' && h !== '')
          .sort(),
      ).toEqual(expected);
      expect(nodes.find((n) => n.href === '/a0')?.className).toBe('estilo-de-a');
      expect(nodes.find((n) => n.href === '/b0')?.className).toBe('estilo-de-b');
      expect(await rowsOf(a)).toEqual(await rowsOf(b));
      await a.context().close();
      await b.context().close();
    },
    STEP_TIMEOUT,
  );

  it(
    'the same property changed by both is a conflict shown in the drawer, settled by the operator, never overwritten silently',
    async () => {
      const [a, b] = [await openAs(DOC_CONFLICT), await openAs(DOC_CONFLICT)];
      await a.getByRole('treeitem', { name: 'Container', exact: true }).click();
      await a.getByTestId('property-panel').getByLabel('className').fill('base');
      await savedIn(a);
      await b.getByRole('treeitem', { name: 'Container', exact: true }).click();
      await expect.poll(() => b.getByTestId('property-panel').getByLabel('className').inputValue(), { timeout: 15_000 }).toBe('base');
      // B's save is held back while A saves the same property: B's save then finds it changed.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await b.route('**/documents:commit**', async (route) => {
        await held;
        await route.continue();
      });
      await b.route('**/documents:batchGet**', async (route) => {
        await held;
        await route.continue();
      });
      await b.getByTestId('property-panel').getByLabel('className').fill('de-b');
      await a.getByTestId('property-panel').getByLabel('className').fill('de-a');
      await savedIn(a);
      release();
      const conflict = b.getByTestId('layout-conflict');
      await conflict.filter({ hasText: 'Este campo foi alterado por outra pessoa: de-a' }).waitFor({ timeout: 30_000 });
      expect(await conflict.innerText()).toContain('className');
      expect(readLayout((await stored(DOC_CONFLICT)).content)!.className).toBe('de-a');
      await conflict.getByRole('button', { name: 'Manter o meu' }).click();
      await conflict.waitFor({ state: 'detached' });
      await savedIn(b);
      expect(readLayout((await stored(DOC_CONFLICT)).content)!.className).toBe('de-b');
      await expect.poll(() => a.getByTestId('property-panel').getByLabel('className').inputValue(), { timeout: 15_000 }).toBe('de-b');
      await a.context().close();
      await b.context().close();
    },
    STEP_TIMEOUT,
  );
});
