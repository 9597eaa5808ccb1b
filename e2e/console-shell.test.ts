// The console shell in a browser: sign-in, project picker, menu, collection list, document screen
// (create, edit, save, unsaved-changes guard, delete/recreate, copy) and a settings screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { answerDialogs, launchBrowser, openConsole, savedSignIn, signIn, type SignInState } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { expectNoAxeViolations } from '../test-support/axe.js';

const run = Date.now().toString(36);

const status = (page: Page) => page.getByTestId('save-status');
const entries = (page: Page) => page.getByTestId('entry-list').getByRole('button');
const entry = (page: Page, label: string) => page.getByTestId('entry-list').getByRole('button', { name: label, exact: true });

/** Waits until the document screen shows `docId` (the URL changes a moment before the screen). */
async function waitForDocument(page: Page, path: string) {
  await page
    .getByTestId('document-path')
    .filter({ hasText: new RegExp(`^${path}$`) })
    .waitFor();
}

async function waitForStatus(page: Page, text: string) {
  await status(page)
    .filter({ hasText: new RegExp(`^${text.replace(/\./g, '\\.')}$`) })
    .waitFor();
}

describe('console shell', () => {
  const admin = seedUser('admin');
  const title = `Página E2E ${run}`;
  const copyTitle = `Sobre nós (cópia ${run})`;
  let browser: Browser;
  let page: Page;
  let dialogs: ReturnType<typeof answerDialogs>;
  /** The records 'creates a record with Add' and 'copies a record' make, once made. */
  let createdId: string | undefined;
  let copyId: string | undefined;

  // Each test opens the console in a browser context of its own, in the state it needs, and makes
  // the records it needs when no earlier test did, so each one passes alone.

  /**
   * A context of its own on `path`, signed out (the console sends the visitor to sign-in) or with a
   * saved sign-in; dialogs answered in order.
   */
  async function openFresh(path = '/console/page', signedIn?: SignInState) {
    await page?.context().close();
    page = await openConsole(browser, path, undefined, signedIn);
    dialogs = answerDialogs(page);
  }

  /** /console/page signed out (the console sends the visitor to sign-in); dialogs answered in order. */
  const openSignedOut = () => openFresh();

  /** The admin's sign-in, saved after the first test that signs in through the form. */
  let adminSignIn: SignInState | undefined;

  /**
   * The admin signed in on the page collection, or on `path` when given, in a context of its own.
   * The first time through the sign-in form; later, as a returning operator's browser opens the
   * console, already signed in (the tests about signing in use the form themselves).
   */
  async function openSignedIn(path?: string) {
    if (adminSignIn) {
      await openFresh(path, adminSignIn);
      if (!path) await entries(page).first().waitFor();
      return;
    }
    await openSignedOut();
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/console\/page$/);
    await entries(page).first().waitFor();
    adminSignIn = await savedSignIn(page);
    if (path) await page.goto(path);
  }

  /** Adds a page with the form: title, order 3, visible; ends on the new record. */
  async function addRecord() {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { name: 'Novo registro' }).waitFor();
    await page.getByLabel('Título').fill(title);
    await page.getByLabel('Ordem').fill('3');
    await page.getByLabel('Visível').check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => /\/console\/page\/[A-Za-z0-9]{20}$/.test(url.pathname));
    createdId = new URL(page.url()).pathname.split('/').pop();
  }

  /** Opens the record added with Add (adding it first when no earlier test did). */
  async function openCreatedRecord() {
    if (!createdId) {
      await openSignedIn();
      await addRecord();
      await waitForStatus(page, 'Salvo');
    }
    await openSignedIn(`/console/page/${createdId}`);
    await waitForDocument(page, `main/page/${createdId}`);
    await page.getByRole('heading', { name: title }).waitFor();
  }

  /** Copies 'Sobre nós' and retitles the copy; ends on the copy, saved. */
  async function copyAboutUs() {
    await page.goto('/console/page/sobre-nos');
    await waitForDocument(page, 'main/page/sobre-nos');
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/sobre-nos'));
    copyId = page.url().split('/').pop();
    await waitForDocument(page, `main/page/${copyId}`);
    await waitForStatus(page, 'Salvo');
    await page.getByLabel('Título').fill(copyTitle);
    await waitForStatus(page, 'Alterações pendentes');
    await waitForStatus(page, 'Salvo');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows a page of its own while the sign-in screen loads: main landmark, level-one heading, a status', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const loading = await openConsole(browser, '/signin', async (p) => {
      // The screen is in the initial JavaScript; it waits for the Auth session module (its own
      // chunk) to know nobody is signed in.
      await p.route(/\/assets\/auth-session-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
    });
    await loading.getByRole('status', { name: 'Carregando' }).waitFor();
    await expectNoAxeViolations(loading, 'sign-in while it loads');
    release();
    await loading.getByLabel('E-mail').waitFor();
    await loading.context().close();
  });

  it('sends a signed-out visitor to sign-in and refuses a wrong password in Portuguese', async () => {
    await openSignedOut();
    await page.waitForURL(/\/signin\?next=%2Fconsole%2Fpage$/);
    await page.getByLabel('E-mail').waitFor();
    await expectNoAxeViolations(page, 'sign-in');
    await signIn(page, admin.email, 'not-the-password');
    await page.getByText('E-mail ou senha inválidos.').waitFor();
    const button = page.getByRole('button', { name: 'Entrar', exact: true }).and(page.locator(':not([data-loading])'));
    await button.waitFor();
    // The button fades back from its disabled look (a CSS transition): axe measures its contrast
    // once that has ended (it failed once, measured mid-fade).
    await button.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await expectNoAxeViolations(page, 'sign-in with an error');
  });

  it('signs the admin in, back to the route asked for, with the project picker and the menu', async () => {
    await openSignedOut();
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/console\/page$/);
    const picker = page.getByLabel('Projeto');
    await picker.waitFor();
    expect(await picker.locator('option').allInnerTexts()).toContain('Loja Principal');
    expect(await picker.inputValue()).toBe('main');
    await page.getByText(admin.email).waitFor();
    const menu = page.getByRole('navigation', { name: 'Coleções' });
    await menu.getByRole('link', { name: 'Páginas', exact: true }).waitFor();
    // One 'Configurações' entry, to the page that lists the settings screens by purpose.
    expect(await menu.getByText('Configurações', { exact: true }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Configurações', exact: true }).getAttribute('href')).toBe('/console/config');
    expect(await menu.getByRole('link', { name: 'Loja', exact: true }).count()).toBe(0);
    await entries(page).first().waitFor();
    await expectNoAxeViolations(page, 'collection screen');
  });

  it('shows the collection panel 300 px wide with its buttons', async () => {
    await openSignedIn();
    await entries(page).first().waitFor();
    const box = await page.getByTestId('collection-panel').boundingBox();
    expect(box?.width).toBe(300);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Import CSV' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add', exact: true }).isEnabled()).toBe(true);
  });

  it('filters the list by id prefix, debounced', async () => {
    await openSignedIn();
    await page.getByLabel('Filtrar').fill('sobre');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=entry-list] button').length === 1);
    expect(await entries(page).allInnerTexts()).toEqual(['Sobre nós']);
    await page.getByLabel('Filtrar').fill('zzz-nada');
    await page.getByText('No entries found.').waitFor();
    await page.getByLabel('Filtrar').fill('');
    await entry(page, 'Termos de uso').waitFor();
  });

  it('creates a record with Add and opens it', async () => {
    await openSignedIn();
    await addRecord();
    await page.getByRole('heading', { name: title }).waitFor();
    await waitForStatus(page, 'Salvo');
    await entry(page, title).waitFor();
    expect(await page.getByTestId('document-path').innerText()).toMatch(/^main\/page\/[A-Za-z0-9]{20}$/);
  });

  it('opens entries without remounting the list and highlights the open one', async () => {
    await openCreatedRecord();
    await page.getByTestId('entry-list').evaluate((list) => ((list as HTMLElement).dataset.marker = 'kept'));
    await entry(page, 'Termos de uso').click();
    await page.getByRole('heading', { name: 'Termos de uso' }).waitFor();
    expect(page.url()).toMatch(/\/console\/page\/termos-de-uso$/);
    await entry(page, title).click();
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.getByTestId('entry-list').getAttribute('data-marker')).toBe('kept');
    expect(await entry(page, title).getAttribute('aria-current')).toBe('true');
    expect(await entry(page, 'Termos de uso').getAttribute('aria-current')).toBeNull();
  });

  /** Types '-1a2.5.x3' into the record's order field. */
  async function typeOrder() {
    const order = page.getByLabel('Ordem');
    await order.fill('');
    await order.pressSequentially('-1a2.5.x3');
  }

  it('keeps only digits, one leading minus and one decimal point in a number field', async () => {
    await openCreatedRecord();
    await typeOrder();
    expect(await page.getByLabel('Ordem').inputValue()).toBe('-12.53');
  });

  it('asks before leaving pending changes, then saves them', async () => {
    await openCreatedRecord();
    await typeOrder();
    // The save is held at the store until the question has been answered: on a loaded machine the
    // 2 s autosave could otherwise land before the click, and there would be nothing to ask about.
    let releaseSave = () => {};
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    const commitUrl = '**/documents:commit**';
    await page.route(commitUrl, async (route) => {
      await saveHeld;
      await route.fallback();
    });
    await page.getByLabel('Título').fill(`${title} editada`);
    await waitForStatus(page, 'Alterações pendentes');
    const here = page.url();
    dialogs.next('dismiss');
    const asked = dialogs.seen.length;
    await entry(page, 'Termos de uso').click();
    await expect.poll(() => dialogs.seen.slice(asked), { timeout: 15_000 }).toEqual(['Há alterações não salvas. Deseja sair sem salvar?']);
    expect(page.url()).toBe(here);
    releaseSave();
    await page.unroute(commitUrl);
    // Existing records save by themselves (autosave); there is no Salvar button.
    expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await waitForStatus(page, 'Salvo');
    await page.reload();
    expect(await page.getByLabel('Título').inputValue()).toBe(`${title} editada`);
    expect(await page.getByLabel('Ordem').inputValue()).toBe('-12.53');
    expect(await page.getByLabel('Visível').isChecked()).toBe(true);
  });

  it('copies a record under a new id, keeping the values the form only displays', async () => {
    await openSignedIn();
    await copyAboutUs();
    await page.reload();
    // A page's 'content' is HTML, not a layout: the editor-layout field shows it read-only, and the save left it as stored.
    const content = page.getByLabel('Conteúdo');
    await content.locator('summary').click();
    expect(await content.innerText()).toContain('nasceu em 2009');
  });

  it('deletes after confirmation and writes the record back with Criar registro', async () => {
    if (!copyId) {
      await openSignedIn();
      await copyAboutUs();
    }
    await openSignedIn(`/console/page/${copyId}`);
    await waitForDocument(page, `main/page/${copyId}`);
    await entry(page, copyTitle).waitFor();
    const here = page.url();
    dialogs.next('accept');
    await page.getByRole('button', { name: 'Delete' }).click();
    expect(dialogs.seen.at(-1)).toBe('Deseja realmente apagar o registro?');
    await page.getByText('Registro apagado').waitFor();
    await entry(page, copyTitle).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Criar registro' }).click();
    await page.getByLabel('Título').waitFor();
    expect(await page.getByLabel('Título').inputValue()).toBe(copyTitle);
    expect(page.url()).toBe(here);
    await entry(page, copyTitle).waitFor();
  });

  it('requires a free id in a collection whose ids the operator chooses', async () => {
    await openSignedIn();
    await page.goto('/console/brand/add');
    await page.getByRole('heading', { name: 'Novo registro' }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Preencha o campo Marca').waitFor();
    await page.getByLabel('Marca', { exact: true }).fill('Tramontina');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Já existe um documento com esse Marca').waitFor();
    const brand = `marca-e2e-${run}`;
    await page.getByLabel('Marca', { exact: true }).fill(brand);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(`**/console/brand/${brand}`);
    await waitForDocument(page, `main/brand/${brand}`);
    await waitForStatus(page, 'Salvo');
    expect(await page.getByLabel('Marca', { exact: true }).isDisabled()).toBe(true);

    dialogs.next({ prompt: 'Tramontina' });
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Já existe um documento com esse ID').waitFor();
    dialogs.next({ prompt: `${brand}-2` });
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.waitForURL(`**/console/brand/${brand}-2`);
  });

  it('edits a settings document without Delete or Copy', async () => {
    await openSignedIn();
    await page.getByRole('navigation', { name: 'Coleções' }).getByRole('link', { name: 'Configurações', exact: true }).click();
    await page.waitForURL('**/console/config');
    await page.getByTestId('settings-list').getByRole('link', { name: 'Loja', exact: true }).click();
    await page.waitForURL('**/console/config/store');
    await page.getByTestId('document-path').filter({ hasText: 'main/config/store' }).waitFor();
    await waitForStatus(page, 'Salvo');
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Loja Principal');
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Copy' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'settings screen');
  });

  it('says so for an unknown collection', async () => {
    await openSignedIn();
    await page.goto('/console/nao-existe');
    await page.getByText('Coleção não encontrada').waitFor();
    await expectNoAxeViolations(page, 'unknown collection');
  });

  it('switches project, goes to /console and remembers the choice after a reload', async () => {
    await openSignedIn();
    await page.getByLabel('Projeto').selectOption('cookstore');
    await page.waitForURL(/\/console$/);
    await page.getByText('Projeto atual: Cook Store').waitFor();
    await expectNoAxeViolations(page, 'console home');
    await page.reload();
    await page.getByText('Projeto atual: Cook Store').waitFor();
    expect(await page.getByLabel('Projeto').inputValue()).toBe('cookstore');
    await page.getByLabel('Projeto').selectOption('main');
    await page.getByText('Projeto atual: Loja Principal').waitFor();
  });

  it('signs out to the sign-in screen', async () => {
    await openSignedIn();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(/\/signin/);
    await page.getByLabel('E-mail').waitFor();
  });
});

describe('console shell for staff', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lists only the projects of the claims and hides credential settings', async () => {
    const staff = seedUser('staff', ['main', 'cookstore']);
    const page = await openConsole(browser, '/console/config');
    await signIn(page, staff.email, staff.password);
    await page.waitForURL(/\/console\/config$/);
    await page.getByLabel('Projeto').waitFor();
    const options = await page.getByLabel('Projeto').locator('option').allInnerTexts();
    expect(options.sort()).toEqual(['Cook Store', 'Loja Principal']);
    await page.getByTestId('settings-list').getByRole('link').first().waitFor();
    const settings = await page.getByTestId('settings-list').getByRole('link').allInnerTexts();
    expect(settings).toContain('Loja');
    expect(settings).not.toContain('Mercado Pago');
    // Customer.io's workspace tracking key is a credential (shared/src/access/config-documents.ts).
    expect(settings).not.toContain('Customer.io');
    await page.goto('/console/config/mercadopago');
    await page.getByText('Somente administradores podem abrir esta configuração.').waitFor();
    await expectNoAxeViolations(page, 'settings screen refused to staff');
    await page.goto('/console/config/customerio');
    await page.getByText('Somente administradores podem abrir esta configuração.').waitFor();
  });
});
