// Screens when Firestore cannot be reached, and the collection panel's buttons, in a browser: a
// list says 'Failed to load entries.' (spec document 2 §8) and a record 'Falha ao carregar o
// registro.' instead of looking empty or deleted, and both recover once the store is back; the
// list panel's buttons wrap inside its 300 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, navigateInApp, openConsole, rememberProject, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';

const staff = seedUser('staff', ['main', 'cookstore']);
const firestorePort = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':')[1];

describe('screens with Firestore unreachable', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("a list shows 'Failed to load entries.' and a record a load error, then both recover when the store is back", async () => {
    const blocked = (url: URL) => url.port === firestorePort;
    // Blocked from the start: the console signs in (Auth) and opens, but never reaches Firestore.
    const page = await openConsole(browser, '/signin', async (p) => {
      await p.route(blocked, (route) => route.abort('connectionrefused'));
    });
    await signIn(page, staff.email, staff.password);
    await rememberProject(page, 'main');
    await page.goto('/console/page');
    const list = page.getByTestId('collection-panel');
    await list.getByText('Failed to load entries.').waitFor({ timeout: 45_000 });
    expect(await list.getByText('No entries found.').count()).toBe(0);

    await navigateInApp(page, '/console/page/sobre-nos');
    await page.getByText('Falha ao carregar o registro.').waitFor({ timeout: 45_000 });
    expect(await page.getByText('Registro não encontrado').count()).toBe(0);

    await page.unroute(blocked);
    // What the browser does when the network comes back (the SDK then retries at once).
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page
      .getByTestId('document-path')
      .filter({ hasText: /^main\/page\/sobre-nos$/ })
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('entry-list').getByRole('button').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await list.getByText('Failed to load entries.').count()).toBe(0);
  }, 180_000);
});

describe("the collection panel's buttons", () => {
  it("wrap inside the 300 px panel at 1280×720 ('Carregar templates', 'Add') and cover nothing", async () => {
    const browser = await launchBrowser();
    try {
      const page = await openConsole(browser, '/signin');
      await page.setViewportSize({ width: 1280, height: 720 });
      await signIn(page, staff.email, staff.password);
      await rememberProject(page, 'main');
      await page.goto('/console/whatsapp-template');
      const panel = page.getByTestId('collection-panel');
      const load = panel.getByRole('button', { name: 'Carregar templates' });
      await load.waitFor();
      const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
      const inside = await box(panel);
      const outside = page.locator('main h1, main h2, main h3').filter({ hasNot: page.getByTestId('collection-panel') });
      for (const button of [load, panel.getByRole('button', { name: 'Add', exact: true }), panel.getByRole('button', { name: 'Export CSV' })]) {
        const b = await box(button);
        expect(b.x).toBeGreaterThanOrEqual(inside.x);
        expect(b.x + b.width).toBeLessThanOrEqual(inside.x + inside.width);
        for (let i = 0; i < (await outside.count()); i++) {
          const heading = outside.nth(i);
          if ((await heading.evaluate((el) => !!el.closest('[data-testid="collection-panel"]'))) || !(await heading.isVisible())) continue;
          const h = await box(heading);
          const overlaps = b.x < h.x + h.width && h.x < b.x + b.width && b.y < h.y + h.height && h.y < b.y + b.height;
          expect(overlaps).toBe(false);
        }
      }
    } finally {
      await browser.close();
    }
  });
});
