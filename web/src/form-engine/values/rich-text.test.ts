import { describe, expect, it } from 'vitest';
import { HOSTILE_RICH_TEXT, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_HREF, RICH_TEXT_TAGS, richTextMarkup } from '@console/shared';
import {
  isBlankRichText,
  isWebUrl,
  linkHtml,
  looksLikeUrl,
  pastePlan,
  RICH_TEXT_PURIFY_CONFIG,
  sanitizeRichText,
  storedRichText,
  textOnlyHtml,
} from './rich-text';

// DOMPurify needs a DOM, which the unit project does not have (no jsdom installed): here only the
// fail-closed path runs, on the policy's hostile corpus; DOMPurify itself is held to that corpus
// in Chromium by e2e/rich-text-policy.test.ts (and the editor by e2e/form-widgets.test.ts).
describe('rich text', () => {
  it("gives DOMPurify the shared policy's tags, href check and tags dropped with their content", () => {
    expect(RICH_TEXT_PURIFY_CONFIG.ALLOWED_TAGS).toEqual([...RICH_TEXT_TAGS]);
    expect(RICH_TEXT_PURIFY_CONFIG.ALLOWED_ATTR).toEqual(['href']);
    expect(RICH_TEXT_PURIFY_CONFIG.ALLOWED_URI_REGEXP).toBe(RICH_TEXT_HREF);
    expect(RICH_TEXT_PURIFY_CONFIG.FORBID_CONTENTS).toEqual([...RICH_TEXT_DROPPED_WITH_CONTENT]);
  });

  it.each(HOSTILE_RICH_TEXT.map((sample) => [sample.html]))('fails closed on %s: no tag survives without a DOM', (html) => {
    expect(richTextMarkup(sanitizeRichText(html))).toEqual([]);
    expect(sanitizeRichText(html)).not.toMatch(/[<>]/);
  });

  it('fails closed without a DOM: text stays, no tag survives', () => {
    const dirty = '<p onclick="x()">Olá <b>mundo</b></p><script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>';
    expect(sanitizeRichText(dirty)).toBe('Olá mundo');
    expect(textOnlyHtml('a <b')).toBe('a ');
    expect(textOnlyHtml('1 > 0 &amp; 2')).toBe('1 &gt; 0 &amp; 2');
  });

  it('stores an editor left empty as an empty string', () => {
    for (const html of ['', '  ', '<br>', '<p><br></p>', '<p></p>', '&nbsp;', '<p>&nbsp;<br/></p>']) {
      expect(isBlankRichText(html)).toBe(true);
      expect(storedRichText(html)).toBe('');
    }
    expect(isBlankRichText('<p>a</p>')).toBe(false);
    expect(isBlankRichText('<ul><li></li></ul>')).toBe(false);
  });

  it('accepts only URLs starting with http:// or https:// and naming a host', () => {
    expect(isWebUrl('https://loja.demo.test/c/facas')).toBe(true);
    expect(isWebUrl(' http://exemplo.com ')).toBe(true);
    expect(isWebUrl('HTTPS://EXEMPLO.COM')).toBe(true);
    expect(isWebUrl('ftp://exemplo.com')).toBe(false);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('www.exemplo.com')).toBe(false);
    expect(isWebUrl('https://')).toBe(false);
    expect(isWebUrl('https://a b.com')).toBe(false);
  });

  it('treats a pasted single token with a scheme, // or www. as an address', () => {
    expect(looksLikeUrl('https://exemplo.com')).toBe(true);
    expect(looksLikeUrl('ftp://exemplo.com/arquivo')).toBe(true);
    expect(looksLikeUrl('javascript:alert(1)')).toBe(true);
    expect(looksLikeUrl('www.exemplo.com')).toBe(true);
    expect(looksLikeUrl('//cdn.exemplo.com/a.js')).toBe(true);
    expect(looksLikeUrl('R$ 39,90')).toBe(false);
    expect(looksLikeUrl('veja https://exemplo.com')).toBe(false);
    expect(looksLikeUrl('3.5')).toBe(false);
  });

  it('refuses a pasted address that is not a web URL, links a good one, else pastes the content', () => {
    expect(pastePlan('www.exemplo.com', '')).toEqual({ kind: 'refuse' });
    expect(pastePlan('javascript:alert(1)', '<a href="javascript:alert(1)">x</a>')).toEqual({ kind: 'refuse' });
    expect(pastePlan(' https://exemplo.com/a ', '')).toEqual({ kind: 'link', url: 'https://exemplo.com/a' });
    expect(pastePlan('Olá', '<b>Olá</b>')).toEqual({ kind: 'html', html: '<b>Olá</b>' });
    expect(pastePlan('Olá mundo', '')).toEqual({ kind: 'text', text: 'Olá mundo' });
  });

  it('builds a link with the address escaped', () => {
    expect(linkHtml('https://a.com/?q="x"&y=<z>')).toBe(
      '<a href="https://a.com/?q=&quot;x&quot;&amp;y=&lt;z&gt;">https://a.com/?q=&quot;x&quot;&amp;y=&lt;z&gt;</a>',
    );
  });
});
