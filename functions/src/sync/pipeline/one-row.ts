import { ApiError } from '../../lib/api-error.js';
import type { TableName, Warehouse, WarehouseRow } from '../../warehouse/warehouse.js';

/**
 * The shape of every single-product upstream → warehouse step: the upstream record fetched,
 * validated and mapped whole (`fetchRow`), and only then one upsert of its row. A product the
 * upstream does not know is a 404 that names it; a failure writes nothing.
 */
export async function syncOneRow<T extends TableName>(
  table: T,
  fetchRow: () => Promise<WarehouseRow<T> | null>,
  { warehouse, notFound }: { warehouse: Warehouse; notFound: string },
) {
  const row = await fetchRow();
  if (!row) throw new ApiError(404, notFound);
  const { written } = await warehouse.upsert(table, [row]);
  return { ok: true as const, code: row.id, table, written };
}
