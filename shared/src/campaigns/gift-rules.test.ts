import { describe, expect, it } from 'vitest';
import { giftErrorText, planGifts } from './gift-rules.js';

const known = new Set(['P1', 'P2', 'G1', 'G2']);

describe('planGifts', () => {
  it('gives each product its rules’ gifts, adding quantities of the same gift', () => {
    const plan = planGifts(
      [
        { id: 'c1', data: { name: 'Natal', rules: [{ products: ['P1', '', 'P2'], gifts: ['G1,1', 'G2, 2'] }] } },
        { id: 'c2', data: { rules: [{ products: ['P1'], gifts: ['G1,3'] }] } },
      ],
      known,
    );
    expect(plan.errors).toEqual([]);
    expect(Object.fromEntries(plan.byProduct)).toEqual({
      P1: [
        { sku: 'G1', quantity: 4 },
        { sku: 'G2', quantity: 2 },
      ],
      P2: [
        { sku: 'G1', quantity: 1 },
        { sku: 'G2', quantity: 2 },
      ],
    });
  });
  it('reports every bad line with its campaign, rule and line number', () => {
    const plan = planGifts(
      [{ id: 'c1', data: { name: 'Natal', rules: [{ products: ['P1', 'X9'] }, { products: ['P2'], gifts: ['G1', 'G2,0', 'G1,2'] }] } }],
      known,
    );
    expect(plan.errors.map(giftErrorText)).toEqual([
      'Natal, regra 1, Produtos, linha 2: produto não encontrado (X9)',
      "Natal, regra 2, Brindes, linha 1: formato esperado 'SKU,quantidade' (G1)",
      'Natal, regra 2, Brindes, linha 2: quantidade deve ser um inteiro de 1 a 1000 (G2,0)',
    ]);
  });
});
