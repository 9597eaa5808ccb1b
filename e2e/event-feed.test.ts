// The 'Eventos' screen in a browser: the latest customer events of the current store, live, and in
// the super-project across the stores the user selects; customer and layout-rule links; the data
// table's sorting, filters and expandable rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { deleteDoc, doc, setDoc } from 'firebase/firestore';
import { customerDisplayNumber } from '@console/shared';
import { launchBrowser, openConsole, signIn } from '../test-support/browser.js';
import { signedInClient, type SignedInClient } from '../test-support/client-sdk.js';
import { seedUser } from '../test-support/emulator.js';
import { expectNoAxeViolations } from '../test-support/axe.js';

const run = Date.now().toString(36);
// Later than every seeded event, so a new one lands at the top of the feed.
const future = (minutes: number) => new Date(Date.UTC(2099, 0, 1, 12, minutes));
// A seeded customer of the main store (emulator-data/seed/firestore.json).
const SEEDED_CUSTOMER = { id: '1wAlIb1SGvgmEVztivTr', email: 'bruno.silva@bol.com.br' };

const table = (page: Page) => page.getByRole('table', { name: 'Eventos de clientes' });
const rows = (page: Page) => table(page).locator('tbody tr[data-row-key]');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });
/** Shows (or hides) columns through 'Colunas' (a click on each one's label), then closes it. */
async function showColumns(page: Page, headers: string[], shown = true) {
  await page.getByRole('button', { name: /^Colunas/ }).click();
  const chooser = page.getByRole('group', { name: 'Colunas de Eventos de clientes' });
  for (const header of headers) {
    if ((await chooser.getByRole('checkbox', { name: header, exact: true }).isChecked()) !== shown) await chooser.getByText(header, { exact: true }).click();
    await expect.poll(() => chooser.getByRole('checkbox', { name: header, exact: true }).isChecked()).toBe(shown);
  }
  await page.keyboard.press('Escape');
}
const headerTexts = (page: Page) => table(page).locator('thead tr').first().locator('th').allInnerTexts();
const columnTexts = (page: Page, index: number) => rows(page).evaluateAll((trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement).innerText.trim()), index);

function event(store: string, id: string, action: string, minutes: number, customerId = `anon-${run}`) {
  return {
    id,
    project: store,
    projectId: store,
    customerId,
    action,
    location: { url: `https://www.${store}.demo.test/p/123/panela-e2e` },
    ProductCode: '1012345',
    search: null,
    zipcode: '90010000',
    zipcodeRegion: 'RS',
    device: { bot: { name: '' }, device: { type: 'smartphone', brand: 'Samsung' } },
    about: { ip: '177.1.2.3', ipCity: 'Porto Alegre', ipRegion: 'RS' },
    layoutRules: [{ id: 'frete-gratis-rs-sc', name: 'Frete grátis RS/SC' }],
    createdAt: future(minutes),
  };
}

describe('event feed', () => {
  const staff = seedUser('staff', ['main', 'cookstore']);
  let browser: Browser;
  let page: Page;
  let writer: SignedInClient;
  const written: string[] = [];
  const write = async (store: string, id: string, action: string, minutes: number, customerId?: string) => {
    const path = `project/${store}/customer-event/${id}`;
    written.push(path);
    await setDoc(doc(writer.db, path), event(store, id, action, minutes, customerId));
  };

  // The events the tests look for; each test writes the ones it needs (writing one again changes
  // nothing) and opens the feed on a page of its own, so each passes alone.
  const cookEvent = () => write('cookstore', `e2e-cook-${run}`, `e2e_cook_${run}`, 1);
  const cook2Event = () => write('cookstore', `e2e-cook2-${run}`, `e2e_cook2_${run}`, 3);
  const mainEvent = () => write('main', `e2e-main-${run}`, `e2e_main_${run}`, 2, SEEDED_CUSTOMER.id);

  /** 'Eventos' as the staff user of main and cookstore sees it, in a browser context of its own. */
  async function openFeed(): Promise<Page> {
    const opened = await openConsole(browser, '/console/events');
    await signIn(opened, staff.email, staff.password);
    await opened.waitForURL(/\/console\/events$/);
    return opened;
  }

  beforeAll(async () => {
    writer = await signedInClient(seedUser('admin'), `event-feed-${run}`);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await Promise.all(written.map((path) => deleteDoc(doc(writer.db, path)).catch(() => undefined)));
    await writer?.close();
    await browser?.close();
  });

  it('opens from the menu and lists the latest 50 events of the selected stores, newest first', async () => {
    page = await openFeed();
    await page.getByRole('navigation', { name: 'Coleções' }).getByRole('link', { name: 'Eventos', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Eventos' }).waitFor();
    await rows(page).nth(49).waitFor();
    // Fifty rows, the filters and the store picker: clean for axe (no ARIA a row may not carry, no
    // empty header cell).
    await expectNoAxeViolations(page, 'Eventos');
    expect(await rows(page).count()).toBe(50);
    // Data comes first; in the super-project the next column names the store; the seed has events in both.
    expect(await table(page).locator('thead th').first().innerText()).toMatch(/^Data/);
    const stores = new Set(await columnTexts(page, 1));
    expect(stores).toEqual(new Set(['Loja Principal', 'Cook Store']));
  });

  it('shows a new event of another store at the top as soon as it is written', async () => {
    page = await openFeed();
    await rows(page).nth(49).waitFor();
    await cookEvent();
    const row = rowWith(page, `e2e_cook_${run}`);
    await row.waitFor();
    expect(await rows(page).first().getAttribute('data-row-key')).toBe(`cookstore/e2e-cook-${run}`);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[0]).toMatch(/^01\/01\/2099/);
    expect(cells[1]).toBe('Cook Store');
    expect(cells[2]).toBe(`#${customerDisplayNumber(`anon-${run}`)}`);
    expect(cells).toContain('/p/123/panela-e2e');
    // Busca, CEP, Dispositivo and IP wait in 'Colunas' until the operator shows them.
    expect(cells).not.toContain('smartphone · Samsung');
    await showColumns(page, ['CEP', 'Dispositivo', 'IP']);
    const all = await row.locator('td').allInnerTexts();
    expect(all).toContain('90010000 · RS');
    expect(all).toContain('smartphone · Samsung');
    expect(all).toContain('Porto Alegre · RS');
    expect(await rows(page).count()).toBe(50);
  });

  it('links the layout rules that applied, in a new tab', async () => {
    await cookEvent();
    page = await openFeed();
    const link = rowWith(page, `e2e_cook_${run}`).getByRole('link', { name: 'Frete grátis RS/SC' });
    expect(await link.getAttribute('href')).toBe('/console/layout-rule/frete-gratis-rs-sc');
    expect(await link.getAttribute('target')).toBe('_blank');
  });

  it('lists only the stores left selected', async () => {
    await cookEvent();
    page = await openFeed();
    await rowWith(page, `e2e_cook_${run}`).waitFor();
    await page.getByRole('group', { name: 'Lojas' }).getByText('Cook Store', { exact: true }).click();
    await rowWith(page, `e2e_cook_${run}`).waitFor({ state: 'detached' });
    await rows(page).nth(49).waitFor();
    expect(new Set(await columnTexts(page, 1))).toEqual(new Set(['Loja Principal']));
    // A new cookstore event stays out; a main one comes in live.
    await cook2Event();
    await mainEvent();
    await rowWith(page, `e2e_main_${run}`).waitFor();
    expect(await rowWith(page, `e2e_cook2_${run}`).count()).toBe(0);
  });

  it('sorts by a column, filters by a number range, and expands a row on double-click', async () => {
    await Promise.all([cook2Event(), mainEvent()]);
    page = await openFeed();
    // Main's events only: the newest of them is the one written above.
    await rowWith(page, `e2e_cook2_${run}`).waitFor();
    await page.getByRole('group', { name: 'Lojas' }).getByText('Cook Store', { exact: true }).click();
    await rowWith(page, `e2e_cook2_${run}`).waitFor({ state: 'detached' });
    await table(page).getByRole('button', { name: /^Data/ }).click();
    await page.waitForFunction(() => {
      const first = document.querySelector('table[aria-label="Eventos de clientes"] tbody tr[data-row-key]');
      return first?.textContent?.includes('2099') === false;
    });
    await table(page).getByRole('button', { name: /^Data/ }).click();
    await rows(page)
      .first()
      .filter({ hasText: `e2e_main_${run}` })
      .waitFor();

    const number = customerDisplayNumber(SEEDED_CUSTOMER.id);
    await page.getByLabel('Cliente Mín.').fill(String(number));
    await page.getByLabel('Cliente Máx.').fill(String(number));
    await page.waitForFunction(
      (n) => [...document.querySelectorAll('table[aria-label="Eventos de clientes"] tbody tr[data-row-key]')].every((tr) => tr.textContent?.includes(`#${n}`)),
      number,
    );
    await rowWith(page, `e2e_main_${run}`).dblclick();
    const details = page.getByTestId('event-details');
    await details.waitFor();
    expect(await details.innerText()).toContain(`Cliente (ID): ${SEEDED_CUSTOMER.id}`);
    await expectNoAxeViolations(page, 'Eventos with a row open');
    // The row's details button says it is open and closes it (keyboard users have no double-click).
    const toggle = rowWith(page, `e2e_main_${run}`).getByRole('button', { name: 'Ocultar detalhes' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.press('Enter');
    await details.waitFor({ state: 'detached' });
    await rowWith(page, `e2e_main_${run}`).getByRole('button', { name: 'Mostrar detalhes' }).click();
    await details.waitFor();
    await rowWith(page, `e2e_main_${run}`).getByRole('button', { name: 'Ocultar detalhes' }).click();
    await page.getByLabel('Cliente Mín.').fill('');
    await page.getByLabel('Cliente Máx.').fill('');
  });

  it('opens the customer at the current path with customerId and, in the super-project, project', async () => {
    await mainEvent();
    page = await openFeed();
    const number = customerDisplayNumber(SEEDED_CUSTOMER.id);
    await rowWith(page, `e2e_main_${run}`)
      .getByRole('link', { name: `#${number}` })
      .click();
    await page.waitForURL((url) => url.pathname === '/console/events' && url.searchParams.get('customerId') === SEEDED_CUSTOMER.id);
    expect(new URL(page.url()).searchParams.get('project')).toBe('main');
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByText(SEEDED_CUSTOMER.email).waitFor();
    expect(await drawer.innerText()).toContain(`Cliente #${number}`);
    await drawer.getByRole('button', { name: 'Fechar' }).click();
    await page.waitForURL((url) => url.pathname === '/console/events' && url.search === '');
    await drawer.waitFor({ state: 'detached' });
  });

  it('in a store other than the super-project lists that store only, live, without the store column', async () => {
    await Promise.all([cook2Event(), mainEvent()]);
    page = await openFeed();
    await page.getByLabel('Projeto').selectOption('cookstore');
    await page.waitForURL(/\/console$/);
    await page.getByText('Projeto atual: Cook Store').waitFor();
    await page.getByRole('navigation', { name: 'Coleções' }).getByRole('link', { name: 'Eventos', exact: true }).click();
    await rowWith(page, `e2e_cook2_${run}`).waitFor();
    expect(await page.getByText('Lojas', { exact: true }).count()).toBe(0);
    expect(await table(page).locator('thead th').nth(1).innerText()).toMatch(/^Cliente/);
    expect(await rowWith(page, `e2e_main_${run}`).count()).toBe(0);
    await write('cookstore', `e2e-cook3-${run}`, `e2e_cook3_${run}`, 4);
    await rowWith(page, `e2e_cook3_${run}`).waitFor();
    expect(await rows(page).first().getAttribute('data-row-key')).toBe(`cookstore/e2e-cook3-${run}`);
  });

  it('shows actions in Portuguese with the recorded code on hover', async () => {
    page = await openFeed();
    await rows(page).nth(49).waitFor();
    const cell = table(page).locator('tbody [data-action="view_item"]').first();
    expect(await cell.innerText()).toBe('Viu um produto');
    expect(await cell.getAttribute('title')).toBe('view_item');
    // The text filter reads the Portuguese words.
    await page.getByLabel('Filtrar Ação').fill('carrinho');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('table[aria-label="Eventos de clientes"] tbody tr[data-row-key]')].every((tr) =>
        tr.textContent?.includes('Adicionou ao carrinho'),
      ),
    );
    expect(await rows(page).count()).toBeGreaterThan(0);
  });

  it('keeps the columns the operator chose and pinned across a reload, Data pinned first by default', async () => {
    page = await openFeed();
    await rows(page).nth(49).waitFor();
    await page.evaluate(() => localStorage.removeItem('console.data-table.event-feed'));
    await page.reload();
    await rows(page).nth(49).waitFor();
    expect(await headerTexts(page)).not.toContain('Dispositivo');
    // Data is pinned: it stays at the left edge when the table scrolls sideways.
    const dataHeader = table(page).locator('thead th').first();
    expect(await dataHeader.evaluate((th) => getComputedStyle(th).position)).toBe('sticky');

    await showColumns(page, ['Dispositivo']);
    await showColumns(page, ['Produto'], false);
    await page.getByRole('button', { name: /^Colunas/ }).click();
    await page.getByRole('button', { name: 'Fixar Loja à esquerda' }).click();
    await page.keyboard.press('Escape');
    expect(await headerTexts(page)).toContain('Dispositivo');

    await page.reload();
    await rows(page).nth(49).waitFor();
    const headers = await headerTexts(page);
    expect(headers).toContain('Dispositivo');
    expect(headers).not.toContain('Produto');
    expect(headers.slice(0, 2).map((h) => h.replace(/[▲▼]/g, '').trim())).toEqual(['Data', 'Loja']);
    expect(
      await table(page)
        .locator('thead th')
        .nth(1)
        .evaluate((th) => getComputedStyle(th).position),
    ).toBe('sticky');
    await expectNoAxeViolations(page, 'Eventos with chosen columns');

    // 'Restaurar padrão' brings the defaults back, and they too survive a reload.
    await page.getByRole('button', { name: /^Colunas/ }).click();
    await page.getByRole('button', { name: 'Restaurar padrão' }).click();
    await page.keyboard.press('Escape');
    await page.reload();
    await rows(page).nth(49).waitFor();
    expect(await headerTexts(page)).not.toContain('Dispositivo');
    expect(await headerTexts(page)).toContain('Produto');
  });

  it("keeps the Cliente filter's 'Mín.' and 'Máx.' readable and the table within a 1280 px screen", async () => {
    page = await openFeed();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.removeItem('console.data-table.event-feed'));
    await page.reload();
    await rows(page).nth(49).waitFor();
    for (const label of ['Cliente Mín.', 'Cliente Máx.']) {
      const input = page.getByLabel(label);
      // The placeholder fits its box: nothing of it is cut.
      const fits = await input.evaluate((el: HTMLInputElement) => {
        const probe = document.createElement('span');
        const style = getComputedStyle(el);
        probe.style.font = style.font;
        probe.style.position = 'absolute';
        probe.textContent = el.placeholder;
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return width <= el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 0.5;
      });
      expect(fits, label).toBe(true);
    }
    // Every default column, the details button included, starts inside the screen.
    const rights = await table(page)
      .locator('thead tr')
      .first()
      .locator('th')
      .evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().left));
    expect(Math.max(...rights)).toBeLessThan(1280);
    // SCREENS_DIR=<folder> keeps a picture of the feed as an operator first sees it.
    if (process.env.SCREENS_DIR) await page.screenshot({ path: `${process.env.SCREENS_DIR}/event-feed-1280.png` });
  });
});
