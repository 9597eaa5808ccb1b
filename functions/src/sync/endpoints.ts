import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleQueueTasks } from './console-queue-tasks.js';
import { consoleSyncConfig } from './console-sync-config.js';
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
 * The sync queue and its settings, and the upstream worker URLs served over HTTP. The queue runs
 * the same workers in-process (workers.ts, which adds the AI feature's product-openai).
 */
export const endpoints: readonly ServedEndpoint[] = [
  consoleQueueTasks,
  consoleSyncConfig,
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
