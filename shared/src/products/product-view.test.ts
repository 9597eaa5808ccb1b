import { describe, expect, it } from 'vitest';
import { productView } from './product-view.js';

describe('the product as the panel reads it (document 1 §3)', () => {
  it('lets product-data win, merging Options and Stock one level deep', () => {
    const view = productView(
      { Price: 10, ProductLine: 'Century', Options: { canSell: true, isFreeShipping: false }, Stock: { a: { qty: 1 } } },
      { Price: 12, Options: { isFreeShipping: true }, Stock: { b: { qty: 2 } } },
      'P1',
    );
    expect(view).toEqual({
      id: 'P1',
      ProductCode: 'P1',
      ProductImage: null,
      ProductSiteName: null,
      Price: 12,
      ProductLine: 'Century',
      Options: { canSell: true, isFreeShipping: true },
      Stock: { a: { qty: 1 }, b: { qty: 2 } },
    });
    expect(productView(null, null, 'P1')).toBeNull();
    expect(productView({ Price: 1 }, null, 'P1')).toEqual({ Price: 1, id: 'P1', ProductCode: 'P1', ProductImage: null, ProductSiteName: null });
  });

  it('replaces a partial map that only one side holds as a map', () => {
    expect(productView({ Options: { canSell: true } }, { Options: null }, 'P1')?.Options).toBeNull();
    expect(productView({ Stock: [1] }, { Stock: { a: { qty: 1 } } }, 'P1')?.Stock).toEqual({ a: { qty: 1 } });
  });

  it('keeps ProductCode and the site name as stored, the synced ones first', () => {
    const view = productView({ ProductCode: '10', ProductSiteName: 'Catálogo' }, { ProductCode: '11', ProductSiteName: 'Sincronizado' }, '10');
    expect(view).toMatchObject({ id: '10', ProductCode: '11', ProductSiteName: 'Sincronizado' });
    expect(productView({ ProductSiteName: 'Catálogo' }, { ProductSiteName: '  ' }, '10')?.ProductSiteName).toBe('Catálogo');
  });

  it('shows an image always: synced, then the catalogue, then its first image or manufacturer file', () => {
    expect(productView({ ProductImage: 'https://a/1.jpg' }, { ProductImage: 'https://b/2.jpg' }, 'P')?.ProductImage).toBe('https://b/2.jpg');
    expect(productView({ ProductImage: 'https://a/1.jpg' }, { ProductImage: '' }, 'P')?.ProductImage).toBe('https://a/1.jpg');
    expect(productView({ images: [{ image: { url: '' } }, { image: { url: 'https://a/w.jpg' } }] }, null, 'P')?.ProductImage).toBe('https://a/w.jpg');
    expect(productView({ images: [{ url: 'https://a/f.jpg' }] }, null, 'P')?.ProductImage).toBe('https://a/f.jpg');
    expect(productView({ ProductFiles: { Files: [{ FileCDNURL: '' }, { FileCDNURL: 'https://cdn/x.jpg' }] } }, {}, 'P')?.ProductImage).toBe(
      'https://cdn/x.jpg',
    );
  });
});
