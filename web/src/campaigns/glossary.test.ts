import { describe, expect, it } from 'vitest';
import { EMAIL_TERMS, WHATSAPP_TERMS, formatCount, leftOutCount, leftOutSummary } from './glossary';

describe('the campaign glossary', () => {
  it('writes counts the pt-BR way everywhere', () => {
    expect(formatCount(1060)).toBe('1.060');
    expect(formatCount(0)).toBe('0');
  });

  it('writes the reasons a recipient is left out in the singular or the plural', () => {
    expect(leftOutCount('unsubscribed', 1)).toBe('1 descadastrado');
    expect(leftOutCount('unsubscribed', 2)).toBe('2 descadastrados');
    expect(leftOutSummary({ unsubscribed: 2, competitor: 1, duplicate: 0 })).toBe('2 descadastrados, 1 concorrente');
    expect(leftOutSummary({ 'no-address': 3 }, 'whatsapp')).toBe('3 sem telefone');
  });

  it('explains the provider codes and names every figure in Portuguese', () => {
    expect(WHATSAPP_TERMS.optedOut.label).not.toMatch(/\d/);
    expect(WHATSAPP_TERMS.optedOut.meaning).toContain('131050');
    expect(EMAIL_TERMS.bounced.label).toBe('Devolvidos');
    for (const term of [...Object.values(EMAIL_TERMS), ...Object.values(WHATSAPP_TERMS)]) expect(term.label).not.toMatch(/bounce|opt/i);
  });
});
