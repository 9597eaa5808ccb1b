// A staff user of cdlbox only cannot open the super-project `main`: not in the console, not by
// forcing the remembered project or the URL, and not by reading Firestore directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { collection, doc, getDoc, getDocs, limit, query } from 'firebase/firestore';
import { signedInClient, type SignedInClient } from '../test-support/client-sdk.js';
import { launchBrowser, openConsole, signIn, rememberProject } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { expectNoAxeViolations } from '../test-support/axe.js';
import { collectionsForProject } from '@console/shared';

const cdlboxStaff = seedUser('staff', ['cdlbox']);

describe('a cdlbox-only staff user', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees only cdlbox and its own screens in the console', async () => {
    const page = await openConsole(browser, '/console');
    await signIn(page, cdlboxStaff.email, cdlboxStaff.password);
    const picker = page.getByLabel('Projeto');
    await picker.waitFor();
    expect(await picker.locator('option').allInnerTexts()).toEqual(['CDL Box']);
    expect(await picker.inputValue()).toBe('cdlbox');
    const menu = page.getByRole('navigation', { name: 'Coleções' });
    // Every section opened (they start closed).
    const closed = menu.locator('button[aria-expanded="false"]');
    await closed.first().waitFor();
    while ((await closed.count()) > 0) await closed.first().click();
    await menu.getByRole('link', { name: 'Produtos', exact: true }).waitFor();
    // Set C only: no categories or banners of the stores.
    expect(await menu.getByRole('link', { name: 'Categorias', exact: true }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Banners', exact: true }).count()).toBe(0);
    // Exactly its five editors: no Eventos, no 'Sincronização de produtos', no settings screens.
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(collectionsForProject('cdlbox').map((c) => c.title));
    expect(await menu.getByText('Configurações').count()).toBe(0);
    await expectNoAxeViolations(page, 'menu of cdlbox');
    // Opened by URL, a tool of the stores says it is not available here.
    await page.goto('/console/events');
    await page.getByText('Esta tela não está disponível para este projeto.').waitFor();
    await page.goto('/console/sync');
    await page.getByText('Esta tela não está disponível para este projeto.').waitFor();
    await expectNoAxeViolations(page, 'a tool cdlbox does not have');
    // Its products are its own: no sync buttons or synced-data panel on them.
    await page.goto('/console/product');
    await page.getByTestId('entry-list').getByRole('button').first().click();
    await page
      .getByTestId('document-path')
      .filter({ hasText: /^cdlbox\/product\// })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Sincronizar Bling' }).count()).toBe(0);
  });

  it('cannot switch to main by the remembered project or the URL', async () => {
    const page = await openConsole(browser, '/console');
    await signIn(page, cdlboxStaff.email, cdlboxStaff.password);
    await rememberProject(page, 'main');
    await page.goto('/console/product?project=main');
    await page.getByTestId('collection-panel').waitFor();
    expect(await page.getByLabel('Projeto').inputValue()).toBe('cdlbox');
    // The list shows cdlbox's products, never main's.
    const first = page.getByTestId('entry-list').getByRole('button').first();
    await first.click();
    await page
      .getByTestId('document-path')
      .filter({ hasText: /^cdlbox\/product\// })
      .waitFor();
    // A product id of main opened by URL is looked up in cdlbox, where it does not exist.
    await page.goto('/console/product/10437899');
    await page.getByText('Registro não encontrado').waitFor();
    expect(await page.getByText('Faca do Chef Tramontina').count()).toBe(0);
  });
});

describe('direct Firestore reads by a cdlbox-only staff user', () => {
  let client: SignedInClient;

  beforeAll(async () => {
    client = await signedInClient(cdlboxStaff, 'cdlbox-direct');
  });
  afterAll(async () => {
    await client.close();
  });

  it('are refused for main and allowed for cdlbox', async () => {
    const { db } = client;
    await expect(getDoc(doc(db, 'project/main'))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getDocs(query(collection(db, 'project/main/product'), limit(1)))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(getDoc(doc(db, 'project/main/config/store'))).rejects.toMatchObject({ code: 'permission-denied' });
    const own = await getDocs(query(collection(db, 'project/cdlbox/product'), limit(1)));
    expect(own.size).toBe(1);
  });
});
