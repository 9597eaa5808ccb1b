/**
 * Price and margin maths of the product information panel (document 1 §3 'Product (as read by
 * the panel)', §9 'Margin display').
 */

/** One PriceNetByQty entry: the purchase price of a package of `qty` units. */
export interface PackagePrice {
  PriceNet?: unknown;
  qty?: unknown;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Rounded to 2 decimals, as the margin is shown (§9). */
export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** The price in installments: a blank PriceInstallments (null, missing, '') means Price. */
export function installmentsPrice(product: { Price?: unknown; PriceInstallments?: unknown }): number | null {
  if (isNumber(product.PriceInstallments)) return product.PriceInstallments;
  return isNumber(product.Price) ? product.Price : null;
}

/**
 * The unit purchase price the margin divides by: the ERP's (PriceNetErp, what the store actually
 * paid) when present, else the manufacturer's (PriceNet).
 */
export function purchasePrice(product: { PriceNetErp?: unknown; PriceNet?: unknown }): number | null {
  if (isNumber(product.PriceNetErp) && product.PriceNetErp > 0) return product.PriceNetErp;
  return isNumber(product.PriceNet) && product.PriceNet > 0 ? product.PriceNet : null;
}

/** Margin = sale Price / purchase price, rounded to 2 decimals; null when either is missing. */
export function margin(price: unknown, purchase: number | null): number | null {
  if (!isNumber(price) || purchase === null || purchase <= 0) return null;
  return roundTo2(price / purchase);
}

/** Per-package price = PriceNet / qty (§9); null for an entry without a usable qty. */
export function perPackagePrice(entry: PackagePrice): number | null {
  if (!isNumber(entry.PriceNet) || !isNumber(entry.qty) || entry.qty <= 0) return null;
  return entry.PriceNet / entry.qty;
}

export interface PackagePriceRow {
  /** The PriceNetByQty key (the package size as the upstream names it). */
  key: string;
  qty: number | null;
  priceNet: number | null;
  unitPrice: number | null;
}

/** The PriceNetByQty map as rows, smallest package first. */
export function packagePriceRows(byQty: unknown): PackagePriceRow[] {
  if (typeof byQty !== 'object' || byQty === null || Array.isArray(byQty)) return [];
  return Object.entries(byQty as Record<string, PackagePrice>)
    .filter(([, entry]) => typeof entry === 'object' && entry !== null)
    .map(([key, entry]) => ({
      key,
      qty: isNumber(entry.qty) ? entry.qty : null,
      priceNet: isNumber(entry.PriceNet) ? entry.PriceNet : null,
      unitPrice: perPackagePrice(entry),
    }))
    .sort((a, b) => (a.qty ?? Number(a.key)) - (b.qty ?? Number(b.key)) || a.key.localeCompare(b.key));
}
