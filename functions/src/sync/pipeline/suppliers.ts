// Suppliers' and store sites' product pages → warehouse, one row per product.
import type { Warehouse } from '../../warehouse/warehouse.js';
import { DOKA, dokaProductRow, type DokaClient } from '../doka/index.js';
import { FRANKE, frankeProductRow, type FrankeClient } from '../franke/index.js';
import { siteProductRow, siteUpstream, type StoreSiteClient } from '../sites/index.js';
import { syncOneRow } from './one-row.js';

type Deps<C> = { client: C; warehouse: Warehouse; now?: () => Date };

/** Franke store → warehouse (/api/franke/store/product?id): the product by its reference. */
export function syncFrankeProduct(
  { project, code }: { project: string; code: string },
  { client, warehouse, now = () => new Date() }: Deps<Pick<FrankeClient, 'product'>>,
) {
  return syncOneRow(
    'franke_products',
    async () => {
      const product = await client.product(code);
      return product && frankeProductRow(project, code, product, now());
    },
    { warehouse, notFound: `${FRANKE}: produto ${code} não encontrado na loja.` },
  );
}

/** Doka site → warehouse (/api/doka/product-site-fast?code): the product page, parsed. */
export function syncDokaProduct(
  { project, code }: { project: string; code: string },
  { client, warehouse, now = () => new Date() }: Deps<Pick<DokaClient, 'product'>>,
) {
  return syncOneRow(
    'doka_products',
    async () => {
      const page = await client.product(code);
      return page && dokaProductRow(project, page, now());
    },
    { warehouse, notFound: `${DOKA}: produto ${code} não encontrado no site.` },
  );
}

/** Store site → warehouse (/api/sites/{site}/products?id): the product as that storefront shows it. */
export function syncSiteProduct(
  { project, code }: { project: string; code: string },
  { client, warehouse, now = () => new Date() }: Deps<Pick<StoreSiteClient, 'product' | 'site'>>,
) {
  return syncOneRow(
    'site_products',
    async () => {
      const product = await client.product(code);
      return product && siteProductRow(project, client.site, code, product, now());
    },
    { warehouse, notFound: `${siteUpstream(client.site)}: produto ${code} não encontrado no site.` },
  );
}
