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
        { name: 'customerId', title: 'ID da conta do Google Ads', type: 'text' },
        { name: 'merchantId', title: 'ID do Merchant Center', type: 'text' },
        { name: 'apiKey', title: 'Chave de API', type: 'text', secret: true },
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
