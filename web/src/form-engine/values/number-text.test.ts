import { describe, expect, it } from 'vitest';
import { acceptNumberText, numberText, parseNumberText } from './number-text';

describe('number input text', () => {
  it('accepts digits, one leading minus and one decimal point', () => {
    expect(acceptNumberText('-12.5')).toBe('-12.5');
    expect(acceptNumberText('12,5')).toBe('12.5');
    expect(acceptNumberText('1.2.3')).toBeNull();
    expect(acceptNumberText('1-2')).toBeNull();
    expect(acceptNumberText('--1')).toBeNull();
    expect(acceptNumberText('12a')).toBeNull();
    expect(acceptNumberText('1e5')).toBeNull();
  });

  it('turns an empty input into null and keeps partial numbers editable', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('-')).toBeNull();
    expect(parseNumberText('3.')).toBe(3);
    expect(parseNumberText('-0.25')).toBe(-0.25);
  });

  it('shows finite numbers and numeric strings, nothing else', () => {
    expect(numberText(7)).toBe('7');
    expect(numberText(null)).toBe('');
    expect(numberText(Number.NaN)).toBe('');
    expect(numberText('7')).toBe('7');
    expect(numberText({})).toBe('');
  });
});
