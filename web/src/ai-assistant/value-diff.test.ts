import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { richTextShown, wordDiff } from './value-diff';

const marked = (parts: { text: string; changed: boolean }[]) => parts.filter((p) => p.changed).map((p) => p.text.trim());

describe("a proposal's before and after", () => {
  it('marks the removed words before and the added words after', () => {
    const { before, after } = wordDiff('Pote hermético 2 litros azul', 'Pote hermético Mor 3 litros verde');
    expect(before.map((p) => p.text).join('')).toBe('Pote hermético 2 litros azul');
    expect(after.map((p) => p.text).join('')).toBe('Pote hermético Mor 3 litros verde');
    expect(marked(before)).toEqual(['2', 'azul']);
    expect(marked(after)).toEqual(['Mor', '3', 'verde']);
  });

  it('shows rich text rendered, blocks on lines of their own, no markup', () => {
    const shown = richTextShown('<p>Pote <strong>hermético</strong></p><ul><li>Linha: Master</li><li>Código: 1</li></ul>', (html) => html);
    expect(shown).toBe('Pote hermético\n• Linha: Master\n• Código: 1');
    // The sanitiser runs first: what it removes is not shown.
    expect(richTextShown('<p>ok</p><img src=x onerror=alert(1)>', (html) => html.replace(/<img[^>]*>/g, ''))).toBe('ok');
  });

  it('property: each side joins back to its text, and nothing is marked when both are equal', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (a, b) => {
        const { before, after } = wordDiff(a, b);
        expect(before.map((p) => p.text).join('')).toBe(a);
        expect(after.map((p) => p.text).join('')).toBe(b);
        if (a === b) expect([...before, ...after].some((p) => p.changed)).toBe(false);
      }),
    );
  });
});
