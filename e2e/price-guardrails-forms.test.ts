// Issue 29 point 3 in two forms. A selling price typed in the product's document form: the form
// does not write it (firestore.rules refuse it from a client) but sends it to the guardrails'
// endpoint; inside the store's limits it is stored with its changelog entry, outside them it is
// held with the numbers, the form shows the stored price again, and it is applied only once
// confirmed with a reason. A pricing rule's form: the preview of its effect, before it is saved,
// shows the prices it would change and which the guardrails would hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { answerDialogs, launchBrowser, openConsole, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { testFirestore } from '../test-support/stack.js';

// A seeded main product no other browser test edits: Price 137,90, ERP cost (PriceNetErp) 73,61.
const CODE = '1068566';
const SEEDED_PRICE = 137.9;
const staff = seedUser('staff', ['main', 'cookstore']);

const form = (page: Page) => page.locator('form');
const priceInput = (page: Page) => form(page).getByLabel('Preço à vista', { exact: true });
const heldRows = (page: Page) => page.getByTestId('held-prices').getByTestId('held-price');

describe("the product form's price goes through the guardrails", () => {
  let browser: Browser;
  let page: Page;
  let dialogs: ReturnType<typeof answerDialogs>;
  const product = () => testFirestore().doc(`project/main/product/${CODE}`);
  const store = () => testFirestore().doc('project/main/config/store');
  const storedPrice = async () => (await product().get()).data()!.Price as number;
  const changelog = async () =>
    (await testFirestore().collection('project/main/product-data-changelog').where('ProductCode', '==', CODE).get()).docs.map((d) => d.data());

  beforeAll(async () => {
    await store().set({ priceGuardrails: { minMarginPercent: 10, maxChangePercent: 80 } }, { merge: true });
    browser = await launchBrowser();
    page = await openConsole(browser, `/console/product/${CODE}`);
    dialogs = answerDialogs(page);
    await signIn(page, staff.email, staff.password);
    await priceInput(page).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await store().set({ priceGuardrails: null }, { merge: true });
    await product().set({ Price: SEEDED_PRICE }, { merge: true });
  });

  it('stores a price inside the limits through the endpoint, with its changelog entry', async () => {
    await expect.poll(() => priceInput(page).inputValue()).toBe(String(SEEDED_PRICE));
    await priceInput(page).fill('150');
    await expect.poll(storedPrice, { timeout: 30_000 }).toBe(150);
    await page
      .getByTestId('save-status')
      .filter({ hasText: /^Salvo$/ })
      .waitFor();
    const entries = (await changelog()).filter((e) => e.field === 'Price' && e.to === 150);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ from: SEEDED_PRICE, source: 'manual', about: 'Alterado no formulário do produto', createdBy: { id: staff.uid } });
  });

  it('holds a price below the margin with the numbers, shows the stored price again, and applies it once confirmed with a reason', async () => {
    await priceInput(page).fill('60');
    // 60,00 / 73,61 − 1 = −18,5%.
    const message = 'R$ 60,00 fica 18% abaixo do custo de R$ 73,61';
    await page.getByRole('status').filter({ hasText: 'Preço retido: fora dos limites da loja' }).filter({ hasText: message }).waitFor();
    const held = heldRows(page).filter({ has: page.getByTestId('held-price-message').filter({ hasText: message }) });
    await held.waitFor();
    await expect.poll(() => priceInput(page).inputValue(), { timeout: 30_000 }).toBe('150');
    await page
      .getByTestId('save-status')
      .filter({ hasText: /^Salvo$/ })
      .waitFor();
    expect(await storedPrice()).toBe(150);
    expect((await changelog()).filter((e) => e.to === 60)).toHaveLength(0);

    dialogs.next({ prompt: 'Queima de estoque aprovada' });
    await held.getByRole('button', { name: 'Confirmar Preço à vista' }).click();
    await expect.poll(storedPrice, { timeout: 30_000 }).toBe(60);
    // The stored price reaches the form through its snapshot listener: seconds on a busy lane.
    await expect.poll(() => priceInput(page).inputValue(), { timeout: 30_000 }).toBe('60');
    await held.waitFor({ state: 'detached' });
    const confirmed = (await changelog()).filter((e) => e.confirmation && e.to === 60);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({
      field: 'Price',
      from: 150,
      source: 'manual',
      about: 'Alterado no formulário do produto',
      confirmation: { reason: 'Queima de estoque aprovada', guardrail: message },
      createdBy: { id: staff.uid },
    });
  });
});

describe("a pricing rule's preview of its effect", () => {
  const RULE = `preview-${Date.now().toString(36)}`;
  let browser: Browser;
  let page: Page;
  const rule = () => testFirestore().doc(`project/main/pricing-rule/${RULE}`);
  const store = () => testFirestore().doc('project/main/config/store');

  beforeAll(async () => {
    await store().set({ priceGuardrails: { minMarginPercent: 10, maxChangePercent: 30 } }, { merge: true });
    // One seeded product: 10618562, Price 112,90, ERP cost 55,28; × 2 = 110,56 leaves it alone.
    await rule().set({
      name: 'Prévia de teste',
      store: 'site',
      isActive: false,
      order: 99,
      rules: {
        map: {
          type: '=',
          params: [
            { type: 'field', value: 'ProductCode' },
            { type: 'string', value: '10618562' },
          ],
        },
        sql: "ProductCode = '10618562'",
      },
      options: { minMarkup: 2 },
    });
    browser = await launchBrowser();
    page = await openConsole(browser, `/console/pricing-rule/${RULE}`);
    await signIn(page, staff.email, staff.password);
    await page.getByRole('button', { name: 'Pré-visualizar efeito nos preços' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await store().set({ priceGuardrails: null }, { merge: true });
    await rule().delete();
  });

  it('shows, before the rule is saved, the price a higher markup would raise and that the guardrails would hold it', async () => {
    const preview = page.getByRole('button', { name: 'Pré-visualizar efeito nos preços' });
    await preview.click();
    await page.getByTestId('rule-preview-summary').filter({ hasText: '1 de ' }).filter({ hasText: '0 teriam o preço alterado' }).waitFor();

    // Typed and previewed at once, before the autosave writes it.
    await page.locator('form').getByLabel('Markup mínimo', { exact: true }).fill('3');
    await preview.click();
    await page.getByTestId('rule-preview-summary').filter({ hasText: '1 teriam o preço alterado · 1 seriam retidos' }).waitFor();
    expect((await rule().get()).data()!.options.minMarkup).toBe(2);
    // 55,28 × 3 = 165,84; 112,90 → 165,84 is +47%.
    const row = page.getByTestId('rule-preview-row');
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toMatch(
      /10618562[\s\S]*Preço à vista: R\$\s112,90 → R\$\s165,84[\s\S]*Seria retido[\s\S]*R\$ 112,90 para R\$ 165,84 é um aumento de 47% de uma vez, acima do máximo de 30%/,
    );
    // Nothing is written: the product's price is as it was, and nothing is held.
    expect((await testFirestore().doc('project/main/product/10618562').get()).data()!.Price).toBe(112.9);
  });
});
