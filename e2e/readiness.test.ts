// Readiness per channel in a browser (issue 29, Build 1 and 6): the product panel's checklist with
// links to the fields to fix, the product list's column and 'Não prontos para Magalu' filter, and
// the home screen's charts, each from an operator's click. The products are written here; the
// functions' triggers store their readiness (functions/src/readiness).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ProductReadiness } from '@console/shared';
import { launchBrowser, openConsole, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { expectNoAxeViolations } from '../test-support/axe.js';
import { testFirestore, waitFor } from '../test-support/stack.js';
import { readyProduct } from '../test-support/readiness-products.js';

const staff = seedUser('staff', ['main', 'cookstore']);
// Codes of their own (no seeded product starts with 9977), so the list's prefix filter shows only these.
const READY = '99770001';
const NOT_READY = '99770002';

const stored = async (code: string) => (await testFirestore().doc(`project/main/product/${code}`).get()).get('readiness') as ProductReadiness | undefined;

describe('readiness per channel', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await testFirestore()
      .doc(`project/main/product/${READY}`)
      .set({ ProductCode: READY, ...readyProduct(3), ProductSiteName: 'Faqueiro pronto' });
    // One image (Magalu asks 2) and a GTIN whose check digit is wrong (every channel).
    await testFirestore()
      .doc(`project/main/product/${NOT_READY}`)
      .set({ ProductCode: NOT_READY, ...readyProduct(1), ProductSiteName: 'Faqueiro pendente', EAN13: '4006381333932' });
    await waitFor(async () => ((await stored(READY)) && (await stored(NOT_READY)) ? true : undefined), 60_000, 'both readiness results');
    browser = await launchBrowser();
    page = await openConsole(browser, `/console/product/${NOT_READY}`);
    await signIn(page, staff.email, staff.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the panel's checklist per channel and takes the operator to the field to fix", async () => {
    const checklist = page.getByRole('region', { name: 'Prontidão por canal' });
    await checklist.waitFor();
    const magalu = checklist.getByRole('list', { name: 'Não prontos para Magalu' });
    await magalu.getByText('Adicione ao menos 2 imagens').waitFor();
    await magalu.getByText('O dígito verificador do GTIN/EAN não confere').waitFor();
    await checklist.getByRole('list', { name: 'Não prontos para Site' }).getByText('O dígito verificador do GTIN/EAN não confere').waitFor();
    // Main sells on the site and Magalu (its active pricing rules): no Shopee or Amazon here.
    expect(await checklist.getByText('Shopee').count()).toBe(0);

    await magalu.getByRole('button', { name: 'Corrigir EAN13 (GTIN)' }).click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('4006381333932');
    await expectNoAxeViolations(page, 'product panel readiness checklist');
  });

  it("filters the product list to the products not ready for Magalu, with each row's readiness", async () => {
    const list = page.getByTestId('collection-panel');
    await list.getByLabel('Filtrar').fill('9977');
    await list.getByRole('button', { name: 'Faqueiro pronto' }).waitFor();
    await list.getByLabel('Pronto para todos os canais').waitFor();
    await list.getByLabel('Não pronto para Site, Magalu').waitFor();

    await list.getByLabel('Prontidão').selectOption({ label: 'Não prontos para Magalu' });
    await expect.poll(() => list.getByRole('button', { name: 'Faqueiro pronto' }).count()).toBe(0);
    await list.getByRole('button', { name: 'Faqueiro pendente' }).waitFor();
    await expectNoAxeViolations(page, 'product list readiness filter');

    // Fixed in the catalogue (2 images, a good GTIN): the trigger recomputes and the row leaves the filter.
    await testFirestore()
      .doc(`project/main/product/${NOT_READY}`)
      .update({ images: readyProduct(2).images, EAN13: '4006381333931' });
    await expect.poll(() => list.getByRole('button', { name: 'Faqueiro pendente' }).count(), { timeout: 30_000 }).toBe(0);
  });

  it("shows the home screen's readiness by channel and top blocking rules, each leading to its list", async () => {
    await page.goto('/console');
    const home = page.getByRole('region', { name: 'Prontidão por canal' });
    await home.getByRole('img', { name: 'Produtos prontos e não prontos por canal' }).waitFor();
    const health = page.getByRole('region', { name: 'Saúde da loja' });
    await health.getByText('Erros de sincronização (24 h)').waitFor();
    // The held prices counted by the database, as the price guardrails store them.
    const held = (await testFirestore().collection('project/main/price-hold').where('status', '==', 'held').count().get()).data().count;
    await expect.poll(async () => (await health.getByTestId('health-heldPrices').innerText()).replace(/\s+/g, ' ').trim()).toBe(`Preços retidos ${held}`);

    // The seeded catalogue carries its readiness and a finished run (scripts/seed/readiness.mjs):
    // the health shows at once, with no product left to evaluate.
    const reasons = home.getByRole('list', { name: 'Principais pendências para Magalu' });
    await reasons.getByRole('link').first().waitFor();
    expect(await home.getByText(/ainda não avaliados?$/).count()).toBe(0);
    expect(await home.getByRole('button', { name: 'Avaliar todos os produtos' }).count()).toBe(0);
    const runs = await testFirestore().collection('project/main/readiness-run').where('status', '==', 'done').get();
    expect(runs.docs.some((d) => d.data().done === d.data().total && d.data().total > 0)).toBe(true);
    const notReadyForMagalu = async () =>
      (await testFirestore().collection('project/main/product').where('readiness.notReady', 'array-contains', 'magalu').count().get()).data().count;
    const notReady = home.getByRole('link', { name: /^Não prontos para Magalu: / });
    await expect.poll(async () => Number((await notReady.textContent())!.replace(/\D/g, ''))).toBe(await notReadyForMagalu());
    expect(await notReadyForMagalu()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'home screen readiness');

    await health.getByTestId('health-heldPrices').click();
    await page.waitForURL(/\/console\/price-review$/);
    await page.goBack();
    await notReady.click();
    await page.waitForURL(/\/console\/product\?readiness=magalu$/);
    const list = page.getByTestId('collection-panel');
    expect(await list.getByLabel('Prontidão').inputValue()).toBe('magalu');
    await list
      .getByLabel(/^Não pronto para .*Magalu/)
      .first()
      .waitFor();
    expect(await list.getByLabel('Pronto para todos os canais').count()).toBe(0);
  });
});
