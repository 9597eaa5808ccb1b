import { firestore } from '../lib/admin.js';
import { marketplaceStoreIdsJson } from '../config.js';
import type { ProductForBling } from './bling/mapping.js';
import { parseMarketplaceStoreIds } from './pipeline/marketplace.js';
import { readProductView } from '../products/product-view.js';

/** The product the Bling steps send: the panel's view of it (catalogue + product-data). */
export const productLoader = (project: string) => async (code: string) =>
  ((await readProductView(firestore, project, code))?.data as ProductForBling | undefined) ?? null;

export const marketplaceStoreIds = () => parseMarketplaceStoreIds(marketplaceStoreIdsJson());
