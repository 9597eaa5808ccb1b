/**
 * Gift campaigns (collection product-gift): each rule lists products, one SKU per line, and gifts,
 * one 'SKU,quantidade' per line. `planGifts` turns every campaign of the project into the gifts of
 * each product, or the list of bad lines (with campaign, rule and line number) — all or nothing, so
 * the endpoint writes only a plan without errors.
 */

export interface GiftItem {
  sku: string;
  quantity: number;
}

export interface GiftLineError {
  campaignId: string;
  campaignName: string;
  /** 1-based rule number in the campaign's list. */
  rule: number;
  field: 'products' | 'gifts';
  /** 1-based line number inside the field. */
  line: number;
  text: string;
  message: string;
}

export interface GiftPlan {
  /** Gifts per product SKU (same gift from several rules: quantities added). */
  byProduct: Map<string, GiftItem[]>;
  errors: GiftLineError[];
}

const SKU = /^[A-Za-z0-9._-]{1,64}$/;

function lines(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v ?? ''));
  if (typeof value === 'string') return value.split(/\r?\n/);
  return [];
}

export function planGifts(campaigns: readonly { id: string; data: Record<string, unknown> }[], knownSkus: ReadonlySet<string>): GiftPlan {
  const byProduct = new Map<string, Map<string, number>>();
  const errors: GiftLineError[] = [];
  for (const { id, data } of campaigns) {
    const campaignName = typeof data.name === 'string' && data.name ? data.name : id;
    const rules = Array.isArray(data.rules) ? data.rules : [];
    rules.forEach((raw, r) => {
      const rule = (raw ?? {}) as Record<string, unknown>;
      const fail = (field: 'products' | 'gifts', line: number, text: string, message: string) =>
        errors.push({ campaignId: id, campaignName, rule: r + 1, field, line, text, message });
      const products: string[] = [];
      lines(rule.products).forEach((text, i) => {
        const sku = text.trim();
        if (!sku) return;
        if (!SKU.test(sku)) return fail('products', i + 1, text, 'SKU inválido');
        if (!knownSkus.has(sku)) return fail('products', i + 1, text, 'produto não encontrado');
        products.push(sku);
      });
      const gifts: GiftItem[] = [];
      lines(rule.gifts).forEach((text, i) => {
        if (!text.trim()) return;
        const match = /^\s*([^,\s]+)\s*,\s*(\S+)\s*$/.exec(text);
        if (!match) return fail('gifts', i + 1, text, "formato esperado 'SKU,quantidade'");
        const [, sku, qty] = match as unknown as [string, string, string];
        if (!SKU.test(sku)) return fail('gifts', i + 1, text, 'SKU inválido');
        if (!/^\d+$/.test(qty) || Number(qty) < 1 || Number(qty) > 1000) return fail('gifts', i + 1, text, 'quantidade deve ser um inteiro de 1 a 1000');
        if (!knownSkus.has(sku)) return fail('gifts', i + 1, text, 'brinde não encontrado');
        gifts.push({ sku, quantity: Number(qty) });
      });
      for (const product of products) {
        const current = byProduct.get(product) ?? new Map<string, number>();
        for (const gift of gifts) current.set(gift.sku, (current.get(gift.sku) ?? 0) + gift.quantity);
        if (current.size) byProduct.set(product, current);
      }
    });
  }
  return {
    byProduct: new Map([...byProduct].map(([sku, gifts]) => [sku, [...gifts].map(([g, quantity]) => ({ sku: g, quantity }))])),
    errors,
  };
}

/** One line per error, in Portuguese. */
export function giftErrorText(error: GiftLineError): string {
  const field = error.field === 'products' ? 'Produtos' : 'Brindes';
  return `${error.campaignName}, regra ${error.rule}, ${field}, linha ${error.line}: ${error.message} (${error.text.trim() || 'vazia'})`;
}
