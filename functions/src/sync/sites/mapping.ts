import { siteProductId, type WarehouseRow } from '../../warehouse/warehouse.js';
import type { SiteProduct, StoreSite } from './client.js';

/**
 * A store site's product as a warehouse row (table site_products, id `${site}:${code}`): the price
 * and stock the public site shows, in the product's words under `offer`. These rows describe our
 * storefronts, so they never feed the product document.
 */

export interface SiteOffer {
  /** Cash price shown ("por"). */
  Price: number;
  /** Full price shown ("de"). */
  PriceCompare: number | null;
  PricePix: number | null;
  maxInstallments: number | null;
  installmentValue: number | null;
  available: boolean;
  qty: number | null;
  url: string | null;
}

export function mapSiteProduct(p: SiteProduct): SiteOffer {
  return {
    Price: p.preco.por,
    PriceCompare: p.preco.de ?? null,
    PricePix: p.preco.pix ?? null,
    maxInstallments: p.preco.parcelas ?? null,
    installmentValue: p.preco.valorParcela ?? null,
    available: p.estoque.disponivel && (p.estoque.quantidade ?? 1) > 0,
    qty: p.estoque.quantidade ?? null,
    url: p.url ?? null,
  };
}

export function siteProductRow(project: string, site: StoreSite, code: string, p: SiteProduct, fetchedAt: Date): WarehouseRow<'site_products'> {
  return {
    project,
    id: siteProductId(site, code),
    source: `site:${site}`,
    fetchedAt: fetchedAt.toISOString(),
    site,
    code,
    data: { site, ProductCode: code, name: p.nome, offer: mapSiteProduct(p), raw: p },
  };
}
