import type { FieldDefinition } from '../../fields/types.js';
import { defineCollection } from '../define.js';

/** A seal shown on the product price or on the shipping quote. */
const sealFields: FieldDefinition[] = [
  { name: 'visible', title: 'Visível', type: 'checkbox' },
  { name: 'couponCode', title: 'Cupom', type: 'text' },
  { name: 'image', title: 'Imagem', type: 'image', description: '184x66' },
  { name: 'description', title: 'Descrição', type: 'textarea' },
];

export const layoutRule = defineCollection({
  id: 'layout-rule',
  title: 'Banners',
  group: 'pricing-rule',
  labelField: 'name',
  // Banners and popups are campaign material shown in every store: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    { name: 'parent', title: 'Pai', type: 'select_nested', collection: 'layout-rule' },
    { name: 'order', title: 'Ordem', type: 'number' },
    { name: 'isActive', title: 'Ativo', type: 'checkbox' },
    // Date parts, customer id and e-mail, IP region, shipping zipcode and region, event name and URL, product attributes.
    { name: 'rules', title: 'Condições', type: 'condition', attributes: 'layout' },
    {
      name: 'options',
      title: 'Opções',
      type: 'struct',
      fields: [{ name: 'oneTime', title: 'Exibir uma única vez', type: 'checkbox' }],
    },
    {
      name: 'popup',
      title: 'Popup',
      type: 'struct',
      fields: [
        { name: 'visible', title: 'Visível', type: 'checkbox' },
        { name: 'banner', title: 'Banner', type: 'image', description: '350x400' },
        { name: 'couponCode', title: 'Cupom', type: 'text' },
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
    { name: 'productPriceFlag', title: 'Selo no preço do produto', type: 'struct', fields: sealFields },
    { name: 'shippingQuoteFlag', title: 'Selo na cotação de frete', type: 'struct', fields: sealFields },
  ],
});
