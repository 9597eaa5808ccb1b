import { describe, expect, it } from 'vitest';
import { webserviceProductSchema } from './client.js';
import { mapWebserviceProduct } from './mapping.js';
import { credentialsFromConfig } from './config.js';

const answer = (overrides: Record<string, unknown> = {}) =>
  webserviceProductSchema.parse({
    Company: 2,
    ProductCode: '20198603',
    Description: '  Panela Tramontina Solar 20 cm ',
    DescriptionLong: '<p>Panela.</p>',
    Line: 'Solar',
    Brand: 'Tramontina',
    EAN13: '7891112000001',
    NCM: '7323.93.00',
    Salable: 'S',
    Status: 'ativado',
    Warranty: null,
    Dimensions: { Height: 10, Width: 20.5, Length: 30, Unit: 'cm', NetWeight: 1.2, GrossWeight: 1.5, WeightUnit: 'kg' },
    Packing: { Height: 12, Width: 22, Length: null },
    Prices: {
      PriceNet: 100.5,
      PriceMin: 180,
      PriceMinInstallments: 190,
      PriceNetIPI: 3.25,
      PriceNetByQty: [
        { Qty: 6, PriceNet: 570 },
        { Qty: 12, PriceNet: 1100 },
      ],
    },
    Images: [
      { Url: 'https://cdn.example/b.png', Order: 2, Type: 'PN' },
      { Url: 'https://cdn.example/a.jpg?v=1', Order: 1 },
    ],
    ...overrides,
  });

describe('mapWebserviceProduct', () => {
  it('maps to the product entity fields', () => {
    expect(mapWebserviceProduct(answer())).toEqual({
      Company: 2,
      ProductCode: '20198603',
      ProductSiteName: 'Panela Tramontina Solar 20 cm',
      ProductDescription: '<p>Panela.</p>',
      ProductLine: 'Solar',
      brand: 'Tramontina',
      EAN13: '7891112000001',
      NCMCode: '7323.93.00',
      Salable: 'S',
      Status: 'ativado',
      Height: 10,
      Width: 20.5,
      Length: 30,
      DimensionsUnit: 'cm',
      NetWeight: 1.2,
      GrossWeight: 1.5,
      WeightUnit: 'kg',
      HeightPacking: 12,
      WidthPacking: 22,
      PriceNet: 100.5,
      PriceMin: 180,
      PriceMinInstallments: 190,
      PriceNetIPI: 3.25,
      PriceNetByQty: { '6': { PriceNet: 570, qty: 6 }, '12': { PriceNet: 1100, qty: 12 } },
      ProductImage: 'https://cdn.example/a.jpg?v=1',
      ProductFiles: {
        Files: [
          { FileType: 'PD', FileExtension: 'JPG', FileCDNURL: 'https://cdn.example/a.jpg?v=1' },
          { FileType: 'PN', FileExtension: 'PNG', FileCDNURL: 'https://cdn.example/b.png' },
        ],
      },
    });
  });

  it('leaves out what the service does not give, so other sources are not erased', () => {
    const fields = mapWebserviceProduct(answer({ Images: [], Dimensions: null, Packing: null, EAN13: '', Prices: { PriceNet: null, PriceNetByQty: [] } }));
    expect(fields).not.toHaveProperty('ProductImage');
    expect(fields).not.toHaveProperty('PriceNetByQty');
    expect(fields).not.toHaveProperty('PriceNet');
    expect(fields).not.toHaveProperty('EAN13');
    expect(fields).not.toHaveProperty('Height');
  });

  it('refuses an answer without prices', () => {
    expect(webserviceProductSchema.safeParse({ Company: 1, ProductCode: '1', Description: 'x' }).success).toBe(false);
  });
});

describe('credentialsFromConfig', () => {
  const config = { tstock: { user: 'u.tstock', password: 'p1' }, webservice: { user: 'u.ws', password: 'p2' } };
  it('picks the credentials of one system', () => {
    expect(credentialsFromConfig(config, 'webservice')).toEqual({ user: 'u.ws', password: 'p2' });
    expect(credentialsFromConfig(config, 'tstock')).toEqual({ user: 'u.tstock', password: 'p1' });
  });
  it('names what is missing, never the values', () => {
    expect(() => credentialsFromConfig({ tstock: { user: 'u', password: '' } }, 'tstock')).toThrow(
      'Usuário e senha do TStock da Tramontina não configurados (config/tramontina, tstock).',
    );
    expect(() => credentialsFromConfig(undefined, 'webservice')).toThrow(/do web service/);
  });
});
