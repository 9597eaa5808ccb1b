// The form engine's field widgets on seeded documents of project main, as the admin: a list typed
// one per line, a parent picked in a tree, rich text (sanitised, bad URLs refused), a list of
// structs reordered and trimmed, a stock map whose picker skips used keys, a JSON component.
// Each edit is saved and then read back from Firestore after a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { doc, getDoc } from 'firebase/firestore';
import { signedInClient, type SignedInClient } from '../test-support/client-sdk.js';
import { answerDialogs, launchBrowser, openConsole, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { cspViolations, expectNoAxeViolations } from '../test-support/axe.js';
import { openDocument, waitForSaveStatus } from '../test-support/document.js';

const admin = seedUser('admin');
const INVALID_URL = 'URL inválida. Por favor, cole uma URL válida começando com http:// ou https://';

/** Saves with the 'Salvar' button, or lets autosave do it when the screen has no button. */
async function save(page: Page) {
  await waitForSaveStatus(page, 'Alterações pendentes');
  const button = page.getByRole('button', { name: 'Salvar', exact: true });
  if (await button.count()) await button.click();
  await waitForSaveStatus(page, 'Salvo');
}

/** A paste as the browser delivers it, with the clipboard's text and HTML. */
async function paste(target: Locator, text: string, html = '') {
  await target.evaluate(
    (element, [plain, rich]) => {
      const data = new DataTransfer();
      data.setData('text/plain', plain);
      if (rich) data.setData('text/html', rich);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [text, html] as const,
  );
}

/** Puts the caret at the end of the last text of a contentEditable editor. */
async function caretAtEnd(editor: Locator) {
  await editor.click();
  await editor.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let last: Node | null = null;
    while (walker.nextNode()) last = walker.currentNode;
    const range = document.createRange();
    if (last) range.setStart(last, last.textContent?.length ?? 0);
    else range.selectNodeContents(element);
    range.collapse(last !== null);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
  });
}

describe('form widgets', () => {
  let browser: Browser;
  let page: Page;
  let dialogs: ReturnType<typeof answerDialogs>;
  let client: SignedInClient;

  /** The document as Firestore holds it (read as the admin, outside the browser). */
  const stored = async (path: string) => (await getDoc(doc(client.db, `project/main/${path}`))).data() ?? {};

  beforeAll(async () => {
    client = await signedInClient(admin, 'form-widgets');

    browser = await launchBrowser();
    page = await openConsole(browser, '/console/category/facas');
    dialogs = answerDialogs(page);
    await signIn(page, admin.email, admin.password);
    await page.getByTestId('document-path').filter({ hasText: 'main/category/facas' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await client.close();
  });

  describe('a category', () => {
    // Each test opens category/facas afresh and makes the edits it needs (what an earlier test
    // typed and did not save is gone), so each one passes alone.
    const openFacas = () => openDocument(page, 'category/facas');
    const TYPED_SKUS = '  2212970 \n\n10618562\n   \n 99999-E2E  \n';

    /** Types a new last line 'Facas afiadas' in the header and makes it bold with the toolbar. */
    async function typeBoldLine() {
      await caretAtEnd(page.getByLabel('Cabeçalho'));
      await page.keyboard.press('Enter');
      await page.keyboard.type('Facas afiadas');
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'Negrito' }).click();
    }

    /** Pastes hostile HTML (handlers, a script, a javascript: link) and then a bare https link into the header. */
    async function pasteIntoHeader() {
      const editor = page.getByLabel('Cabeçalho');
      await caretAtEnd(editor);
      await paste(
        editor,
        'x',
        '<p onclick="alert(1)" style="color:red"> e <span class="k">chef</span> <i>forjadas</i><script>alert(2)</script>' +
          '<img src="x" onerror="alert(3)"><a href="javascript:alert(4)">mal</a> <a href="https://loja.demo.test/c/facas" target="_blank">ver</a></p>',
      );
      await caretAtEnd(editor);
      await paste(editor, 'https://loja.demo.test/c/churrasco');
      await editor.locator('a[href="https://loja.demo.test/c/churrasco"]').waitFor();
    }

    it('offers the parent categories as a tree, without the category itself', async () => {
      await openFacas();
      const parent = page.getByLabel('Categoria pai');
      await parent.locator('option[value="panelas"]').waitFor({ state: 'attached' });
      expect(await parent.inputValue()).toBe('cozinha');
      const values = await parent.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(values).not.toContain('facas');
      // The seeded tree, in order; categories other files on the lane add may come before it.
      expect(values[0]).toBe('');
      const at = values.indexOf('departamentos');
      expect(values.slice(at, at + 3)).toEqual(['departamentos', 'cozinha', 'panelas']);
      const texts = await parent.locator('option').allTextContents();
      expect(texts.slice(at, at + 3)).toEqual(['Departamentos', '\u00a0'.repeat(4) + 'Cozinha', '\u00a0'.repeat(8) + 'Panelas']);
    });

    it('keeps one trimmed SKU per line, blanks dropped', async () => {
      await openFacas();
      await page.getByLabel('Ordem dos produtos').fill(TYPED_SKUS);
      await save(page);
      expect((await stored('category/facas')).skuOrderBy).toEqual(['2212970', '10618562', '99999-E2E']);
      await page.reload();
      await expect.poll(() => page.getByLabel('Ordem dos produtos').inputValue()).toBe('2212970\n10618562\n99999-E2E');
    });

    it('refuses a pasted address and a link that do not start with http:// or https://', async () => {
      await openFacas();
      const editor = page.getByLabel('Cabeçalho');
      await caretAtEnd(editor);
      const before = await editor.innerHTML();
      await paste(editor, 'www.facas.demo.test');
      await page.getByText(INVALID_URL).waitFor();
      expect(await editor.innerHTML()).toBe(before);

      dialogs.next({ prompt: 'ftp://arquivos.demo.test/facas' });
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      await page.getByText(INVALID_URL).waitFor();
      expect(await editor.innerHTML()).toBe(before);
    });

    it('edits rich text with the toolbar and keeps only the allowed tags of a paste', async () => {
      await openFacas();
      const editor = page.getByLabel('Cabeçalho');
      await typeBoldLine();
      expect(await page.getByText(INVALID_URL).count()).toBe(0);
      await pasteIntoHeader();
      // No pasted handler reached the page; the sanitiser's inert parse of the hostile paste is all
      // the CSP reports (Chromium reports handler attributes even there, where nothing runs).
      expect(await editor.evaluate((element) => [...element.querySelectorAll('*')].some((node) => [...node.attributes].some((a) => /^on/i.test(a.name))))).toBe(
        false,
      );
      expect((await cspViolations(page)).filter((report) => !report.startsWith('script-src-attr inline '))).toEqual([]);
    });

    it('saves what the operator sees, and nothing else of the category changes', async () => {
      await openFacas();
      const seeded = await stored('category/facas');
      await page.getByLabel('Categoria pai').locator('option[value="churrasco"]').waitFor({ state: 'attached' });
      await page.getByLabel('Categoria pai').selectOption('churrasco');
      await page.getByLabel('Ordem dos produtos').fill(TYPED_SKUS);
      await typeBoldLine();
      await pasteIntoHeader();
      await save(page);
      await page.reload();
      await page.getByLabel('Cabeçalho').locator('b').waitFor();
      await expectNoAxeViolations(page, 'category form with rich text');

      const data = await stored('category/facas');
      expect(data.parent).toBe('churrasco');
      expect(data.skuOrderBy).toEqual(['2212970', '10618562', '99999-E2E']);
      const header = String(data.header);
      expect(header).toContain('<b>Facas afiadas</b>');
      expect(header).toContain('<i>forjadas</i>');
      expect(header).toContain('chef');
      expect(header).toContain('<a href="https://loja.demo.test/c/facas">ver</a>');
      expect(header).toContain('<a href="https://loja.demo.test/c/churrasco">https://loja.demo.test/c/churrasco</a>');
      expect(header).not.toMatch(/<(script|span|img|div)\b|onclick|onerror|style=|class=|target=|javascript:|alert\(2\)/);
      // Read-only kinds (the image) and fields not edited are as seeded.
      expect(data.image).toEqual(seeded.image);
      expect(data.title).toBe('Facas');

      expect(await page.getByLabel('Categoria pai').inputValue()).toBe('churrasco');
      expect(await page.getByLabel('Ordem dos produtos').inputValue()).toBe('2212970\n10618562\n99999-E2E');
    });
  });

  describe('a list of structs', () => {
    it('reorders items, removes one only after the confirm, and adds one', async () => {
      await openDocument(page, 'search-redirect/air-fryer');
      const list = page.getByRole('group', { name: 'Buscas alternativas' });
      const item = (n: number) => list.getByRole('group', { name: `Item ${n}`, exact: true });
      expect(await item(3).getByLabel('Busca').inputValue()).toBe('fritadeira eletrica');

      await item(3).getByRole('button', { name: 'Mover para cima' }).click();
      expect(await item(2).getByLabel('Busca').inputValue()).toBe('fritadeira eletrica');
      expect(await item(3).getByLabel('Busca').inputValue()).toBe('fritadeira sem oleo');

      dialogs.next('dismiss');
      await item(1).getByRole('button', { name: 'Remover' }).click();
      expect(dialogs.seen.at(-1)).toBe('Tem certeza que deseja remover este item?');
      expect(await item(1).getByLabel('Busca').inputValue()).toBe('airfryer');

      dialogs.next('accept');
      await item(1).getByRole('button', { name: 'Remover' }).click();
      await item(3).waitFor({ state: 'detached' });
      expect(await item(1).getByLabel('Busca').inputValue()).toBe('fritadeira eletrica');

      await list.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await item(3).getByLabel('Busca').fill('fritadeira a ar');
      await save(page);
      await page.reload();
      await item(3).waitFor();

      const data = await stored('search-redirect/air-fryer');
      expect(data.queryAlternatives).toEqual([{ query: 'fritadeira eletrica' }, { query: 'fritadeira sem oleo' }, { query: 'fritadeira a ar' }]);
      expect(data.byQuery).toBe('air fryer');
    });
  });

  describe('a map keyed by stock ids', () => {
    it('offers only the stocks not used yet, and saves the new entry', async () => {
      await openDocument(page, 'product/10437899');
      const stock = page.getByRole('group', { name: 'Estoque', exact: true });
      const picker = stock.getByLabel('Adicionar');
      await picker.locator('option[value="franke-sp"]').waitFor({ state: 'attached' });
      const offered = await picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(offered).toEqual(['', 'franke-sp']);

      await picker.selectOption('franke-sp');
      const entry = stock.getByRole('group', { name: 'Franke — Itu' });
      await entry.getByLabel('Quantidade').fill('7');
      expect(await picker.locator('option').count()).toBe(1);
      await save(page);
      await page.reload();
      await page.getByRole('group', { name: 'Franke — Itu' }).waitFor();

      const data = await stored('product/10437899');
      expect(data.Stock).toMatchObject({
        'franke-sp': { qty: 7 },
        'cd-sp': { ProductCodeErp: '10437899', qty: 52 },
        'cd-rs': { ProductCodeErp: '10437899', qty: 29 },
      });
    });
  });

  describe('the JSON component', () => {
    it('shows invalid JSON and keeps the stored value until the text is valid', async () => {
      await openDocument(page, 'whatsapp-template/pedido_enviado');
      const seeded = String((await stored('whatsapp-template/pedido_enviado')).template);
      const template = page.getByLabel('Template (JSON)');
      expect(await template.inputValue()).toBe(seeded);

      await template.fill('{"name": "pedido_enviado",');
      await page.getByText(/^JSON inválido: .+/).waitFor();
      await waitForSaveStatus(page, 'Salvo');

      const valid = JSON.stringify({ ...JSON.parse(seeded), status: 'PAUSED' }, null, 2);
      await template.fill(valid);
      expect(await page.getByText(/^JSON inválido/).count()).toBe(0);
      await save(page);
      // Stored as it was, JSON text.
      expect((await stored('whatsapp-template/pedido_enviado')).template).toBe(valid);
    });
  });
});
