import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeEntities, htmlText, htmlTextLines } from './html-text.js';

describe('rich text shown as text', () => {
  it('keeps list items apart (never "…MasterCódigo: …")', () => {
    const html = '<p>Pote hermético.</p><ul><li><strong>Linha:</strong> Master</li><li>Código: 43439630</li></ul>';
    expect(htmlText(html)).toBe('Pote hermético.\n• Linha: Master\n• Código: 43439630');
  });

  it('numbers the items of an ordered list, and each list counts on its own', () => {
    expect(htmlTextLines('<ol><li>a</li><li>b</li></ol><ol><li>c</li></ol>')).toEqual(['1. a', '2. b', '1. c']);
  });

  it('breaks lines at <br>, joins inline text, collapses spaces, drops empty blocks', () => {
    expect(htmlTextLines('<p>Olá,<br>mundo <em>bonito</em>\n  e <a href="https://x.test">link</a></p><p></p><p> </p><li></li>')).toEqual([
      'Olá,',
      'mundo bonito e link',
    ]);
  });

  it('decodes entities and leaves script and style out', () => {
    expect(htmlText('<p>1 &lt; 2 &amp;&nbsp;3 &#233; &#x41;</p><script>alert(1)</script><style>p{}</style>')).toBe('1 < 2 & 3 é A');
    expect(decodeEntities('&bogus; &#0;')).toBe('&bogus; &#0;');
  });

  it('keeps text that looks like a list marker, drops an empty list item', () => {
    expect(htmlText('0.')).toBe('0.');
    expect(htmlText('<p>•</p>')).toBe('•');
    expect(htmlText('<ol><li></li><li>dois</li></ol>')).toBe('2. dois');
  });

  it('keeps a lone "<" that is not a tag, and drops a tag cut off at the end', () => {
    expect(htmlText('<p>a < b</p>')).toBe('a < b');
    expect(htmlText('texto <strong')).toBe('texto');
  });

  it('property: plain text without markup comes back as its words', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-zÀ-ú0-9 .,:;!?-]{0,60}$/), (text) => {
        expect(htmlText(text)).toBe(text.replace(/\s+/g, ' ').trim());
      }),
    );
  });

  it('property: each list item is a line of its own', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 :]{0,20}[A-Za-z0-9]$/), { minLength: 1, maxLength: 8 }), (items) => {
        const html = `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
        expect(htmlTextLines(html)).toEqual(items.map((item) => `• ${item.replace(/\s+/g, ' ')}`));
      }),
    );
  });
});
