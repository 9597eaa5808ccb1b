import { describe, expect, it } from 'vitest';
import { frankeProductSchema } from './client.js';
import { mapFrankeProduct } from './mapping.js';

const vtex = (offer: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  frankeProductSchema.parse({
    productId: '10',
    productName: ' Cuba Franke Mythos ',
    brand: 'Franke',
    productReference: '61190736',
    link: 'https://loja/cuba/p',
    items: [
      {
        itemId: '10',
        ean: '7890000000001',
        referenceId: [{ Key: 'RefId', Value: '61190736' }],
        images: [{ imageUrl: 'https://img/1.jpg' }],
        sellers: [
          { sellerId: '2', sellerDefault: false, commertialOffer: { Price: 1, AvailableQuantity: 99 } },
          {
            sellerId: '1',
            sellerDefault: true,
            commertialOffer: {
              Price: 1299.9,
              ListPrice: 1499.9,
              AvailableQuantity: 3,
              IsAvailable: true,
              Installments: [
                { Value: 129.99, NumberOfInstallments: 10 },
                { Value: 1299.9, NumberOfInstallments: 1 },
              ],
            },
          },
        ],
        ...extra,
      },
    ],
  });

describe('mapFrankeProduct', () => {
  it("takes the default seller's offer and puts its quantity under the Franke stock key", () => {
    expect(mapFrankeProduct('61190736', vtex({}))).toEqual({
      product: {
        ProductCode: '61190736',
        ProductSiteName: 'Cuba Franke Mythos',
        brand: 'Franke',
        EAN13: '7890000000001',
        ProductImage: 'https://img/1.jpg',
        Stock: { 'franke-sp': { qty: 3 } },
      },
      offer: { price: 1299.9, listPrice: 1499.9, available: true, qty: 3, maxInstallments: 10, url: 'https://loja/cuba/p' },
    });
  });

  it('never counts negative stock, and uses the stock key given', () => {
    const p = vtex({}, { images: [], ean: null, sellers: [{ sellerId: '1', commertialOffer: { Price: 10, AvailableQuantity: -2 } }] });
    const mapped = mapFrankeProduct('61190736', p, 'franke-rj');
    expect(mapped.product).toEqual({ ProductCode: '61190736', ProductSiteName: 'Cuba Franke Mythos', brand: 'Franke', Stock: { 'franke-rj': { qty: 0 } } });
    expect(mapped.offer).toMatchObject({ available: false, qty: 0, listPrice: null, maxInstallments: null });
  });
});
