import { defineSettings } from '../define.js';
import { installmentField } from './installment.js';

export const paymentCustomSettings = defineSettings({
  id: 'payment-custom',
  title: 'Pagamento personalizado',
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'description', title: 'Descrição', type: 'textarea' },
    { name: 'showInstallments', title: 'Mostrar parcelas', type: 'checkbox' },
    { name: 'onlyAdmin', title: 'Somente administradores', type: 'checkbox' },
    installmentField,
  ],
});
