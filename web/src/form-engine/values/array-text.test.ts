import { describe, expect, it } from 'vitest';
import { arrayText, parseArrayText, textMatchesList } from './array-text';

describe('array of text', () => {
  it('keeps one trimmed item per line and drops blank lines', () => {
    expect(parseArrayText('  10618562 \n\n2212970\r\n   \n23443475\r')).toEqual(['10618562', '2212970', '23443475']);
    expect(parseArrayText('')).toEqual([]);
    expect(parseArrayText('\n \n')).toEqual([]);
  });

  it('keeps spaces inside an item', () => {
    expect(parseArrayText(' 1234,2 \n jogo de facas ')).toEqual(['1234,2', 'jogo de facas']);
  });

  it('shows a stored list one item per line, a missing one as empty', () => {
    expect(arrayText(['a', 'b'])).toBe('a\nb');
    expect(arrayText([1068566, 'x'])).toBe('1068566\nx');
    expect(arrayText(undefined)).toBe('');
    expect(arrayText(null)).toBe('');
  });

  it('refuses stored values that are not a list of texts', () => {
    expect(arrayText('a\nb')).toBeNull();
    expect(arrayText([{ sku: 'a' }])).toBeNull();
    expect(arrayText({})).toBeNull();
  });

  it('tells when the typed text already matches the stored list', () => {
    expect(textMatchesList('a\n\nb\n', ['a', 'b'])).toBe(true);
    expect(textMatchesList('a\nc', ['a', 'b'])).toBe(false);
    expect(textMatchesList('', undefined)).toBe(true);
    expect(textMatchesList('a', 'a')).toBe(false);
  });
});
