import { describe, expect, it } from 'vitest';
import { changeLine, eyeOnlyAllows, parseOverrideValue, promptDefault } from './panel';

describe('override values (document 1 §5)', () => {
  it('turns an empty answer into null', () => {
    expect(parseOverrideValue('', 'number')).toEqual({ ok: true, value: null });
    expect(parseOverrideValue('   ', 'text')).toEqual({ ok: true, value: null });
  });

  it('keeps text as typed and parses numbers as decimals with comma or dot', () => {
    expect(parseOverrideValue('Linha Nova', 'text')).toEqual({ ok: true, value: 'Linha Nova' });
    expect(parseOverrideValue('189,9', 'number')).toEqual({ ok: true, value: 189.9 });
    expect(parseOverrideValue('189.9', 'number')).toEqual({ ok: true, value: 189.9 });
    expect(parseOverrideValue('1.234,56', 'number')).toEqual({ ok: true, value: 1234.56 });
    expect(parseOverrideValue('1,234.56', 'number')).toEqual({ ok: true, value: 1234.56 });
    expect(parseOverrideValue(' 42 ', 'number')).toEqual({ ok: true, value: 42 });
  });

  it('refuses a number field answer that is no number', () => {
    expect(parseOverrideValue('abc', 'number')).toEqual({ ok: false });
    expect(parseOverrideValue('12,3,4', 'number')).toEqual({ ok: false });
  });

  it('starts the prompt at the current value, with a decimal comma', () => {
    expect(promptDefault(189.9)).toBe('189,9');
    expect(promptDefault(null)).toBe('');
    expect(promptDefault('Century')).toBe('Century');
  });
});

describe('eyeOnly', () => {
  it('shows the panel to admins and to staff of the project only', () => {
    expect(eyeOnlyAllows({ role: 'admin', projects: [] }, 'main')).toBe(true);
    expect(eyeOnlyAllows({ role: 'staff', projects: ['main'] }, 'main')).toBe(true);
    expect(eyeOnlyAllows({ role: 'staff', projects: ['cdlbox'] }, 'main')).toBe(false);
    expect(eyeOnlyAllows(null, 'main')).toBe(false);
    expect(eyeOnlyAllows({ role: 'staff', projects: ['main'] }, 'main', ['admin'])).toBe(false);
  });
});

describe('history lines', () => {
  it('names the author by display name, then e-mail, then id', () => {
    const when = new Date('2026-11-20T23:40:00Z');
    const line = changeLine('e1', {
      field: 'Price',
      from: 10,
      to: 12,
      about: 'Concorrência',
      createdBy: { id: 'u1', email: 'a@b.test', displayName: '' },
      createdAt: { toDate: () => when },
    });
    expect(line).toEqual({ id: 'e1', who: 'a@b.test', when, field: 'Price', from: 10, to: 12, about: 'Concorrência', removed: false, confirmation: null });
    expect(changeLine('e2', { createdAt: null }).when).toBeNull();
    expect(changeLine('e3', { confirmation: { reason: 'Aprovado', holdId: 'h1' } }).confirmation).toBe('Aprovado');
  });
});
