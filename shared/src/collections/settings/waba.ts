import { defineSettings } from '../define.js';

export const wabaSettings = defineSettings({
  id: 'waba',
  title: 'WhatsApp Business',
  fields: [
    { name: 'wabaToken', title: 'Token', type: 'text' },
    { name: 'wabaId', title: 'ID da conta WABA', type: 'text' },
    { name: 'wabaPhoneNumberId', title: 'ID do número de telefone', type: 'text' },
    { name: 'wabaPhoneNumber', title: 'Número de telefone', type: 'text' },
  ],
});
