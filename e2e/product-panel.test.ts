// The product information panel in a browser (document 1 §2 screen 3, §5 'Manual override'):
// sections, prices and margin as the operator reads them, overrides refused without a reason, and
// the changelog entry the trigger writes for an override, signed by the real user.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { collection, doc, getDoc, getDocs, query, where } from 'firebase/firestore';
import { answerDialogs, dismissToasts, launchBrowser, openConsole, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { expectNoAxeViolations } from '../test-support/axe.js';
import { signedInClient, type SignedInClient } from '../test-support/client-sdk.js';
import { testFirestore } from '../test-support/stack.js';

// A seeded main product: Price 252,90, PriceNetErp 134,49, no PriceInstallments, packs of 6 and 12.
const CODE = '118453596';
const staff = seedUser('staff', ['main', 'cookstore']);

const panel = (page: Page) => page.getByTestId('product-panel');
const section = (page: Page, name: string) => panel(page).getByRole('region', { name, exact: true });
const shown = (page: Page, id: string) => panel(page).getByTestId(id);

async function waitForText(page: Page, testId: string, text: string) {
  // Intl's BRL format puts a no-break space after R$.
  const pattern = text.replace(/[.$]/g, '\\$&').replace(/ /g, '\\s');
  await shown(page, testId)
    .filter({ hasText: new RegExp(`^${pattern}$`) })
    .waitFor();
}

describe('product information panel', () => {
  let browser: Browser;
  let page: Page;
  let dialogs: ReturnType<typeof answerDialogs>;
  let client: SignedInClient;

  const productData = async () => (await getDoc(doc(client.db, `project/main/product-data/${CODE}`))).data()!;
  const changelog = async () =>
    (await getDocs(query(collection(client.db, 'project/main/product-data-changelog'), where('ProductCode', '==', CODE)))).docs.map((d) => d.data());

  beforeAll(async () => {
    client = await signedInClient(staff, 'product-panel');
    browser = await launchBrowser();
    page = await openConsole(browser, `/console/product/${CODE}`);
    dialogs = answerDialogs(page);
    await signIn(page, staff.email, staff.password);
    await panel(page).waitFor();
  });

  // The tests share one page: an earlier test's notices must not cover the next one's buttons.
  afterEach(() => dismissToasts(page));

  afterAll(async () => {
    await browser?.close();
    await client?.close();
  });

  it('shows the sections, BRL prices, installments falling back to Price, margin and per-package prices', async () => {
    for (const name of ['Informações', 'Estoque', 'Configurações', 'Preços', 'Custo e margem', 'Histórico de alterações']) {
      await section(page, name).waitFor();
    }
    await waitForText(page, 'value-Price', 'R$ 252,90');
    await waitForText(page, 'installments-price', 'R$ 252,90');
    await section(page, 'Preços').getByText('vazio: igual ao à vista').waitFor();
    await waitForText(page, 'margin', '1,88');
    await shown(page, 'purchase-price')
      .filter({ hasText: /R\$\s134,49/ })
      .waitFor();
    const packs = section(page, 'Preços').getByRole('table', { name: 'Preço por embalagem' });
    await packs.getByRole('row', { name: /12\s*R\$\s*1\.449,46\s*R\$\s*120,79/ }).waitFor();
    await section(page, 'Estoque')
      .getByRole('row', { name: /tramontina-rs\s*385/ })
      .waitFor();
    const settings = section(page, 'Configurações');
    expect(await settings.getByRole('checkbox', { name: /Vendável/ }).isChecked()).toBe(true);
    expect(await settings.getByRole('checkbox', { name: /Ativo/ }).isChecked()).toBe(true);
    expect(await settings.getByRole('checkbox', { name: 'Frete grátis' }).isChecked()).toBe(false);
    await expectNoAxeViolations(page, 'product panel');
  });

  it('refuses an override without a reason: "Alteração cancelada", nothing stored', async () => {
    dialogs.next({ prompt: '239,9' });
    dialogs.next({ prompt: '' });
    await panel(page).getByRole('button', { name: 'Alterar Preço à vista' }).click();
    await expect.poll(() => dialogs.seen.includes('Alteração cancelada')).toBe(true);
    expect((await productData()).Price).toBe(252.9);
    expect(await changelog()).toEqual([]);

    dialogs.seen.length = 0;
    dialogs.next({ prompt: '   ' });
    await section(page, 'Configurações').getByText('Frete grátis', { exact: true }).click();
    await expect.poll(() => dialogs.seen.includes('Alteração cancelada')).toBe(true);
    expect(await section(page, 'Configurações').getByRole('checkbox', { name: 'Frete grátis' }).isChecked()).toBe(false);
    expect((await productData()).Options.isFreeShipping).toBe(false);
  });

  it('stores an override with its reason, and the trigger logs it with the real user', async () => {
    dialogs.next({ prompt: '239,9' });
    dialogs.next({ prompt: 'Igualar concorrente no Mercado Livre' });
    await panel(page).getByRole('button', { name: 'Alterar Preço à vista' }).click();
    await waitForText(page, 'value-Price', 'R$ 239,90');
    await waitForText(page, 'margin', '1,78');

    const history = panel(page).getByTestId('change-history');
    const line = history.getByRole('listitem').filter({ hasText: 'Igualar concorrente no Mercado Livre' });
    await line.waitFor();
    expect(await line.innerText()).toMatch(/Preço à vista: R\$\s252,90 → R\$\s239,90[\s\S]*Bruno Henrique Lima · \d{2}\/\d{2}\/\d{4}/);

    const [entry] = await changelog();
    expect(entry).toMatchObject({
      ProductCode: CODE,
      field: 'Price',
      from: 252.9,
      to: 239.9,
      about: 'Igualar concorrente no Mercado Livre',
      createdBy: { id: staff.uid, email: staff.email, displayName: staff.displayName, phoneNumber: null, claims: staff.claims },
    });
    expect(entry!.createdAt.toDate()).toBeInstanceOf(Date);
  });

  it('toggles an option with a reason and logs it', async () => {
    dialogs.next({ prompt: 'Campanha de frete grátis' });
    await section(page, 'Configurações').getByText('Frete grátis', { exact: true }).click();
    await expect.poll(() => section(page, 'Configurações').getByRole('checkbox', { name: 'Frete grátis' }).isChecked()).toBe(true);
    await panel(page).getByTestId('change-history').getByRole('listitem').filter({ hasText: 'Campanha de frete grátis' }).waitFor();
    const toggle = (await changelog()).find((e) => e.field === 'Options.isFreeShipping');
    expect(toggle).toMatchObject({ from: false, to: true, about: 'Campanha de frete grátis', createdBy: { id: staff.uid } });
  });

  it("marks an overridden field, shows upstream's value when it differs, and removes the override with a reason (issue 17)", async () => {
    const before = (await productData()).ProductLine;
    dialogs.next({ prompt: 'Linha do operador' });
    dialogs.next({ prompt: 'Linha errada no fabricante' });
    await panel(page).getByRole('button', { name: 'Alterar Linha' }).click();
    await shown(page, 'value-ProductLine')
      .filter({ hasText: /^Linha do operador$/ })
      .waitFor();
    await shown(page, 'override-ProductLine').getByText('Alterado manualmente').waitFor();
    // What the warehouse → Firestore sync records when upstream now gives another line.
    await testFirestore()
      .doc(`project/main/product-data/${CODE}`)
      .set({ _overrides: { ProductLine: { upstream: 'Linha nova do fabricante' } } }, { merge: true });
    await shown(page, 'override-ProductLine').getByText('Origem agora: Linha nova do fabricante').waitFor();
    expect((await productData())._overrides.ProductLine).toMatchObject({ about: 'Linha errada no fabricante', by: staff.uid });

    dialogs.next({ prompt: '' });
    await panel(page).getByRole('button', { name: 'Remover alteração de Linha' }).click();
    await expect.poll(() => dialogs.seen.filter((m) => m === 'Alteração cancelada').length).toBeGreaterThan(0);
    expect((await productData()).ProductLine).toBe('Linha do operador');
    dialogs.next({ prompt: 'Fabricante corrigiu a linha' });
    await panel(page).getByRole('button', { name: 'Remover alteração de Linha' }).click();
    await shown(page, 'value-ProductLine')
      .filter({ hasText: /^Linha nova do fabricante$/ })
      .waitFor();
    expect(await shown(page, 'override-ProductLine').count()).toBe(0);
    const removal = panel(page).getByTestId('change-history').getByRole('listitem').filter({ hasText: 'Fabricante corrigiu a linha' });
    await removal.waitFor();
    expect(await removal.innerText()).toMatch(/Linha: Linha do operador → Linha nova do fabricante[\s\S]*\(alteração removida\)/);
    expect((await productData())._overrides?.ProductLine).toBeUndefined();
    expect(before).not.toBe('Linha do operador');
  });

  it('holds a price below the guardrails with the numbers, and applies it once confirmed with a reason (issue 29)', async () => {
    const store = testFirestore().doc('project/main/config/store');
    await store.set({ priceGuardrails: { minMarginPercent: 10, maxChangePercent: 80 } }, { merge: true });
    try {
      dialogs.next({ prompt: '100' });
      dialogs.next({ prompt: 'Queima de estoque' });
      await panel(page).getByRole('button', { name: 'Alterar Preço à vista' }).click();
      const held = section(page, 'Preços retidos').getByTestId('held-price');
      await held.getByTestId('held-price-message').filter({ hasText: 'R$ 100,00 fica 26% abaixo do custo de R$ 134,49' }).waitFor();
      await waitForText(page, 'value-Price', 'R$ 239,90');
      expect((await productData()).Price).toBe(239.9);

      dialogs.next({ prompt: 'Liquidação aprovada pela gerência' });
      await held.getByRole('button', { name: 'Confirmar Preço à vista' }).click();
      await waitForText(page, 'value-Price', 'R$ 100,00');
      await section(page, 'Preços retidos').getByTestId('held-prices-empty').waitFor();
      const line = panel(page).getByTestId('change-history').getByRole('listitem').filter({ hasText: 'Liquidação aprovada pela gerência' });
      await line.waitFor();
      expect(await line.innerText()).toMatch(
        /Preço à vista: R\$\s239,90 → R\$\s100,00[\s\S]*“Queima de estoque”[\s\S]*preço fora dos limites confirmado: “Liquidação aprovada pela gerência”/,
      );
      const confirmed = (await changelog()).filter((e) => e.confirmation);
      expect(confirmed).toHaveLength(1);
      expect(confirmed[0]).toMatchObject({
        field: 'Price',
        from: 239.9,
        to: 100,
        confirmation: { reason: 'Liquidação aprovada pela gerência' },
        createdBy: { id: staff.uid },
      });
    } finally {
      await store.set({ priceGuardrails: null }, { merge: true });
    }
  });

  it('flags an override whose upstream moved after it, and keeps it on "Manter minha alteração" (issue 29)', async () => {
    dialogs.next({ prompt: 'Código do operador' });
    dialogs.next({ prompt: 'Código errado no ERP' });
    await panel(page).getByRole('button', { name: 'Alterar Código Google' }).click();
    await shown(page, 'override-ProductCodeGoogle').getByText('Alterado manualmente').waitFor();
    // The panel shows its own write before the server has it: wait until it is stored.
    await expect.poll(async () => (await productData())._overrides?.ProductCodeGoogle?.at !== undefined, { timeout: 15_000 }).toBe(true);
    const entry = (await productData())._overrides.ProductCodeGoogle;
    // What the sync records when the ERP's value moves after the override.
    await testFirestore()
      .doc(`project/main/product-data/${CODE}`)
      .set({ _overrides: { ProductCodeGoogle: { baseline: entry.upstream ?? 'antigo', upstream: 'GOOGLE-NOVO' } } }, { merge: true });
    const day = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' }).format(entry.at.toDate());
    const flag = shown(page, 'override-ProductCodeGoogle-stale');
    await flag.filter({ hasText: `O ERP mudou de ${entry.upstream ?? 'antigo'} para GOOGLE-NOVO depois da sua alteração de ${day}` }).waitFor();
    await shown(page, 'override-ProductCodeGoogle').getByRole('button', { name: 'Manter minha alteração' }).click();
    await expect.poll(() => flag.count()).toBe(0);
    expect((await productData()).ProductCodeGoogle).toBe('Código do operador');
    expect((await changelog()).find((e) => e.action === 'keep-override')).toMatchObject({
      field: 'ProductCodeGoogle',
      about: 'Manter minha alteração',
      createdBy: { id: staff.uid },
    });
  });
});
