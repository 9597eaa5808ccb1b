import { options } from '../../fields/builders.js';
import { defineSettings } from '../define.js';

export const GOOGLE_ANALYTICS_TYPES = ['ga4', 'ua'] as const;

export const googleanalyticsSettings = defineSettings({
  id: 'googleanalytics',
  title: 'Google Analytics',
  fields: [
    {
      name: 'accounts',
      title: 'Contas',
      type: 'array_struct',
      fields: [
        {
          name: 'type',
          title: 'Tipo',
          type: 'select',
          options: options(GOOGLE_ANALYTICS_TYPES, { ga4: 'GA4', ua: 'Universal Analytics' }),
        },
        { name: 'property', title: 'Propriedade', type: 'text' },
        { name: 'propertyId', title: 'ID da propriedade', type: 'text' },
      ],
    },
  ],
});
