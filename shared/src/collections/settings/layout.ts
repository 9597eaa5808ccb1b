import type { StructField } from '../../fields/types.js';
import { defineSettings } from '../define.js';

export const COLOUR_SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;

const colourScale = (name: string, title: string): StructField => ({
  name,
  title,
  type: 'struct',
  fields: COLOUR_SHADES.map((shade) => ({ name: shade, title: shade, type: 'text', placeholder: '#000000' })),
});

export const layoutSettings = defineSettings({
  id: 'layout',
  title: 'Layout',
  fields: [
    {
      name: 'popup',
      title: 'Popup',
      type: 'struct',
      fields: [
        { name: 'visible', title: 'Visível', type: 'checkbox' },
        { name: 'banner', title: 'Banner', type: 'image', description: '350x400' },
        { name: 'coupon', title: 'Cupom', type: 'text' },
        { name: 'emailTemplateId', title: 'Template de e-mail', type: 'select_nested', collection: 'email-template' },
        {
          name: 'fields',
          title: 'Campos',
          type: 'struct',
          fields: [
            { name: 'email', title: 'E-mail', type: 'checkbox' },
            { name: 'phoneNumber', title: 'Telefone', type: 'checkbox' },
          ],
        },
      ],
    },
    {
      name: 'product',
      title: 'Selo do produto',
      type: 'struct',
      fields: [
        { name: 'visible', title: 'Visível', type: 'checkbox' },
        { name: 'coupon', title: 'Cupom', type: 'text' },
        { name: 'couponFlag', title: 'Selo do cupom', type: 'image', description: '184x66' },
        { name: 'couponDescription', title: 'Descrição do cupom', type: 'textarea' },
      ],
    },
    colourScale('primaryColor', 'Cor primária'),
    colourScale('secondaryColor', 'Cor secundária'),
  ],
});
