import { defineSettings } from '../define.js';

export const wabaSettings = defineSettings({
  id: 'waba',
  title: 'WhatsApp Business',
  fields: [
    { name: 'wabaToken', title: 'Token', type: 'text', secret: true },
    { name: 'wabaId', title: 'ID da conta WABA', type: 'text' },
    { name: 'wabaPhoneNumberId', title: 'ID do número de telefone', type: 'text' },
    { name: 'wabaPhoneNumber', title: 'Número de telefone', type: 'text' },
    // Not in the spec's list: the status webhook's app secret and verify token (Meta app settings),
    // and the number the template test message goes to (the spec hard-codes one).
    { name: 'wabaAppSecret', title: 'Chave secreta do app (webhook)', type: 'text', secret: true },
    { name: 'wabaVerifyToken', title: 'Token de verificação do webhook', type: 'text', secret: true },
    { name: 'wabaTestPhoneNumber', title: 'Número para mensagens de teste', type: 'text' },
  ],
});
