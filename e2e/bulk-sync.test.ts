// The bulk product sync screen in a browser (document 1 §2 screen 1, §4 'Bulk sync', §5, §8):
// 30 codes at 3 simultaneous processes with the store-site sandbox failing some of them, pause and
// resume that never fetch a finished code again, 'Retentar Erros' on the errored codes, and the
// alert when there is nothing to retry. Each test file works in a store project of its own.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { companyFromProductCode } from '@console/shared';
import { answerDialogs, launchBrowser, openConsole, signIn, rememberProject } from '../test-support/browser.js';
import { api, idToken, seedUser } from '../test-support/emulator.js';
import { expectNoAxeViolations } from '../test-support/axe.js';
import { createTestProject, sandboxRequests, sandboxUrls, setSandboxFaults, testFirestore, testWarehouse } from '../test-support/stack.js';

const admin = seedUser('admin');
const SITE_PRODUCT_PATH = '/api/produtos'; // sandboxes/src/site-store.ts
const WEBSERVICE_TASK = 'Tramontina Webservice';
const SITE_TASK = 'Site: cookstore';

/** Tramontina products of the seed with 8-digit codes (no code is a prefix of another), company by prefix. */
const CODES: string[] = (() => {
  const seed = JSON.parse(readFileSync(new URL('../emulator-data/seed/firestore.json', import.meta.url), 'utf8')) as Record<string, Record<string, unknown>>;
  return Object.entries(seed)
    .filter(([path, data]) => /^project\/main\/product\/\d{8}$/.test(path) && (data.brand ?? 'Tramontina') === 'Tramontina')
    .map(([path, data]) => ({ code: path.split('/').pop()!, company: data.Company }))
    .filter(({ code, company }) => companyFromProductCode(code) === company)
    .map(({ code }) => code);
})();

const site = () => sandboxUrls()['site-cookstore']!;
const siteCalls = async (code: string) => (await sandboxRequests(site(), `${SITE_PRODUCT_PATH}/${code}`)).length;
/** The site calls of each code from now on (other test files may have fetched the same codes before). */
async function siteCallCounter(codes: string[]) {
  const before = new Map(await Promise.all(codes.map(async (code) => [code, await siteCalls(code)] as const)));
  return async (code: string) => (await siteCalls(code)) - before.get(code)!;
}

const row = (page: Page, code: string) => page.locator(`[data-testid=sync-row][data-code="${code}"]`);
const chip = (page: Page, code: string, task: string) => row(page, code).locator(`[data-task="${task}"]`);
const startButton = (page: Page) => page.getByRole('button', { name: 'Iniciar', exact: true });
const pauseButton = (page: Page) => page.getByRole('button', { name: 'Pausar', exact: true });

/** Counts, on the page's own clock, the most rows fetching at once. */
async function watchConcurrency(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { maxFetching: number };
    w.maxFetching = 0;
    const note = () => {
      w.maxFetching = Math.max(w.maxFetching, document.querySelectorAll('[data-testid=sync-row][data-fetching=true]').length);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-fetching'] });
  });
  return () => page.evaluate(() => (window as unknown as { maxFetching: number }).maxFetching);
}

describe('bulk product sync', () => {
  let browser: Browser;
  let project: string;
  const pages: Page[] = [];

  async function openSyncScreen() {
    const page = await openConsole(browser, '/signin');
    pages.push(page);
    const dialogs = answerDialogs(page);
    await signIn(page, admin.email, admin.password);
    await rememberProject(page, project);
    await page.goto('/console/sync');
    await page.getByRole('heading', { name: 'Produtos', exact: true }).waitFor();
    await page.getByLabel('Conta Bling').locator('option', { hasText: 'Conta Principal' }).waitFor({ state: 'attached' });
    return { page, dialogs };
  }

  async function choose(page: Page, { codes, tasks, concurrency }: { codes: string[]; tasks: string[]; concurrency: number }) {
    await page.getByLabel('Códigos dos produtos').fill(`  ${codes.join('\n\n  ')}  \n`);
    await page.getByLabel('Processos Simultâneos').selectOption(String(concurrency));
    for (const task of tasks) await page.getByLabel(task, { exact: true }).check();
  }

  beforeAll(async () => {
    expect(CODES.length).toBeGreaterThanOrEqual(52);
    project = await createTestProject('bulk-sync');
    browser = await launchBrowser();
  });

  afterEach(async () => {
    await setSandboxFaults(site());
  });

  afterAll(async () => {
    for (const page of pages)
      await page
        .context()
        .close({ reason: 'test over' })
        .catch(() => {});
    await browser?.close();
  });

  it('is in the menu under Catálogo, with the accounts by description and 1 to 10 processes (default 1)', async () => {
    const { page } = await openSyncScreen();
    const catalogue = page.getByRole('navigation', { name: 'Coleções' });
    await catalogue.getByRole('link', { name: 'Sincronização de produtos' }).waitFor();
    expect(await page.getByLabel('Conta Bling').locator('option').allInnerTexts()).toEqual(['Conta Principal', 'Conta Marketplace']);
    expect(await page.getByLabel('Processos Simultâneos').inputValue()).toBe('1');
    expect(await page.getByLabel('Processos Simultâneos').locator('option').allInnerTexts()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    // One checkbox per task, in catalogue order, the AI texts among them.
    await page.getByLabel('Bling → BigQuery', { exact: true }).waitFor();
    await page.getByLabel('Marketplace: Shopee', { exact: true }).waitFor();
    await page.getByLabel('IA: textos (título, descrição, vendas, selos, atributos)', { exact: true }).waitFor();
    await page.getByLabel('Site: cookeletroraro', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'Sincronização de produtos');
  });

  it('runs 30 codes at 3 processes, marks the codes the sandbox fails and goes on with the others', async () => {
    const codes = CODES.slice(0, 30);
    const failing = [codes[3]!, codes[11]!, codes[12]!, codes[25]!];
    await setSandboxFaults(site(), ...failing.map((code) => ({ path: `${SITE_PRODUCT_PATH}/${code}`, status: 503 })));
    const { page } = await openSyncScreen();
    await choose(page, { codes, tasks: [SITE_TASK, WEBSERVICE_TASK], concurrency: 3 });
    expect(await page.locator('[data-testid=sync-row]').count()).toBe(30);
    const maxFetching = await watchConcurrency(page);
    const callsOf = await siteCallCounter(codes);

    await startButton(page).click();
    await pauseButton(page).waitFor();
    // The operator sees the progress while it runs.
    await page.getByTestId('sync-rate').filter({ hasText: '/s' }).waitFor();
    await startButton(page).waitFor({ timeout: 60_000 });

    expect(await maxFetching()).toBe(3);
    expect(await page.getByTestId('sync-done').textContent()).toBe('30 de 30');
    expect(await page.getByTestId('sync-errors').textContent()).toBe('4');
    expect(await page.getByTestId('sync-remaining').textContent()).toBe('0');
    expect(await page.getByTestId('sync-time-left').textContent()).toBe('0 s');
    expect(await page.locator('[data-testid=sync-row][data-started=true]').count()).toBe(30);
    for (const code of codes) {
      // Catalogue order: the web service before the store site, whatever order they were ticked in.
      expect(
        await row(page, code)
          .locator('[data-task]')
          .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-task'))),
      ).toEqual(['tramontina-webservice', 'site-cookstore']);
      expect(await chip(page, code, 'tramontina-webservice').getAttribute('data-status')).toBe('done');
      expect(await chip(page, code, 'site-cookstore').getAttribute('data-status')).toBe(failing.includes(code) ? 'failed' : 'done');
    }

    // The error's message can be read: the server's error naming the upstream.
    await chip(page, failing[0]!, 'site-cookstore').getByRole('button').click();
    const message = await row(page, failing[0]!).getByTestId('sync-error-message').textContent();
    expect(message).toMatch(/^Site: cookstore: Site cookstore: .*HTTP 503/);
    // Grouped by cause: the four failures are one cause.
    await page.getByText('Erros por causa (1)').click();
    expect(await page.getByTestId('sync-error-group').textContent()).toMatch(/^4× Site: cookstore: Site cookstore: .*HTTP 503/);
    // Every code reached the site once at least (a failing one is retried by the backend's client).
    for (const code of codes) expect(await callsOf(code)).toBe(failing.includes(code) ? 3 : 1);
  }, 120_000);

  it('pauses without taking new codes and, resumed, never fetches a finished code again', async () => {
    const codes = CODES.slice(30, 40);
    await setSandboxFaults(site(), { path: SITE_PRODUCT_PATH, latencyMs: 400 });
    const { page } = await openSyncScreen();
    await choose(page, { codes, tasks: [SITE_TASK], concurrency: 2 });
    const callsOf = await siteCallCounter(codes);

    await startButton(page).click();
    await page.locator('[data-testid=sync-row][data-fetching=true]').first().waitFor();
    await pauseButton(page).click();
    await startButton(page).waitFor();
    // The codes already taken finish; no other starts.
    await page.locator('[data-testid=sync-row][data-fetching=true]').first().waitFor({ state: 'detached' });
    const started = await page.locator('[data-testid=sync-row][data-started=true]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
    expect(started.length).toBeGreaterThanOrEqual(1);
    expect(started.length).toBeLessThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await page.locator('[data-testid=sync-row][data-started=true]').count()).toBe(started.length);
    for (const code of started) expect(await callsOf(code!)).toBe(1);

    await startButton(page).click();
    await pauseButton(page).waitFor();
    await startButton(page).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('sync-done').textContent()).toBe('10 de 10');
    // Each code was fetched exactly once: the finished ones were skipped on resume.
    for (const code of codes) expect(await callsOf(code)).toBe(1);
  }, 90_000);

  it("'Retentar Erros' runs the errored codes again and clears their errors", async () => {
    const codes = CODES.slice(40, 48);
    const failing = [codes[1]!, codes[5]!];
    // Three answers of 503 per code: the backend's client gives up (3 attempts) the first time only.
    await setSandboxFaults(site(), ...failing.map((code) => ({ path: `${SITE_PRODUCT_PATH}/${code}`, status: 503, times: 3 })));
    const { page } = await openSyncScreen();
    await choose(page, { codes, tasks: [SITE_TASK], concurrency: 2 });
    const callsOf = await siteCallCounter(codes);
    await startButton(page).click();
    await pauseButton(page).waitFor();
    await startButton(page).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('sync-errors').textContent()).toBe('2');

    await page.getByRole('button', { name: 'Retentar Erros' }).click();
    // The text area now holds the errored codes (nothing else was running).
    expect((await page.getByLabel('Códigos dos produtos').inputValue()).split('\n')).toEqual(failing);
    await startButton(page).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('sync-errors').textContent()).toBe('0');
    expect(await page.getByTestId('sync-done').textContent()).toBe('2 de 2');
    for (const code of failing) expect(await chip(page, code, 'site-cookstore').getAttribute('data-status')).toBe('done');
    // The codes that were fine were not fetched again.
    for (const code of codes.filter((c) => !failing.includes(c))) expect(await callsOf(code)).toBe(1);
  }, 90_000);

  it("alerts 'Nenhum erro para retentar!' when no code has an error", async () => {
    const { page, dialogs } = await openSyncScreen();
    await page.getByRole('button', { name: 'Retentar Erros' }).click();
    await expect.poll(() => dialogs.seen).toEqual(['Nenhum erro para retentar!']);
    expect(await startButton(page).isVisible()).toBe(true);
  });

  it("queues the task URLs through 'Enviar para backend'", async () => {
    const codes = CODES.slice(48, 50);
    const { page } = await openSyncScreen();
    await choose(page, { codes, tasks: [SITE_TASK, 'BigQuery → Firestore'], concurrency: 1 });
    await page.getByRole('button', { name: 'Enviar para backend' }).click();
    await page.getByText('4 tarefas enviadas para o backend').waitFor();
  });

  it("'Pré-visualizar' shows per product what BigQuery → Firestore would write; the run writes exactly that, or says what changed (issue 29)", async () => {
    const [code, moved] = [CODES[50]!, CODES[51]!];
    const token = await idToken(admin);
    for (const c of [code, moved]) {
      const { status } = await api(`/api/tramontina/webservice/products/${companyFromProductCode(c)}/${c}?project=${project}`, { token });
      expect(status).toBe(200);
    }
    const { page } = await openSyncScreen();
    await choose(page, { codes: [code, moved], tasks: ['BigQuery → Firestore'], concurrency: 1 });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = (c: string) => page.locator(`[data-testid=sync-preview-product][data-code="${c}"]`);
    await preview(code).getByText('produto novo no catálogo').waitFor();
    await preview(code)
      .getByTestId('sync-preview-change')
      .filter({ hasText: `ProductCode: — → ${code}` })
      .waitFor();
    await preview(moved).getByTestId('sync-preview-change').first().waitFor();
    // Nothing written by the preview.
    expect((await testFirestore().doc(`project/${project}/product-data/${code}`).get()).exists).toBe(false);
    await expectNoAxeViolations(page, 'the bulk sync preview');

    // The manufacturer's data of one code moves after the preview.
    const warehouse = testWarehouse();
    const row0 = (await warehouse.get('tramontina_products', { project, id: moved }))!;
    const data = row0.data as { product: Record<string, unknown> };
    await warehouse.upsert('tramontina_products', [{ ...row0, data: { ...data, product: { ...data.product, Height: 12345 } } }]);
    await warehouse.close();

    await startButton(page).click();
    await expect.poll(() => chip(page, moved, 'firestore').getAttribute('data-status'), { timeout: 60_000 }).toBe('failed');
    await expect.poll(() => chip(page, code, 'firestore').getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect((await testFirestore().doc(`project/${project}/product-data/${code}`).get()).exists).toBe(true);
    expect((await testFirestore().doc(`project/${project}/product-data/${moved}`).get()).exists).toBe(false);
    await chip(page, moved, 'firestore').getByRole('button').click();
    const message = await row(page, moved).getByTestId('sync-error-message').textContent();
    expect(message).toContain('mudou desde a pré-visualização');
    expect(message).toContain('Height');
  }, 120_000);
});
