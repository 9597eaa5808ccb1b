import { options } from '../../../fields/builders.js';
import { defineSettings } from '../../define.js';
import { SHIPPING_PROVIDER_LABELS } from '../../settings/shipping.js';

export const CDLBOX_SHIPPING_PROVIDERS = ['free', 'frenet'] as const;

/** Document 3's shipping screen: one provider, free shipping or Frenet. */
export const cdlboxShippingSettings = defineSettings({
  id: 'shipping',
  title: 'Frete',
  fields: [
    {
      name: 'provider',
      title: 'Provedor',
      type: 'select',
      options: options(CDLBOX_SHIPPING_PROVIDERS, SHIPPING_PROVIDER_LABELS),
    },
  ],
});
