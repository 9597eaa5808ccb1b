import type { ServedEndpoint } from '../lib/endpoint.js';
import { blingBigqueryProdutos } from './bling-bigquery-produtos.js';
import { blingProdutoCreate } from './bling-produto-create.js';
import { blingProdutoUpdateFlag } from './bling-produto-update-flag.js';
import { blingProdutolojaCreate } from './bling-produtoloja-create.js';
import { blingProdutolojaDelete } from './bling-produtoloja-delete.js';
import { dokaProductSiteFast } from './doka-product-site-fast.js';
import { frankeStoreProduct } from './franke-store-product.js';
import { sitesProducts } from './sites-products.js';
import { tramontinaFirestoreProducts } from './tramontina-firestore-products.js';
import { tramontinaTstockPaginate } from './tramontina-tstock-paginate.js';
import { tramontinaTstockfilesDownload } from './tramontina-tstockfiles-download.js';
import { tramontinaWebserviceProducts } from './tramontina-webservice-products.js';

/**
 * The upstream worker URLs of document 1 §7 (all GET, access 'project'): served over HTTP by
 * apiCore (endpoints.ts) and run in-process by the sync queue (workers.ts, which adds the AI
 * feature's product-openai). Apart from both so apiCore never loads the AI code.
 */
export const upstreamWorkerEndpoints: readonly ServedEndpoint[] = [
  blingBigqueryProdutos,
  tramontinaWebserviceProducts,
  tramontinaTstockPaginate,
  tramontinaTstockfilesDownload,
  tramontinaFirestoreProducts,
  frankeStoreProduct,
  dokaProductSiteFast,
  sitesProducts,
  blingProdutoCreate,
  blingProdutoUpdateFlag,
  blingProdutolojaCreate,
  blingProdutolojaDelete,
];
