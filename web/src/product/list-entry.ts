import { isPlainObject } from '@console/shared';
import { toDate } from '../form-engine/value-formats';
import { formatDateTime, formatMoney } from '../lib/format';

export const PRODUCT_STATUS_TEXTS = {
  onSale: 'À venda',
  notOnSale: 'Fora de venda',
  free: 'Gratuito',
} as const;

/**
 * The product list's second line: what tells a product from its neighbours — the price, the date
 * of an event (cdlbox sells the same workshop on several dates) and whether it is on sale —
 * e.g. 'R$ 189,90 · 05/12/2026 10:00 · À venda'. Null when the record has none of them.
 */
export function productListDetail(data: Record<string, unknown>): string | null {
  const options = isPlainObject(data.Options) ? data.Options : {};
  const parts: string[] = [];
  if (options.isFree === true) parts.push(PRODUCT_STATUS_TEXTS.free);
  else if (typeof data.Price === 'number') parts.push(formatMoney(data.Price));
  if (options.isEvent === true) {
    const date = formatDateTime(toDate(options.eventDate));
    if (date) parts.push(date);
  }
  if (options.canSell === true) parts.push(PRODUCT_STATUS_TEXTS.onSale);
  else if (options.canSell === false) parts.push(PRODUCT_STATUS_TEXTS.notOnSale);
  return parts.length ? parts.join(' · ') : null;
}
