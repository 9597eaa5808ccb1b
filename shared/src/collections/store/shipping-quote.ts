import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';

export const SHIPPING_QUOTE_ORIGINS = ['magalu', 'quote', 'product'] as const;
const SHIPPING_QUOTE_ORIGIN_LABELS: Record<string, string> = {
  magalu: 'Magalu',
  quote: 'Cotação',
  product: 'Produto',
};

export const shippingQuote = defineCollection({
  id: 'shipping-quote',
  title: 'Cotações de frete',
  group: 'customer',
  // The spec lists `id (the customer)`: a quote is keyed by its customer, so the id is typed, not generated.
  userDefinedId: true,
  filter: { field: 'id', mode: 'prefix', label: 'Cliente (ID)' },
  labelField: 'zipcode',
  fields: [
    { name: 'id', title: 'Cliente (ID)', type: 'text' },
    { name: 'productId', title: 'Produto', type: 'text' },
    { name: 'qty', title: 'Quantidade', type: 'number' },
    { name: 'zipcode', title: 'CEP', type: 'text' },
    {
      name: 'origin',
      title: 'Origem',
      type: 'select',
      options: options(SHIPPING_QUOTE_ORIGINS, SHIPPING_QUOTE_ORIGIN_LABELS),
    },
    { name: 'createdAt', title: 'Criado em', type: 'datetime' },
    {
      name: 'items',
      title: 'Itens',
      type: 'array_struct',
      fields: [
        { name: 'id', title: 'Produto', type: 'text' },
        { name: 'qty', title: 'Quantidade', type: 'number' },
      ],
    },
    {
      name: 'shippingMethodList',
      title: 'Opções de envio',
      type: 'array_struct',
      fields: [
        { name: 'Carrier', title: 'Transportadora', type: 'text' },
        { name: 'stockId', title: 'Estoque', type: 'text' },
        { name: 'OriginalShippingPrice', title: 'Frete original', type: 'number' },
        { name: 'OriginalDeliveryTime', title: 'Prazo original (dias)', type: 'number' },
        { name: 'provider', title: 'Provedor', type: 'text' },
      ],
    },
    {
      name: 'shippingMethod',
      title: 'Envio escolhido',
      type: 'struct',
      fields: [
        { name: 'OriginalShippingPrice', title: 'Frete original', type: 'number' },
        { name: 'ShippingPrice', title: 'Frete', type: 'number' },
        { name: 'OriginalDeliveryTime', title: 'Prazo original (dias)', type: 'number' },
        { name: 'maxDeliveryTime', title: 'Prazo máximo (dias)', type: 'number' },
        { name: 'Carrier', title: 'Transportadora', type: 'text' },
      ],
    },
  ],
});
