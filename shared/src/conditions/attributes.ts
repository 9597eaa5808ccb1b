import { BRAZILIAN_STATES } from '../collections/address.js';
import type { ConditionContext } from './types.js';

/**
 * The type of an attribute as the editor offers it: `date` values are ISO-8601 strings (compared
 * as text, which orders them correctly), edited with a date input.
 */
export type AttributeType = 'number' | 'string' | 'boolean' | 'date';

export interface ConditionAttribute {
  /** The field name in the tree and the SQL (`Price`, `event.name`). */
  name: string;
  /** Portuguese label shown in the field picker. */
  label: string;
  type: AttributeType;
  /** Picker group heading. */
  group: string;
  /** Hint next to the value input (ranges, units, examples). */
  hint?: string;
  /** Known values offered by the value input (still free to type another). */
  options?: readonly (string | number)[];
}

const PRODUCT_GROUP = 'Produto';

/** Product attributes (document 2 §3 "Product" and document 1 §3 "Product (as read by the panel)"). */
const PRODUCT_FIELDS: readonly Omit<ConditionAttribute, 'group'>[] = [
  { name: 'ProductCode', label: 'Código (SKU)', type: 'string' },
  { name: 'ProductCodeErp', label: 'Código no ERP', type: 'string' },
  { name: 'EAN13', label: 'EAN13 (GTIN)', type: 'string' },
  { name: 'ProductCodeGoogle', label: 'Código Google', type: 'string' },
  { name: 'ProductSiteName', label: 'Nome no site', type: 'string' },
  { name: 'Company', label: 'Empresa', type: 'number', hint: 'pelos dois primeiros dígitos do código' },
  { name: 'brand', label: 'Marca', type: 'string' },
  { name: 'section', label: 'Seção', type: 'string' },
  { name: 'category', label: 'Categoria', type: 'string' },
  { name: 'type', label: 'Tipo', type: 'string' },
  { name: 'group', label: 'Grupo', type: 'string' },
  { name: 'ProductLine', label: 'Linha', type: 'string' },
  { name: 'NCMCode', label: 'NCM', type: 'string' },
  { name: 'Salable', label: 'Vendável (S)', type: 'string', options: ['S', 'N'] },
  { name: 'Status', label: 'Status', type: 'string', options: ['ativado', 'desativado'] },
  { name: 'Price', label: 'Preço à vista', type: 'number', hint: 'R$' },
  { name: 'PriceCompare', label: 'Preço cheio', type: 'number', hint: 'R$' },
  { name: 'PriceInstallments', label: 'Preço parcelado', type: 'number', hint: 'R$' },
  { name: 'PriceFlash', label: 'Preço relâmpago', type: 'number', hint: 'R$' },
  { name: 'PriceFlashInstallments', label: 'Preço relâmpago parcelado', type: 'number', hint: 'R$' },
  { name: 'PriceMin', label: 'Preço mínimo do fabricante', type: 'number', hint: 'R$' },
  { name: 'PriceMinInstallments', label: 'Preço mínimo parcelado do fabricante', type: 'number', hint: 'R$' },
  { name: 'PriceNet', label: 'Preço de compra (fabricante)', type: 'number', hint: 'R$' },
  { name: 'PriceNetErp', label: 'Preço de compra (ERP)', type: 'number', hint: 'R$' },
  { name: 'PriceNetIPI', label: 'IPI (%)', type: 'number', hint: '%' },
  { name: 'stockQty', label: 'Estoque total', type: 'number', hint: 'soma dos estoques' },
  { name: 'Height', label: 'Altura', type: 'number' },
  { name: 'Width', label: 'Largura', type: 'number' },
  { name: 'Length', label: 'Comprimento', type: 'number' },
  { name: 'NetWeight', label: 'Peso líquido', type: 'number' },
  { name: 'GrossWeight', label: 'Peso bruto', type: 'number' },
  { name: 'Options.canSell', label: 'Pode vender', type: 'boolean' },
  { name: 'Options.canCrossDocking', label: 'Pode cross-docking', type: 'boolean' },
  { name: 'Options.isFreeShipping', label: 'Frete grátis', type: 'boolean' },
  { name: 'Options.isFreePriceFinancingFee', label: 'Parcelamento sem juros', type: 'boolean' },
  { name: 'Options.isBrandPriceRestrict', label: 'Restrição de preço da marca', type: 'boolean' },
  { name: 'Options.isBrandMarketplaceRestrict', label: 'Restrição de marketplace da marca', type: 'boolean' },
  { name: 'Options.isBrandEcommerceRestrict', label: 'Restrição de e-commerce da marca', type: 'boolean' },
  { name: 'Options.isManualPricing', label: 'Preço manual', type: 'boolean' },
  { name: 'Options.isSalePricing', label: 'Preço promocional', type: 'boolean' },
  { name: 'Options.isImportedProduct', label: 'Produto importado', type: 'boolean' },
  { name: 'Options.isBoutiqueProduct', label: 'Produto boutique', type: 'boolean' },
  { name: 'Options.disableAds', label: 'Sem anúncios', type: 'boolean' },
  { name: 'Options.maxInstallments', label: 'Máximo de parcelas', type: 'number' },
  { name: 'createdAt', label: 'Criado em', type: 'date' },
  { name: 'updatedAt', label: 'Atualizado em', type: 'date' },
];

const productAttributes = (prefix: string, group: string): ConditionAttribute[] => PRODUCT_FIELDS.map((f) => ({ ...f, name: `${prefix}${f.name}`, group }));

const DATE_GROUP = 'Data (horário de Brasília)';
const datePart = (name: string, label: string, hint: string): ConditionAttribute => ({
  name: `date.${name}`,
  label,
  type: 'number',
  group: DATE_GROUP,
  hint,
});
const DATE_PARTS: ConditionAttribute[] = [
  datePart('minute', 'Minuto', '0 a 59'),
  datePart('hour', 'Hora', '0 a 23'),
  datePart('day', 'Dia', '1 a 31'),
  datePart('month', 'Mês', '1 a 12'),
  datePart('weekday', 'Dia da semana', '1 (segunda) a 7 (domingo)'),
  datePart('year', 'Ano', 'ex.: 2026'),
];

export const CUSTOMER_EVENT_NAMES = ['page_view', 'view_item', 'search', 'add_to_cart', 'shipping_quote', 'begin_checkout', 'purchase'] as const;

const CUSTOMER_GROUP = 'Cliente';
const EVENT_GROUP = 'Evento';

/**
 * Layout (banner) rules run on one page view: the moment (date parts in America/Sao_Paulo), who
 * (customer id and e-mail), where from (IP region and city), the shipping zipcode and its state,
 * the event and its URL, and the product on screen (document 3 layout-rule).
 */
const LAYOUT_ATTRIBUTES: ConditionAttribute[] = [
  ...DATE_PARTS,
  { name: 'customer.id', label: 'Id do cliente', type: 'string', group: CUSTOMER_GROUP, hint: 'vazio quando não identificado' },
  { name: 'customer.email', label: 'E-mail do cliente', type: 'string', group: CUSTOMER_GROUP },
  { name: 'ip.region', label: 'Estado do IP', type: 'string', group: 'Localização', options: BRAZILIAN_STATES },
  { name: 'ip.city', label: 'Cidade do IP', type: 'string', group: 'Localização' },
  { name: 'shipping.zipcode', label: 'CEP de entrega', type: 'string', group: 'Localização', hint: '8 dígitos' },
  { name: 'shipping.region', label: 'Estado de entrega', type: 'string', group: 'Localização', options: BRAZILIAN_STATES },
  { name: 'event.name', label: 'Evento', type: 'string', group: EVENT_GROUP, options: CUSTOMER_EVENT_NAMES },
  { name: 'event.url', label: 'URL do evento', type: 'string', group: EVENT_GROUP },
  ...productAttributes('product.', 'Produto em tela'),
];

/**
 * Customer segments run on a customer's rows (see customer-rows.ts): the customer, one of its
 * events (with the event's product and date), shipping quotes and purchases.
 */
const CUSTOMER_ATTRIBUTES: ConditionAttribute[] = [
  { name: 'customer.id', label: 'Id do cliente', type: 'string', group: CUSTOMER_GROUP },
  { name: 'customer.email', label: 'E-mail', type: 'string', group: CUSTOMER_GROUP },
  { name: 'customer.firstName', label: 'Nome', type: 'string', group: CUSTOMER_GROUP },
  { name: 'customer.lastName', label: 'Sobrenome', type: 'string', group: CUSTOMER_GROUP },
  { name: 'customer.taxvat', label: 'CPF/CNPJ', type: 'string', group: CUSTOMER_GROUP },
  { name: 'customer.phoneNumber', label: 'Telefone', type: 'string', group: CUSTOMER_GROUP },
  { name: 'customer.state', label: 'Estado', type: 'string', group: CUSTOMER_GROUP, options: BRAZILIAN_STATES, hint: 'do endereço, senão do último evento' },
  { name: 'customer.createdAt', label: 'Cliente desde', type: 'date', group: CUSTOMER_GROUP },
  { name: 'event.name', label: 'Evento', type: 'string', group: EVENT_GROUP, options: CUSTOMER_EVENT_NAMES },
  { name: 'event.url', label: 'URL do evento', type: 'string', group: EVENT_GROUP },
  { name: 'event.search', label: 'Busca', type: 'string', group: EVENT_GROUP },
  { name: 'event.zipcode', label: 'CEP do evento', type: 'string', group: EVENT_GROUP },
  { name: 'event.zipcodeRegion', label: 'Estado do CEP', type: 'string', group: EVENT_GROUP, options: BRAZILIAN_STATES },
  { name: 'event.ipRegion', label: 'Estado do IP', type: 'string', group: EVENT_GROUP, options: BRAZILIAN_STATES },
  { name: 'event.ipCity', label: 'Cidade do IP', type: 'string', group: EVENT_GROUP },
  { name: 'event.device', label: 'Dispositivo', type: 'string', group: EVENT_GROUP, options: ['desktop', 'smartphone', 'tablet'] },
  { name: 'event.createdAt', label: 'Data do evento', type: 'date', group: EVENT_GROUP },
  ...DATE_PARTS,
  { name: 'date.daysAgo', label: 'Dias atrás (0 hoje, -7 há uma semana)', type: 'number', group: DATE_GROUP, hint: 'negativo: -7 = sete dias atrás' },
  { name: 'quote.zipcode', label: 'CEP cotado', type: 'string', group: 'Cotação de frete' },
  { name: 'quote.origin', label: 'Origem da cotação', type: 'string', group: 'Cotação de frete', options: ['magalu', 'quote', 'product'] },
  { name: 'quote.qty', label: 'Quantidade cotada', type: 'number', group: 'Cotação de frete' },
  { name: 'quote.shippingPrice', label: 'Valor do frete', type: 'number', group: 'Cotação de frete', hint: 'R$' },
  { name: 'quote.carrier', label: 'Transportadora', type: 'string', group: 'Cotação de frete' },
  { name: 'quote.deliveryTime', label: 'Prazo (dias)', type: 'number', group: 'Cotação de frete' },
  { name: 'purchase.id', label: 'Pedido', type: 'string', group: 'Compra' },
  { name: 'purchase.total', label: 'Total do pedido', type: 'number', group: 'Compra', hint: 'R$' },
  { name: 'purchase.qty', label: 'Quantidade comprada', type: 'number', group: 'Compra' },
  ...productAttributes('product.', 'Produto (do evento, cotação ou compra)'),
];

const CATALOGUES: Record<ConditionContext, readonly ConditionAttribute[]> = {
  product: productAttributes('', PRODUCT_GROUP),
  layout: LAYOUT_ATTRIBUTES,
  customer: CUSTOMER_ATTRIBUTES,
};

/** The attributes a condition of `context` can use, in picker order. */
export function conditionAttributes(context: ConditionContext): readonly ConditionAttribute[] {
  return CATALOGUES[context];
}

const byName = new Map<ConditionContext, Map<string, ConditionAttribute>>();
/** The catalogue entry of `name`, or undefined for a free field (stored data naming another field). */
export function findConditionAttribute(context: ConditionContext, name: string): ConditionAttribute | undefined {
  let index = byName.get(context);
  if (!index) {
    index = new Map(CATALOGUES[context].map((a) => [a.name, a]));
    byName.set(context, index);
  }
  return index.get(name);
}

/** The field attribute `type` of an editor `context` value (`attributes` of a condition field). */
export function conditionContextOf(attributes: string | undefined): ConditionContext {
  return attributes === 'layout' || attributes === 'customer' ? attributes : 'product';
}
