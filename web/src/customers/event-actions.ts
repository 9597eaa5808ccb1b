/**
 * Customer-event actions as operators say them. The storefront records GA4-style codes
 * (`view_item`, `add_to_cart`, …; shared/src/conditions/attributes.ts lists them), which the feed
 * shows in Portuguese with the code on hover; a code not listed here is shown as it is.
 */
const ACTION_LABELS: Record<string, string> = {
  page_view: 'Visitou uma página',
  view_item: 'Viu um produto',
  search: 'Buscou',
  add_to_cart: 'Adicionou ao carrinho',
  shipping_quote: 'Calculou o frete',
  begin_checkout: 'Iniciou o checkout',
  purchase: 'Comprou',
  whatsapp_reply: 'Respondeu no WhatsApp',
};

export function eventActionLabel(code: string): string {
  return ACTION_LABELS[code] ?? code;
}
