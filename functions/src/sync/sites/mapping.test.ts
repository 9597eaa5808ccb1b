import { describe, expect, it } from 'vitest';
import { siteProductSchema } from './client.js';
import { mapSiteProduct, siteProductRow } from './mapping.js';

const product = siteProductSchema.parse({
  id: '10437899',
  nome: 'Faca do Chef',
  url: 'https://www.centergarbin.com.br/produto/faca-10437899',
  preco: { de: 300, por: 250, pix: 225, parcelas: 5, valorParcela: 50 },
  estoque: { disponivel: true, quantidade: 0 },
});

describe('store site mapping', () => {
  it('maps the shown prices and stock to the product words', () => {
    expect(mapSiteProduct(product)).toEqual({
      Price: 250,
      PriceCompare: 300,
      PricePix: 225,
      maxInstallments: 5,
      installmentValue: 50,
      // "disponível" with zero units is not available.
      available: false,
      qty: 0,
      url: 'https://www.centergarbin.com.br/produto/faca-10437899',
    });
  });

  it('keys the row by site and code', () => {
    const row = siteProductRow('main', 'centergarbin', '10437899', product, new Date('2026-01-01T00:00:00Z'));
    expect(row).toMatchObject({
      project: 'main',
      id: 'centergarbin:10437899',
      site: 'centergarbin',
      code: '10437899',
      source: 'site:centergarbin',
      fetchedAt: '2026-01-01T00:00:00.000Z',
    });
  });
});
