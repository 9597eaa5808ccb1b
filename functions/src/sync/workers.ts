import type { ServedEndpoint } from '../lib/endpoint.js';
import { blingBigqueryProdutos } from './bling-bigquery-produtos.js';
import { blingProdutoCreate } from './bling-produto-create.js';
import { blingProdutoUpdateFlag } from './bling-produto-update-flag.js';
import { blingProdutolojaCreate } from './bling-produtoloja-create.js';
import { blingProdutolojaDelete } from './bling-produtoloja-delete.js';
import { dokaProductSiteFast } from './doka-product-site-fast.js';
import { frankeStoreProduct } from './franke-store-product.js';
import { firestoreProductOpenai } from './firestore-product-openai.js';
import { sitesProducts } from './sites-products.js';
import { tramontinaFirestoreProducts } from './tramontina-firestore-products.js';
import { tramontinaTstockPaginate } from './tramontina-tstock-paginate.js';
import { tramontinaTstockfilesDownload } from './tramontina-tstockfiles-download.js';
import { tramontinaWebserviceProducts } from './tramontina-webservice-products.js';

/**
 * The worker-service endpoints of document 1 §7 (all GET, access 'project'): the only URLs the
 * sync queue accepts and runs.
 */
export const workerEndpoints: readonly ServedEndpoint[] = [
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
  firestoreProductOpenai,
];
