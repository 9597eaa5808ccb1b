import { options } from '../../fields/builders.js';
import { defineSettings } from '../define.js';
import { installmentField } from './installment.js';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, providerBackupField } from './payment-providers.js';
import { stocksField } from './stock-list.js';

export const asaasSettings = defineSettings({
  id: 'asaas',
  title: 'Asaas',
  fields: [
    { name: 'apiKey', title: 'Chave de API', type: 'text', secret: true },
    { name: 'endpoint', title: 'Endereço da API', type: 'text' },
    providerBackupField,
    installmentField,
    {
      name: 'accounts',
      title: 'Contas',
      type: 'array_struct',
      fields: [
        { name: 'description', title: 'Descrição', type: 'text' },
        { name: 'apiKey', title: 'Chave de API', type: 'text', secret: true },
        { name: 'walletId', title: 'ID da carteira', type: 'text' },
        { name: 'forceTransaction', title: 'Forçar transação', type: 'checkbox' },
        {
          name: 'paymentMethods',
          title: 'Formas de pagamento',
          type: 'array_field',
          of: {
            name: 'paymentMethod',
            title: 'Forma de pagamento',
            type: 'select',
            options: options(PAYMENT_METHODS, PAYMENT_METHOD_LABELS),
          },
        },
        stocksField(),
      ],
    },
  ],
});
