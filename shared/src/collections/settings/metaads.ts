import { defineSettings } from '../define.js';

export const metaadsSettings = defineSettings({
  id: 'metaads',
  title: 'Meta Ads',
  fields: [
    {
      name: 'pixels',
      title: 'Pixels',
      type: 'array_struct',
      fields: [
        { name: 'id', title: 'ID do pixel', type: 'text' },
        { name: 'conversionAccessToken', title: 'Token da API de conversões', type: 'text', secret: true },
      ],
    },
    { name: 'adAccountId', title: 'ID da conta de anúncios', type: 'text' },
    { name: 'mediaAccessToken', title: 'Token de acesso de mídia', type: 'text', secret: true },
  ],
});
