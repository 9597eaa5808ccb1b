import { defineCollection } from '../define.js';
import { stateField } from '../address.js';

export const carrierPricing = defineCollection({
  id: 'carrier-pricing',
  title: 'Tabelas de frete',
  group: 'stock',
  userDefinedId: true,
  labelField: 'name',
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'name', title: 'Nome', type: 'text' },
    {
      name: 'zipcodeRange',
      title: 'Faixas de CEP',
      type: 'array_struct',
      fields: [
        // CEPs stay text: leading zeros matter and 8-digit strings compare in order.
        { name: 'zipcodeStartAt', title: 'CEP inicial', type: 'text' },
        { name: 'zipcodeEndAt', title: 'CEP final', type: 'text' },
        stateField(),
        { name: 'region', title: 'Região', type: 'text' },
        { name: 'deadline', title: 'Prazo (dias)', type: 'number' },
        { name: 'shippingPrice', title: 'Valor do frete', type: 'number' },
        { name: 'shippingPriceKg', title: 'Valor por kg', type: 'number' },
      ],
    },
  ],
});
