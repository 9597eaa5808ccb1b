import { describe, expect, it } from 'vitest';
import type { BlingProduto } from './schemas.js';
import { blingCodigo, blingSituacao, listingFromProduct, produtoFromProduct, productFieldsFromProduto, warehouseRowFromProduto } from './mapping.js';

const faca = {
  ProductCode: '10437899',
  ProductCodeErp: '10437899',
  ProductSiteName: 'Faca do Chef Tramontina Professional Master 8"',
  ProductDescription: '<p>Lâmina afiada.</p>',
  ProductImage: 'https://cdn.demo.test/project/main/product/10437899-1.jpg',
  images: [{ url: 'https://cdn.demo.test/project/main/product/10437899-1.jpg' }, { url: 'https://cdn.demo.test/project/main/product/10437899-2.jpg' }],
  EAN13: '7891112895591',
  NCMCode: '8211.92.10',
  brand: 'Tramontina',
  Price: 198.9,
  PriceCompare: 246.9,
  NetWeight: 0.25,
  GrossWeight: 0.38,
  Height: 3.12,
  Width: 39.52,
  Length: 6.04,
  DimensionsUnit: 'cm',
  Status: 'ativado',
};

describe('Bling mapping', () => {
  it('creates a product with every field it has, and what Bling requires (nome, tipo, situacao, formato)', () => {
    const update = {
      nome: 'Faca do Chef Tramontina Professional Master 8"',
      preco: 198.9,
      gtin: '7891112895591',
      marca: 'Tramontina',
      descricaoCurta: '<p>Lâmina afiada.</p>',
      pesoLiquido: 0.25,
      pesoBruto: 0.38,
      dimensoes: { largura: 39.52, altura: 3.12, profundidade: 6.04, unidadeMedida: 1 },
    };
    expect(produtoFromProduct(faca)).toEqual({
      update,
      create: {
        ...update,
        codigo: '10437899',
        tipo: 'P',
        situacao: 'A',
        formato: 'S',
        tributacao: { ncm: '82119210' },
        midia: {
          video: { url: '' },
          imagens: {
            imagensURL: [
              { link: 'https://cdn.demo.test/project/main/product/10437899-1.jpg' },
              { link: 'https://cdn.demo.test/project/main/product/10437899-2.jpg' },
            ],
          },
        },
      },
    });
  });

  it('updates only the fields the console owns: never formato, unidade, situacao, tax data, media or a zero price', () => {
    const { update } = produtoFromProduct(faca);
    for (const field of ['codigo', 'formato', 'unidade', 'tipo', 'situacao', 'tributacao', 'midia', 'categoria', 'estoque', 'variacoes']) {
      expect(update).not.toHaveProperty(field);
    }
    expect(produtoFromProduct({ ProductCode: '1', Price: 0 }).update).toEqual({});
  });

  it('leaves out what the product does not have, and names it by its code when it has no site name', () => {
    expect(produtoFromProduct({ ProductCode: ' 555 ', Status: 'desativado' })).toEqual({
      update: {},
      create: { codigo: '555', nome: '555', tipo: 'P', situacao: 'I', formato: 'S' },
    });
  });

  it('uses the ERP code when the product has one', () => {
    expect(blingCodigo({ ProductCode: '10437899', ProductCodeErp: '10437899-TRA' })).toBe('10437899-TRA');
    expect(blingCodigo({ ProductCode: '10437899', ProductCodeErp: '  ' })).toBe('10437899');
  });

  it('flags only an active product as ativo', () => {
    expect(blingSituacao({ Status: 'ativado' })).toBe('A');
    expect(blingSituacao({ Status: 'desativado' })).toBe('I');
    expect(blingSituacao({})).toBe('I');
  });

  it('lists in a loja at the full price with the cash price as the promotional one', () => {
    expect(listingFromProduct(faca, '203000001')).toEqual({ idLoja: '203000001', codigo: '10437899', preco: 246.9, precoPromocional: 198.9 });
    expect(listingFromProduct({ ProductCode: '1', Price: 50 }, 7)).toEqual({ idLoja: 7, codigo: '1', preco: 50 });
  });

  it('keeps the whole produto in its warehouse row, keyed by codigo', () => {
    const produto = { id: 16000000001, codigo: '10437899', nome: 'Faca', precoCusto: 109.05, gtin: '7891112895591', extra: { a: 1 } } as BlingProduto;
    expect(warehouseRowFromProduto('main', 'Conta Principal', produto, new Date('2026-01-02T03:04:05Z'))).toEqual({
      project: 'main',
      id: '10437899',
      data: produto,
      source: 'bling',
      fetchedAt: '2026-01-02T03:04:05.000Z',
      account: 'Conta Principal',
    });
  });

  it("brings back the ERP code, GTIN and the default supplier's cost of the full record, skipping blanks", () => {
    const full = { id: 1, codigo: 'A-1', nome: 'x', gtin: '7891112895591', fornecedor: { precoCusto: 109.05, precoCompra: 110 } };
    expect(productFieldsFromProduto(full)).toEqual({ ProductCodeErp: 'A-1', EAN13: '7891112895591', PriceNetErp: 109.05 });
    expect(productFieldsFromProduto({ id: 1, codigo: 'A-1', nome: 'x', gtin: '', fornecedor: { precoCusto: 0 } })).toEqual({ ProductCodeErp: 'A-1' });
    // A top-level precoCusto is the list summary's, never the full record's: not read.
    expect(productFieldsFromProduto({ id: 1, codigo: 'A-1', nome: 'x', precoCusto: 5 } as BlingProduto)).toEqual({ ProductCodeErp: 'A-1' });
  });
});
