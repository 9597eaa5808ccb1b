import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HOSTILE_RICH_TEXT, richTextMarkup } from './hostile-html.js';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_HREF_SCHEMES, RICH_TEXT_TAGS, richTextHrefAllowed } from './policy.js';

describe('the rich-text policy', () => {
  it('keeps the tags of the spec, and of attributes only a link’s href', () => {
    expect([...RICH_TEXT_TAGS].sort()).toEqual(['a', 'b', 'br', 'em', 'i', 'li', 'ol', 'p', 'strong', 'ul']);
    expect(RICH_TEXT_ATTRIBUTES).toEqual({ a: ['href'] });
    expect(RICH_TEXT_HREF_SCHEMES).toEqual(['http', 'https', 'mailto']);
  });

  it('lets a link go to a web page or an e-mail address only', () => {
    for (const href of ['https://loja.demo.test/c/facas', 'HTTP://LOJA.DEMO.TEST', ' https://a.test ', 'mailto:contato@loja.demo.test']) {
      expect(richTextHrefAllowed(href), href).toBe(true);
    }
    for (const href of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      ' \u0000javascript:x',
      'data:text/html,x',
      '//evil.test',
      '/c/facas',
      'facas.html',
      'https:alert(1)',
      'ftp://a.test',
      '',
    ]) {
      expect(richTextHrefAllowed(href), href).toBe(false);
    }
  });

  it('property: spaces or controls inside a scheme never turn a refused href into an allowed one', () => {
    const gap = fc.constantFrom('', ' ', '\t', '\n', '\u0000', '\u00a0', '\u2028');
    fc.assert(
      fc.property(gap, gap, fc.constantFrom('http', 'https', 'HTTPS'), fc.stringMatching(/^[a-z0-9.-]{1,20}$/), (a, b, scheme, host) => {
        const url = `${scheme}://${host}`;
        expect(richTextHrefAllowed(`java${a}script${b}:${url}`)).toBe(false);
        expect(richTextHrefAllowed(`${a}${url}${b}`)).toBe(true);
      }),
    );
  });

  it("the corpus expects only the policy's tags and attributes", () => {
    const allowed = new Set(RICH_TEXT_TAGS.flatMap((tag) => [tag, ...(RICH_TEXT_ATTRIBUTES[tag] ?? []).map((name) => `${tag}[${name}]`)]));
    for (const { keeps } of HOSTILE_RICH_TEXT) for (const markup of keeps) expect(allowed).toContain(markup);
  });

  it('reads the markup of sanitised HTML: each tag once, with its attribute names', () => {
    expect(richTextMarkup('<p>a <a href="https://x.test">b</a><br /><BR><a>c</a></p>')).toEqual(['a', 'a[href]', 'br', 'p']);
    expect(richTextMarkup('<b onclick="x()" class=\'k\' data-x=1>a</b>')).toEqual(['b[class,data-x,onclick]']);
    expect(richTextMarkup('1 &lt; 2 e texto')).toEqual([]);
  });
});
