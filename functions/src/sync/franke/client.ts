import { z } from 'zod';
import { fetchUpstream, joinUrl, type UpstreamCallOptions } from '../../lib/vendor-http.js';

/**
 * The Franke store, a VTEX storefront: its public catalogue search by reference code
 * (`fq=alternateIds_RefId:{code}`) answers a list of products (empty when unknown) with the offer
 * of each seller in `commertialOffer` (VTEX's spelling). No authentication.
 */

export const FRANKE = 'Franke';
const SEARCH_PATH = '/api/catalog_system/pub/products/search';

const offerSchema = z.object({
  Price: z.number(),
  ListPrice: z.number().nullish(),
  PriceWithoutDiscount: z.number().nullish(),
  AvailableQuantity: z.number(),
  IsAvailable: z.boolean().optional(),
  Installments: z.array(z.object({ Value: z.number(), NumberOfInstallments: z.number(), InterestRate: z.number().nullish() })).default([]),
});

const itemSchema = z.object({
  itemId: z.string(),
  name: z.string().nullish(),
  ean: z.string().nullish(),
  referenceId: z.array(z.object({ Key: z.string(), Value: z.string() })).nullish(),
  images: z.array(z.object({ imageUrl: z.string() })).default([]),
  sellers: z.array(z.object({ sellerId: z.string(), sellerName: z.string().nullish(), sellerDefault: z.boolean().optional(), commertialOffer: offerSchema })),
});

export const frankeProductSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  brand: z.string().nullish(),
  productReference: z.string().nullish(),
  link: z.string().nullish(),
  description: z.string().nullish(),
  items: z.array(itemSchema).min(1),
});
export type FrankeProduct = z.infer<typeof frankeProductSchema>;

export interface FrankeOptions extends UpstreamCallOptions {
  baseUrl: string;
}

export class FrankeClient {
  constructor(private readonly options: FrankeOptions) {}

  /** The store's product with reference `code`; null when the store does not sell it. */
  async product(code: string): Promise<FrankeProduct | null> {
    const { baseUrl, ...call } = this.options;
    const found = await fetchUpstream(FRANKE, joinUrl(baseUrl, SEARCH_PATH, { fq: `alternateIds_RefId:${code}` }), {
      ...call,
      // VTEX's Search API marks both headers required, on a GET too (sandboxes/contracts/franke/).
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      schema: z.array(frankeProductSchema),
    });
    // The search matches references loosely: keep the exact one.
    return found.find((p) => p.productReference === code || p.items.some((i) => i.referenceId?.some((r) => r.Value === code))) ?? null;
  }
}
