// axe-core (the accessibility engine) run in the page under test, and the page's
// Content-Security-Policy violations, so every screen's browser test keeps both clean.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/**
 * axe's violations on the page as it is now, one line each ('rule: help — selectors'). axe is
 * evaluated through the DevTools protocol, which the console's CSP does not govern (the page itself
 * cannot run inline scripts). Every rule axe runs by default: WCAG 2.x A/AA and best practices.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A dialog or toast still fading in has its text at part opacity, which axe measures as low
  // contrast (seen on a loaded machine: 'color-contrast' on the JSON editor's dialog). Finite
  // animations are let finish first; endless ones (spinners) are not waited for.
  // A paused one would never finish: at most 2 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
      // Frames are other documents (Bunny's player, previews): their own pages, not the console's.
      iframes: false,
    }),
  )) as AxeResult;
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => JSON.stringify(n.target))
        .join(', ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`,
  );
}

/** The CSP violations the page reported since it loaded (recorded by openConsole's init script). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** The screen is clean for axe, and nothing it loaded was blocked by the Content-Security-Policy. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${screen}`).toEqual([]);
  expect(await cspViolations(page), `Content-Security-Policy on ${screen}`).toEqual([]);
}
