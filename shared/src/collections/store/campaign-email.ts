import { defineCollection } from '../define.js';
import { skuItemsField } from './sku-fields.js';

export const campaignEmail = defineCollection({
  id: 'campaign-email',
  title: 'Campanhas de e-mail',
  group: 'campaign',
  labelField: 'name',
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    { name: 'emailTemplateId', title: 'Template de e-mail', type: 'select_nested', collection: 'email-template' },
    { name: 'customerSegmentId', title: 'Segmento de clientes', type: 'select_nested', collection: 'customer-segment' },
    skuItemsField('batchs', 'Lotes'),
  ],
});
