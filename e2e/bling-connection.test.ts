// The Bling settings screen's 'Conexões Bling' (issue 28): 'Reconectar' goes through the Bling
// sandbox's consent page and back, and the account shows its new token's expiry and last renewal
// in pt-BR dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openConsole, rememberProject, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { testFirestore } from '../test-support/stack.js';

const admin = seedUser('admin');
let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const page of pages)
    await page
      .context()
      .close()
      .catch(() => {});
  await browser?.close();
});

describe('Conexões Bling', () => {
  it("'Reconectar' authorises the account at Bling and shows the token's expiry and last renewal", async () => {
    const page = await openConsole(browser, '/signin');
    pages.push(page);
    await signIn(page, admin.email, admin.password);
    await rememberProject(page, 'main');
    await page.goto('/console/config/bling');
    // main's 'Conta Marketplace' (accounts[1]): seeded tokens, of unknown age.
    const row = page.getByTestId('bling-connection-1');
    await row.getByText('Conta Marketplace').waitFor();
    await row.getByText('Conectada', { exact: true }).waitFor();
    await row.getByText(/Token de acesso expira em: não informado/).waitFor();

    await row.getByRole('button', { name: 'Reconectar' }).click();
    await page.getByRole('heading', { name: 'Autorizar aplicativo' }).waitFor();
    await page.getByRole('button', { name: 'Autorizar' }).click();
    await page.waitForURL(/\/console\/config\/bling\?bling=connected&account=1$/);
    await page.getByRole('status').filter({ hasText: 'Conta Bling conectada.' }).waitFor();

    const bearer = (await testFirestore().doc('project/main/config/bling').get()).get('accounts')[1].bearer;
    expect(Date.now() - Date.parse(bearer.refreshedAt)).toBeLessThan(120_000);
    // The dates as the browser writes them in pt-BR (its own time zone).
    const shown = await page.evaluate(
      (dates) => dates.map((iso: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))),
      [bearer.expiresAt, bearer.refreshedAt, bearer.refreshExpiresAt],
    );
    expect(shown[0]).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
    await row.getByText(`Token de acesso expira em: ${shown[0]} · Última renovação: ${shown[1]} · Renovação válida até: ${shown[2]}`).waitFor();
    // Neither token nor client secret is on the screen's connections panel.
    expect(await row.textContent()).not.toContain(bearer.accessToken.slice(0, 20));
  }, 90_000);
});
