import { describe, expect, it } from 'vitest';
import { companyFromProductCode } from './company.js';

describe('company by product-code prefix (document 1 §9)', () => {
  it.each([
    ['1012345', 1],
    ['1499999', 1],
    ['2012345', 2],
    ['2999999', 2],
    ['3312345', 3],
    ['4012345', 4],
    ['4612345', 4],
    ['5612345', 5],
    ['5812345', 5],
    ['6012345', 6],
    ['6912345', 6],
    ['7712345', 7],
    ['7912345', 7],
    ['8012345', 28],
    ['8212345', 28],
    ['8512345', 28],
    ['7112345', 70],
    ['9112345', 91],
    ['9212345', 92],
    ['9612345', 92],
    ['0012345', 93],
    ['0512345', 93],
    ['9312345', 93],
    ['9512345', 93],
  ])('%s belongs to company %i', (code, company) => {
    expect(companyFromProductCode(code)).toBe(company);
  });

  it.each(['1512345', '3012345', '3412345', '4712345', '5512345', '7012345', '7212345', '9712345', '', 'AB123'])('%s maps to no company', (code) => {
    expect(companyFromProductCode(code)).toBeNull();
  });

  it('ignores surrounding spaces', () => {
    expect(companyFromProductCode('  2012345 ')).toBe(2);
  });
});
