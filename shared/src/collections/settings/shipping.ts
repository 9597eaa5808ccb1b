import { options } from '../../fields/builders.js';
import { defineSettings } from '../define.js';

export const SHIPPING_PROVIDERS = ['frenet', 'kangu'] as const;
export const SHIPPING_PROVIDER_LABELS: Record<string, string> = { free: 'Frete grátis', frenet: 'Frenet', kangu: 'Kangu' };

export const shippingSettings = defineSettings({
  id: 'shipping',
  title: 'Frete',
  fields: [
    {
      name: 'providers',
      title: 'Provedores',
      type: 'array_struct',
      fields: [
        {
          name: 'provider',
          title: 'Provedor',
          type: 'select',
          options: options(SHIPPING_PROVIDERS, SHIPPING_PROVIDER_LABELS),
        },
      ],
    },
  ],
});
