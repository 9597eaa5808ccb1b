import type { Warehouse } from '../../warehouse/warehouse.js';
import { ApiError } from '../../lib/api-error.js';
import { syncOneRow } from './one-row.js';
import { TRAMONTINA_WEBSERVICE, tramontinaProductRow, type TramontinaWebserviceClient } from '../tramontina/index.js';
import {
  TSTOCK,
  stockFileCode,
  parseStockFile,
  stockByProduct,
  tstockFileRow,
  tstockStockRows,
  type TstockClient,
  type TstockProductRef,
} from '../tstock/index.js';

type Now = { now?: () => Date };

/**
 * Manufacturer web service → warehouse (/api/tramontina/webservice/products/{company}/{code}):
 * the product read and validated whole, then one upsert of its tramontina_products row.
 */
export async function syncTramontinaProduct(
  { project, company, code }: { project: string; company: number; code: string },
  { webservice, warehouse, now = () => new Date() }: { webservice: Pick<TramontinaWebserviceClient, 'product'>; warehouse: Warehouse } & Now,
) {
  const result = await syncOneRow(
    'tramontina_products',
    async () => {
      const product = await webservice.product(company, code);
      return product && tramontinaProductRow(project, product, now());
    },
    { warehouse, notFound: `${TRAMONTINA_WEBSERVICE}: produto ${code} da empresa ${company} não encontrado.` },
  );
  return { ...result, company };
}

/**
 * TStock stock → warehouse (/api/tramontina/tstock/bigquery/paginate?products=[…]): every page
 * fetched first, then one upsert of the tstock_stock rows. The answer carries `download`, the
 * stock file of the query, for the download step.
 */
export async function syncTstockStock(
  { project, products }: { project: string; products: TstockProductRef[] },
  { tstock, warehouse, now = () => new Date() }: { tstock: Pick<TstockClient, 'stock'>; warehouse: Warehouse } & Now,
) {
  const stock = await tstock.stock(products);
  const rows = tstockStockRows(project, stock.registros, now());
  const { written } = rows.length ? await warehouse.upsert('tstock_stock', rows) : { written: 0 };
  return {
    ok: true as const,
    codes: rows.map((r) => r.id),
    written,
    notFound: stock.naoEncontrados,
    download: stock.download,
  };
}

/**
 * TStock stock file → warehouse (/api/tramontina/tstockfiles/bigquery/download/{code}?downloadUrl):
 * the file downloaded (TStock's own host only) and parsed whole, then one upsert of its
 * tstock_files row. `code` is the product the task is for; its lines of the file are answered.
 */
export async function downloadTstockFile(
  { project, code, downloadUrl }: { project: string; code: string; downloadUrl: string },
  { tstock, warehouse, now = () => new Date() }: { tstock: Pick<TstockClient, 'downloadStockFile'>; warehouse: Warehouse } & Now,
) {
  const text = await tstock.downloadStockFile(downloadUrl);
  const rows = parseStockFile(text);
  if (rows.length === 0) throw new ApiError(502, `${TSTOCK}: arquivo de estoque vazio.`);
  const file = stockFileCode(downloadUrl);
  const { written } = await warehouse.upsert('tstock_files', [tstockFileRow(project, file, downloadUrl, rows, now())]);
  const product = stockByProduct(rows).find((p) => p.ProductCode === code) ?? null;
  return { ok: true as const, code, file, rowCount: rows.length, written, product };
}
