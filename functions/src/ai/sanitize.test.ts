import { describe, expect, it } from 'vitest';
import { HOSTILE_RICH_TEXT, richTextMarkup } from '@console/shared';
import { plainText, sanitizeRichTextHtml } from './sanitize.js';

// The server's side of the rich-text policy (shared/src/rich-text/policy.ts) with sanitize-html;
// the browser's DOMPurify is held to the same corpus in e2e/rich-text-policy.test.ts.
describe('rich text on the server', () => {
  it.each(HOSTILE_RICH_TEXT.map((sample) => [sample.html, sample.keeps]))('%s keeps %j', (html, keeps) => {
    expect(richTextMarkup(sanitizeRichTextHtml(html))).toEqual(keeps);
  });

  it('drops code and other vocabularies with their content, keeps the text of other tags', () => {
    const clean = sanitizeRichTextHtml(
      '<div>Faca <span>forjada</span></div><script>alert(1)</script><svg><text>svg</text></svg><textarea>campo</textarea><p>fim</p>',
    );
    expect(clean).toBe('Faca forjada<p>fim</p>');
  });

  it('keeps an allowed link as written, without the spaces around it', () => {
    expect(sanitizeRichTextHtml('<a href=" https://loja.demo.test/c/facas?a=1&amp;b=2 " target="_blank">ver</a>')).toBe(
      '<a href="https://loja.demo.test/c/facas?a=1&amp;b=2">ver</a>',
    );
  });

  it('makes plain text of titles', () => {
    expect(plainText('<b>Faca</b>  do <script>x</script>Chef')).toBe('Faca do Chef');
  });
});
