import { defineCollection } from '../define.js';

export const whatsappTemplate = defineCollection({
  id: 'whatsapp-template',
  title: 'Templates de WhatsApp',
  group: 'campaign',
  userDefinedId: true,
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'wabaId', title: 'ID da conta WABA', type: 'text' },
    // JSON text (components HEADER, BODY, FOOTER, BUTTONS), parsed by whoever sends the message.
    { name: 'template', title: 'Template (JSON)', type: 'textarea', rows: 16 },
  ],
});
