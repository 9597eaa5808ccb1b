// The single-product buttons on the product document (document 1 §2 screen 2, §4 'Single ERP sync'
// and 'Manufacturer import', §5): each label of each step in order, the data written, and the
// navigation to /console/product/{code} at the end; the company asked for first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { answerDialogs, launchBrowser, openConsole, signIn, rememberProject } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { expectNoAxeViolations } from '../test-support/axe.js';
import { createTestProject, sandboxRequests, sandboxUrls, testFirestore, testWarehouse } from '../test-support/stack.js';

const admin = seedUser('admin');
const CODE = '10770288'; // Tramontina, company 1, in the seed and in every sandbox's catalogue
const NEW_CODE = '20514899'; // Tramontina, company 2: in the sandboxes' catalogue, not in the test project

/** Records each text the element with this test id shows (the page's own MutationObserver). */
async function recordLabels(page: Page, testId: string) {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as { labels: string[] }).labels = seen;
    const note = () => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    note();
  }, testId);
  return () => page.evaluate(() => (window as unknown as { labels: string[] }).labels);
}

describe('single-product sync buttons', () => {
  let browser: Browser;
  let project: string;
  const pages: Page[] = [];

  async function openProduct(code: string) {
    const page = await openConsole(browser, '/signin');
    pages.push(page);
    const dialogs = answerDialogs(page);
    await signIn(page, admin.email, admin.password);
    await rememberProject(page, project);
    await page.goto(`/console/product/${code}`);
    await page
      .getByTestId('document-path')
      .filter({ hasText: `${project}/product/${code}` })
      .waitFor();
    return { page, dialogs };
  }

  beforeAll(async () => {
    project = await createTestProject('single-sync', [CODE]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const page of pages)
      await page
        .context()
        .close({ reason: 'test over' })
        .catch(() => {});
    await browser?.close();
  });

  it("'Sincronizar Bling': Sincronizando dados Bling... → Atualizando... → the product page, with the ERP's data written", async () => {
    const { page } = await openProduct(CODE);
    const button = page.getByTestId('sync-bling');
    await button.filter({ hasText: 'Sincronizar Bling' }).waitFor();
    const labels = await recordLabels(page, 'sync-bling');
    const before = Date.now();

    await button.click();
    // Each step is a worker's cold start on a busy lane: the bound is generous, the time is not asserted.
    // Polled until the run is back at its idle label: one that stalls fails with the labels it showed.
    await expect.poll(labels, { timeout: 150_000 }).toEqual(['Sincronizar Bling', 'Sincronizando dados Bling...', 'Atualizando...', 'Sincronizar Bling']);
    await expectNoAxeViolations(page, 'product document with its sync buttons');
    expect(new URL(page.url()).pathname).toBe(`/console/product/${CODE}`);
    expect(await testWarehouse().get('bling_products', { project, id: CODE })).not.toBeNull();
    const productData = (await testFirestore().doc(`project/${project}/product-data/${CODE}`).get()).data()!;
    expect(productData.updatedAt.toMillis()).toBeGreaterThanOrEqual(before - 1000);
  }, 180_000);

  it("'Sincronizar TStock' asks for the company and the code, then walks every step of the manufacturer import", async () => {
    const { page, dialogs } = await openProduct(CODE);
    const button = page.getByTestId('sync-manufacturer');
    await button.filter({ hasText: 'Sincronizar TStock' }).waitFor();
    const labels = await recordLabels(page, 'sync-manufacturer');
    const prompts: { message: string; value: string }[] = [];
    page.on('dialog', (d) => void prompts.push({ message: d.message(), value: d.defaultValue() }));
    const before = Date.now();
    dialogs.next({ prompt: '1' });
    dialogs.next({ prompt: CODE });

    await button.click();
    // Six workers in turn, each possibly a cold start on a busy lane (CI took over 30 s once).
    // Polled until the run is back at its idle label: one that stalls fails with the labels it showed.
    await expect
      .poll(labels, { timeout: 150_000 })
      .toEqual([
        'Sincronizar TStock',
        'Sincronizando dados Tramontina...',
        'Sincronizando estoque TStock...',
        'Baixando imagens...',
        'Enviando para Firestore...',
        'Consultando produto no Bling...',
        'Atualizando...',
        'Sincronizar TStock',
      ]);

    // The company comes first, suggested from the product; then the code.
    expect(prompts).toEqual([
      { message: 'Id da empresa (Tramontina)', value: '1' },
      { message: 'Código do produto', value: CODE },
    ]);
    expect(dialogs.seen).toHaveLength(2);
    expect(new URL(page.url()).pathname).toBe(`/console/product/${CODE}`);
    expect(await testWarehouse().get('tramontina_products', { project, id: CODE })).not.toBeNull();
    expect(await testWarehouse().get('tstock_stock', { project, id: CODE })).not.toBeNull();
    const productData = (await testFirestore().doc(`project/${project}/product-data/${CODE}`).get()).data()!;
    expect(productData.updatedAt.toMillis()).toBeGreaterThanOrEqual(before - 1000);
  }, 180_000);

  it("refuses to start without a company: 'Primeiro deve informar o id da empresa'", async () => {
    const { page, dialogs } = await openProduct(CODE);
    const webservice = sandboxUrls()['tramontina-webservice']!;
    const calls = (await sandboxRequests(webservice, '/api/v1/produtos')).length;
    dialogs.next({ prompt: '' });
    await page.getByTestId('sync-manufacturer').click();
    await expect.poll(() => dialogs.seen).toEqual(['Id da empresa (Tramontina)', 'Primeiro deve informar o id da empresa']);
    expect(await page.getByTestId('sync-manufacturer').textContent()).toBe('Sincronizar TStock');
    expect((await sandboxRequests(webservice, '/api/v1/produtos')).length).toBe(calls);
  });

  it("'Importar Produto Tramontina' on the new-product form brings a product in and opens it", async () => {
    const { page, dialogs } = await openProduct('add');
    const button = page.getByTestId('sync-manufacturer');
    await button.filter({ hasText: 'Importar Produto Tramontina' }).waitFor();
    expect(await page.getByTestId('sync-bling').count()).toBe(0);
    dialogs.next({ prompt: '2' });
    dialogs.next({ prompt: ` ${NEW_CODE} ` });

    await button.click();
    await page.waitForURL(`**/console/product/${NEW_CODE}`, { timeout: 60_000 });
    await page
      .getByTestId('document-path')
      .filter({ hasText: `${project}/product/${NEW_CODE}` })
      .waitFor();
    expect((await testFirestore().doc(`project/${project}/product/${NEW_CODE}`).get()).exists).toBe(true);
    expect((await testFirestore().doc(`project/${project}/product-data/${NEW_CODE}`).get()).exists).toBe(true);
  });
});
