// Debian's chromium driven by playwright-core (never `playwright install`: the machine is offline).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Dialog, type Page } from 'playwright-core';
import { CONSOLE_URL } from './emulator.js';

/**
 * Debian's `chromium-headless-shell` (Chromium's own headless build, the same Blink and V8, and what
 * Playwright runs for headless tests by default) when installed, else Debian's `chromium` in its
 * headless mode. The shell leaves out the full browser's UI layers: a sign-in and six loads took
 * 5.1–5.6 s of browser CPU against 6.7–8.6 s (three runs each, 2026-12-07), and the browser is 40 %
 * of `npm test`'s CPU. `.ci/run` installs it; CHROMIUM_PATH chooses another binary.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // --max-opt=1: V8's baseline compiler only (no Maglev, no TurboFan): a test's pages live seconds, too
    // short for optimised code to pay back its compiling; 9 % less browser CPU for a sign-in and six
    // loads (8.50 s → 7.70 s, three runs each), and the browser is 40 % of npm test's CPU.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--js-flags=--max-opt=1',
    ],
  });
}

/**
 * A fresh browser context (own storage) on the console. `prepare` runs on the page before it opens
 * `path` (e.g. to hold back a request with page.route).
 */
export async function openConsole(
  browser: Browser,
  path = '/',
  prepare?: (page: Page) => Promise<void>,
  /** A sign-in saved by savedSignIn: the context starts signed in, as a returning operator's browser. */
  signedIn?: SignInState,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: CONSOLE_URL, viewport: { width: 1400, height: 900 }, storageState: signedIn });
  // Every page records what its Content-Security-Policy blocked (test-support/axe.ts checks it).
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`),
    );
  });
  const page = await context.newPage();
  await prepare?.(page);
  await page.goto(path);
  return page;
}

/**
 * Client-side navigation, as a menu link does: the signed-in app, its listeners and its compiled
 * code stay. A full load (page.goto) costs the browser about a second of CPU; use this where the
 * test is not about loading the page.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A signed-in browser's storage (Firebase Auth keeps its session in IndexedDB). */
export type SignInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The page's sign-in as a returning operator's browser keeps it, for later contexts of the same
 * test file (openConsole's `signedIn`): a context that signs in through the form costs about three
 * seconds of browser CPU, one that starts signed in about one.
 */
export async function savedSignIn(page: Page): Promise<SignInState> {
  return page.context().storageState({ indexedDB: true });
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/**
 * Makes `project` the console's current project (the choice it remembers in localStorage) once the
 * signed-in console shows its project picker; the next navigation opens that project.
 */
export async function rememberProject(page: Page, project: string): Promise<void> {
  await page.getByLabel('Projeto').waitFor();
  await page.evaluate((id) => localStorage.setItem('console.currentProject', id), project);
}

/** Answers window.confirm / window.prompt dialogs in order (default: accept); remembers their messages. */
export function answerDialogs(page: Page) {
  const answers: Array<(dialog: Dialog) => Promise<void>> = [];
  const seen: string[] = [];
  page.on('dialog', async (dialog) => {
    seen.push(dialog.message());
    const answer = answers.shift();
    await (answer ? answer(dialog) : dialog.accept());
  });
  return {
    seen,
    next(answer: 'accept' | 'dismiss' | { prompt: string }) {
      answers.push((d) => (answer === 'dismiss' ? d.dismiss() : answer === 'accept' ? d.accept() : d.accept(answer.prompt)));
    },
  };
}

/**
 * Dismisses every notice (toast) on the page with Escape, as a keyboard user does. Tests that share
 * one page between them call it after each: the notices sit over the bottom right of the screen and
 * pause while the pointer is over them, and a click Playwright retries keeps its pointer there, so a
 * button under an earlier test's 'Alteração salva' could wait on it for good.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const open = page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');
  for (let tries = 0; tries < 20 && (await open.count()) > 0; tries++) {
    await open
      .first()
      .focus({ timeout: 1000 })
      .then(() => page.keyboard.press('Escape'))
      .catch(() => undefined);
  }
  await page
    .locator('[data-scope="toast"][data-part="root"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}
