import { defineSettings } from '../define.js';

export const checkoutSettings = defineSettings({
  id: 'checkout',
  title: 'Checkout',
  fields: [
    { name: 'billingAddressDescription', title: 'Descrição do endereço de cobrança', type: 'textarea' },
    { name: 'hideBillingAddress', title: 'Ocultar endereço de cobrança', type: 'checkbox' },
    {
      name: 'additionalTransactionalEmail',
      title: 'E-mails transacionais adicionais',
      type: 'text',
      description: 'Separados por vírgula',
    },
  ],
});
