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
    // In the super-project the first column names the store; the seed has events in both.
    const stores = new Set(await columnTexts(page, 0));
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
    expect(cells[0]).toBe('Cook Store');
    expect(cells[1]).toBe(`#${customerDisplayNumber(`anon-${run}`)}`);
    expect(cells).toContain('/p/123/panela-e2e');
    expect(cells).toContain('90010000 · RS');
    expect(cells).toContain('smartphone · Samsung');
    expect(cells).toContain('Porto Alegre · RS');
    // The last column is the row's details button.
    expect(cells.at(-2)).toMatch(/^01\/01\/2099/);
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
    expect(new Set(await columnTexts(page, 0))).toEqual(new Set(['Loja Principal']));
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
    expect(await table(page).locator('thead th').first().innerText()).toMatch(/^Cliente/);
    expect(await rowWith(page, `e2e_main_${run}`).count()).toBe(0);
    await write('cookstore', `e2e-cook3-${run}`, `e2e_cook3_${run}`, 4);
    await rowWith(page, `e2e_cook3_${run}`).waitFor();
    expect(await rows(page).first().getAttribute('data-row-key')).toBe(`cookstore/e2e-cook3-${run}`);
  });
});
