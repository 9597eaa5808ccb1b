import { describe, expect, it } from 'vitest';
import type { WarehouseRow } from '../../warehouse/warehouse.js';
import { mergeProductFields, productFieldsOf } from './product-fields.js';

const row = (data: Record<string, unknown>) => ({ project: 'main', id: '1', source: 's', fetchedAt: '', data }) as unknown as WarehouseRow;

describe('product fields from the warehouse', () => {
  it('reads the mapped product of a row and keeps only the synced fields', () => {
    expect(productFieldsOf('tramontina_products', row({ product: { ProductSiteName: 'Faca', PriceNet: 10, Warranty: 'x' }, raw: {} }))).toEqual({
      ProductSiteName: 'Faca',
      PriceNet: 10,
    });
  });

  it("takes from Bling only its code, GTIN and purchase price (the full record's fornecedor.precoCusto)", () => {
    const produto = { id: 5, codigo: '10437899', nome: 'Outro nome', gtin: '789', fornecedor: { precoCusto: 12.5 }, preco: 99 };
    expect(productFieldsOf('bling_products', row(produto))).toEqual({
      ProductCodeErp: '10437899',
      EAN13: '789',
      PriceNetErp: 12.5,
    });
  });

  it('takes from TStock only the stock', () => {
    expect(productFieldsOf('tstock_stock', row({ product: { ProductCode: '1', Company: 1, Stock: { 'tramontina-rs': { qty: 3 } } } }))).toEqual({
      Stock: { 'tramontina-rs': { qty: 3 } },
    });
  });

  it('lets a later source win field by field, merging Stock by warehouse', () => {
    expect(
      mergeProductFields([
        { ProductSiteName: 'Loja', Stock: { 'franke-sp': { qty: 1 } } },
        { ProductSiteName: 'Fabricante', PriceNet: 10 },
        { Stock: { 'tramontina-rs': { qty: 2 } } },
      ]),
    ).toEqual({ ProductSiteName: 'Fabricante', PriceNet: 10, Stock: { 'franke-sp': { qty: 1 }, 'tramontina-rs': { qty: 2 } } });
  });
});
