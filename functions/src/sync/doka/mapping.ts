import type { WarehouseRow } from '../../warehouse/warehouse.js';
import { UpstreamError } from '../../lib/vendor-http.js';

/**
 * Reading Doka's product page. The schema.org Product in JSON-LD gives name, codes and the offer;
 * the visible markup (data-preco, data-quantidade) fills what it lacks — the stock quantity is only
 * there. A page cut short or without a price is an error naming Doka, not a product without price.
 */

export const DOKA = 'Doka';
export const DOKA_SOURCE = 'doka';

export interface DokaPage {
  ProductCode: string;
  name: string | null;
  ean: string | null;
  brand: string | null;
  image: string | null;
  price: number;
  listPrice: number | null;
  available: boolean;
  /** Units the page says are in stock; null when it does not say. */
  qty: number | null;
  url: string | null;
}

function invalid(reason: string): UpstreamError {
  return new UpstreamError(DOKA, 'invalid', `página do produto inválida (${reason})`);
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** "R$ 1.299,90" / "1299.90" / 1299.9 → 1299.9; null when it is not a price. */
export function parsePrice(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.replace(/R\$|\s/g, '');
  const n = /,\d{1,2}$/.test(text) ? Number(text.replace(/\./g, '').replace(',', '.')) : Number(text.replace(/,/g, ''));
  return text !== '' && Number.isFinite(n) ? n : null;
}

function jsonLdProduct(html: string): Record<string, unknown> | null {
  for (const match of html.matchAll(/<script[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi)) {
    try {
      const parsed = JSON.parse(match[1]!) as unknown;
      const list = Array.isArray(parsed) ? parsed : [parsed];
      const product = list.find((item) => item && typeof item === 'object' && (item as { '@type'?: unknown })['@type'] === 'Product');
      if (product) return product as Record<string, unknown>;
    } catch {
      // A broken block: the markup is read instead.
    }
  }
  return null;
}

const attr = (html: string, cls: string, name: string) =>
  new RegExp(`<[^>]*class=["'][^"']*\\b${cls}\\b[^"']*["'][^>]*\\b${name}=["']([^"']*)["']`, 'i').exec(html)?.[1] ?? null;
const text = (html: string, cls: string) => new RegExp(`<[^>]*class=["'][^"']*\\b${cls}\\b[^"']*["'][^>]*>([^<]*)<`, 'i').exec(html)?.[1]?.trim() ?? null;

export function parseDokaPage(html: string, code: string): DokaPage {
  if (!/<\/html>\s*$/i.test(html)) throw invalid('página incompleta');
  const ld = jsonLdProduct(html);
  const offers = (Array.isArray(ld?.offers) ? ld.offers[0] : ld?.offers) as Record<string, unknown> | undefined;

  const price = parsePrice(offers?.price) ?? parsePrice(attr(html, 'preco-por', 'data-preco')) ?? parsePrice(text(html, 'preco-por'));
  if (price === null) throw invalid('preço não encontrado');
  const listPrice = parsePrice(text(html, 'preco-de')?.replace(/^De\s*/i, ''));

  const qtyText = attr(html, 'estoque', 'data-quantidade');
  const qty = qtyText === null || qtyText === '' ? null : Number.parseInt(qtyText, 10);
  if (qty !== null && !Number.isFinite(qty)) throw invalid(`quantidade "${qtyText}" não é um número`);
  const availability = typeof offers?.availability === 'string' ? offers.availability : null;
  const available = availability
    ? /InStock|LimitedAvailability|PreOrder/i.test(availability)
    : qty !== null
      ? qty > 0
      : /class=["'][^"']*\bdisponivel\b/.test(html);

  const sku = typeof ld?.sku === 'string' ? ld.sku : attr(html, 'produto', 'data-sku');
  if (sku && sku !== code) throw invalid(`a página é do produto ${sku}, não de ${code}`);
  const name = typeof ld?.name === 'string' ? ld.name : text(html, 'produto-nome');
  const brand = ld?.brand && typeof ld.brand === 'object' ? (ld.brand as { name?: unknown }).name : ld?.brand;
  return {
    ProductCode: code,
    name: name ? decodeEntities(name).trim() : null,
    ean: typeof ld?.gtin13 === 'string' ? ld.gtin13 : null,
    brand: typeof brand === 'string' ? brand : null,
    image: typeof ld?.image === 'string' ? ld.image : null,
    price,
    listPrice,
    available,
    qty,
    url: typeof offers?.url === 'string' ? offers.url : null,
  };
}

/**
 * The row of table doka_products: identity in the product's words under `product`, the site's
 * price and availability under `offer` (a distributor's price, not ours).
 */
export function dokaProductRow(project: string, page: DokaPage, fetchedAt: Date): WarehouseRow<'doka_products'> {
  const product: Record<string, unknown> = { ProductCode: page.ProductCode };
  if (page.name) product.ProductSiteName = page.name;
  if (page.ean) product.EAN13 = page.ean;
  if (page.brand) product.brand = page.brand;
  if (page.image) product.ProductImage = page.image;
  return {
    project,
    id: page.ProductCode,
    source: DOKA_SOURCE,
    fetchedAt: fetchedAt.toISOString(),
    data: { product, offer: { price: page.price, listPrice: page.listPrice, available: page.available, qty: page.qty, url: page.url } },
  };
}
