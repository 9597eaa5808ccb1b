import { FIELD_COMPONENTS } from '../components.js';
import { defineCollection } from '../define.js';

export const whatsappTemplate = defineCollection({
  id: 'whatsapp-template',
  title: 'Templates de WhatsApp',
  group: 'campaign',
  userDefinedId: true,
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'wabaId', title: 'ID da conta WABA', type: 'text' },
    // Kept as the provider's JSON object (name, language, components HEADER, BODY, FOOTER, BUTTONS).
    { name: 'template', title: 'Template (JSON)', type: 'component', component: FIELD_COMPONENTS.json },
  ],
});
