import { defineSettings } from '../define.js';

export const sendgridSettings = defineSettings({
  id: 'sendgrid',
  title: 'SendGrid',
  fields: [
    { name: 'email', title: 'E-mail remetente', type: 'text' },
    { name: 'emailReply', title: 'E-mail de resposta', type: 'text' },
    {
      name: 'template',
      title: 'Templates',
      type: 'struct',
      fields: [{ name: 'orderPurchase', title: 'Pedido realizado (ID do template)', type: 'text' }],
    },
  ],
});
