// The browser's side of the rich-text policy (shared/src/rich-text/policy.ts): DOMPurify in
// Chromium, configured by web/src/form-engine/values/rich-text.ts bundled as the page gets it, on
// the hostile corpus the server's sanitize-html is held to (functions/src/ai/sanitize.test.ts):
// both keep the corpus's expected tags and attributes, so both keep the same.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { HOSTILE_RICH_TEXT, richTextMarkup } from '@console/shared';
import { launchBrowser } from '../test-support/browser.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: "export { sanitizeRichText } from './web/src/form-engine/values/rich-text.ts';", resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'richText',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><head><title>rich text</title></head><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
});

afterAll(async () => {
  await browser?.close();
});

describe('rich text in the browser', () => {
  it('DOMPurify runs with a DOM here (not the fail-closed text-only path)', async () => {
    const clean = await page.evaluate(() =>
      (window as unknown as { richText: { sanitizeRichText(html: string): string } }).richText.sanitizeRichText('<p><b>a</b></p>'),
    );
    expect(clean).toBe('<p><b>a</b></p>');
  });

  it("keeps exactly the corpus's expected tags and attributes, as sanitize-html does", async () => {
    const cleaned = await page.evaluate(
      (samples) => samples.map((html) => (window as unknown as { richText: { sanitizeRichText(html: string): string } }).richText.sanitizeRichText(html)),
      HOSTILE_RICH_TEXT.map((sample) => sample.html),
    );
    const kept = HOSTILE_RICH_TEXT.map((sample, i) => ({ html: sample.html, keeps: richTextMarkup(cleaned[i]!) }));
    expect(kept).toEqual(HOSTILE_RICH_TEXT.map(({ html, keeps }) => ({ html, keeps })));
  });

  it('keeps a link to a web page with its address, and drops the content of code and SVG', async () => {
    const clean = await page.evaluate(() =>
      (window as unknown as { richText: { sanitizeRichText(html: string): string } }).richText.sanitizeRichText(
        '<div>Faca <span>forjada</span></div><script>alert(1)</script><svg><text>svg</text></svg><textarea>campo</textarea><p>fim <a href=" https://loja.demo.test/c/facas " target="_blank">ver</a></p>',
      ),
    );
    expect(clean).toBe('Faca forjada<p>fim <a href="https://loja.demo.test/c/facas">ver</a></p>');
  });
});
