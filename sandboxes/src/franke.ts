import type { RequestListener } from 'node:http';
import type { SandboxCatalogue, SandboxProduct } from './catalogue.js';
import { notFoundJson, round2, sendJson, slugify, stableFraction } from './respond.js';

/**
 * The Franke store: a VTEX storefront, so its public catalogue search answers a list of products
 * (`GET /api/catalog_system/pub/products/search?fq=alternateIds_RefId:{code}`; `[]` when the
 * reference is unknown) with the offer of each seller in `commertialOffer` (VTEX's spelling). No
 * authentication (public API). Only Franke products are sold there.
 */

export const FRANKE_SEARCH_PATH = '/api/catalog_system/pub/products/search';
const STORE = 'https://www.lojafranke.com.br';

function installments(price: number) {
  return [1, 6, 10].map((n) => ({
    Value: round2(price / n),
    InterestRate: 0,
    TotalValuePlusInterestRate: price,
    NumberOfInstallments: n,
    PaymentSystemName: 'Visa',
    PaymentSystemGroupName: 'creditCardPaymentGroup',
    Name: n === 1 ? 'Visa à vista' : `Visa ${n} vezes sem juros`,
  }));
}

export function frankeOffer(product: SandboxProduct) {
  const listPrice = product.PriceCompare ?? product.Price ?? 0;
  // The brand's own store sells a little above the retailer's cash price.
  const price = round2((product.Price ?? listPrice) * (1 + stableFraction(`franke:${product.ProductCode}`) * 0.08));
  const quantity = product.Stock?.['franke-sp']?.qty ?? Math.floor(stableFraction(`franke:qty:${product.ProductCode}`) * 40);
  return { price, listPrice: Math.max(listPrice, price), quantity };
}

export function frankeProduct(product: SandboxProduct) {
  const { price, listPrice, quantity } = frankeOffer(product);
  const slug = slugify(product.ProductSiteName);
  const productId = String(100000 + Math.floor(stableFraction(`franke:id:${product.ProductCode}`) * 899999));
  const images = ((product.images as { url?: string; title?: string }[] | undefined) ?? [])
    .filter((i) => i.url)
    .map((i, n) => ({ imageId: `${productId}${n}`, imageLabel: '', imageTag: '', imageUrl: i.url!, imageText: i.title ?? '' }));
  return {
    productId,
    productName: product.ProductSiteName,
    brand: 'Franke',
    brandId: 2000004,
    linkText: slug,
    productReference: product.ProductCode,
    productReferenceCode: product.ProductCode,
    categoryId: '12',
    categories: ['/Cozinha/Cubas e Pias/', '/Cozinha/'],
    link: `${STORE}/${slug}/p`,
    description: product.ProductDescription ?? '',
    items: [
      {
        itemId: productId,
        name: product.ProductSiteName,
        nameComplete: product.ProductSiteName,
        ean: product.EAN13 ?? '',
        referenceId: [{ Key: 'RefId', Value: product.ProductCode }],
        measurementUnit: 'un',
        unitMultiplier: 1,
        images,
        sellers: [
          {
            sellerId: '1',
            sellerName: 'Franke Brasil',
            sellerDefault: true,
            commertialOffer: {
              Price: price,
              ListPrice: listPrice,
              PriceWithoutDiscount: listPrice,
              AvailableQuantity: quantity,
              IsAvailable: quantity > 0,
              Installments: installments(price),
            },
          },
        ],
      },
    ],
  };
}

export function createFrankeSandbox(catalogue: SandboxCatalogue): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (url.pathname.replace(/\/+$/, '') !== FRANKE_SEARCH_PATH) return notFoundJson(res, 'Endereço');
    if (req.method !== 'GET') return sendJson(res, 405, { erro: 'Método não permitido.' }, { allow: 'GET' });
    const filters = url.searchParams.getAll('fq');
    const ref = filters.map((f) => /^alternateIds_RefId:(.+)$/.exec(f)?.[1]).find(Boolean);
    if (!ref) {
      // No reference filter: VTEX's search lists the store's products, highest product id first,
      // items 0 to 9 unless _from/_to say otherwise (its Search API, contracts/franke/).
      const all = [...catalogue.byCode.values()].filter((p) => p.brand === 'Franke').map(frankeProduct);
      all.sort((a, b) => Number(b.productId) - Number(a.productId));
      const from = Number(url.searchParams.get('_from') ?? 0) || 0;
      const to = Math.min(Number(url.searchParams.get('_to') ?? from + 9) || from + 9, from + 49);
      return sendJson(res, 200, all.slice(from, to + 1));
    }
    const product = catalogue.byCode.get(ref.trim());
    return sendJson(res, 200, product && product.brand === 'Franke' ? [frankeProduct(product)] : []);
  };
}
