import type { Page } from 'playwright-core';
import { navigateInApp } from './browser.js';

/** Opens /console/{path} of the main store and waits until the document screen shows that path. */
export async function openDocument(page: Page, path: string, { inApp = false } = {}) {
  // inApp: as a link in the console would, without loading the page again (navigateInApp).
  if (inApp) await navigateInApp(page, `/console/${path}`);
  else await page.goto(`/console/${path}`);
  await page
    .getByTestId('document-path')
    .filter({ hasText: new RegExp(`^main/${path}$`) })
    .waitFor();
}

/** Waits until the save status reads exactly `text` ('Salvo', 'Alterações pendentes', ...). */
export async function waitForSaveStatus(page: Page, text: string) {
  await page
    .getByTestId('save-status')
    .filter({ hasText: new RegExp(`^${text.replace(/\./g, '\\.')}$`) })
    .waitFor();
}
