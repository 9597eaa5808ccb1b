import { defineSettings } from '../define.js';

export const googleadsSettings = defineSettings({
  id: 'googleads',
  title: 'Google Ads',
  fields: [
    {
      name: 'accounts',
      title: 'Contas',
      type: 'array_struct',
      fields: [
        { name: 'customerId', title: 'Customer ID', type: 'text' },
        { name: 'merchantId', title: 'Merchant ID', type: 'text' },
        { name: 'apiKey', title: 'API key', type: 'text' },
      ],
    },
    {
      name: 'conversions',
      title: 'Conversões',
      type: 'struct',
      fields: [
        { name: 'purchase', title: 'Compra', type: 'text' },
        { name: 'add_to_cart', title: 'Adição ao carrinho', type: 'text' },
      ],
    },
  ],
});
