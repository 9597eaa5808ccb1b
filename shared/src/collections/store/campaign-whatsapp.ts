import { defineCollection } from '../define.js';
import { skuItemsField } from './sku-fields.js';

export const campaignWhatsapp = defineCollection({
  id: 'campaign-whatsapp',
  title: 'Campanhas de WhatsApp',
  group: 'campaign',
  labelField: 'name',
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    {
      name: 'whatsappTemplateId',
      title: 'Template de WhatsApp',
      type: 'select_nested',
      collection: 'whatsapp-template',
    },
    { name: 'whatsappTemplateParams', title: 'Parâmetros do template (bruto)', type: 'textarea', rows: 6 },
    { name: 'customerSegmentId', title: 'Segmento de clientes', type: 'select_nested', collection: 'customer-segment' },
    skuItemsField('batchs', 'Lotes'),
  ],
});
