import { describe, expect, it } from 'vitest';
import { parseDokaPage, parsePrice } from './mapping.js';

const page = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}</body></html>\n`;
const ld = (data: object) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('parseDokaPage', () => {
  it('reads the JSON-LD offer and the stock markup', () => {
    const html = page(
      ld({
        '@type': 'Product',
        name: 'Panela &amp; Tampa',
        sku: '20198603',
        gtin13: '789',
        brand: { name: 'Tramontina' },
        image: 'https://img/p.jpg',
        offers: { price: '199.90', availability: 'https://schema.org/InStock', url: 'https://doka/produto/20198603' },
      }),
      '<span class="preco-de">De R$ 1.249,90</span><p class="estoque disponivel" data-quantidade="4">4 unidades</p>',
    );
    expect(parseDokaPage(html, '20198603')).toEqual({
      ProductCode: '20198603',
      name: 'Panela & Tampa',
      ean: '789',
      brand: 'Tramontina',
      image: 'https://img/p.jpg',
      price: 199.9,
      listPrice: 1249.9,
      available: true,
      qty: 4,
      url: 'https://doka/produto/20198603',
    });
  });

  it('falls back to the visible markup when the JSON-LD is missing or broken', () => {
    const html = page(
      '<script type="application/ld+json">{"@type": "Product", "offers": </script>',
      '<main class="produto" data-sku="1"><h1 class="produto-nome">Faca</h1><span class="preco-por" data-preco="">R$ 1.299,90</span><p class="estoque indisponivel" data-quantidade="0">Produto indisponível</p></main>',
    );
    expect(parseDokaPage(html, '1')).toMatchObject({ name: 'Faca', price: 1299.9, available: false, qty: 0 });
  });

  it.each([
    ['a page cut short', '<html><head>', 'Doka: página do produto inválida (página incompleta)'],
    ['no price', page('', '<h1 class="produto-nome">Faca</h1>'), 'Doka: página do produto inválida (preço não encontrado)'],
    [
      'another product',
      page(ld({ '@type': 'Product', sku: '2', offers: { price: 1 } }), ''),
      'Doka: página do produto inválida (a página é do produto 2, não de 1)',
    ],
  ])('refuses %s', (_, html, message) => {
    expect(() => parseDokaPage(html, '1')).toThrow(message);
  });

  it('reads prices as the page writes them', () => {
    expect([parsePrice('R$ 1.299,90'), parsePrice('1299.90'), parsePrice(12), parsePrice('R$ 9,9'), parsePrice('grátis'), parsePrice('')]).toEqual([
      1299.9,
      1299.9,
      12,
      9.9,
      null,
      null,
    ]);
  });
});
