import { defineCollection } from '../define.js';

export const promotionRule = defineCollection({
  id: 'promotion-rule',
  title: 'Regras de promoção',
  group: 'pricing-rule',
  labelField: 'title',
  // Promotion scripts are the same logic in every store: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'description', title: 'Descrição', type: 'textarea' },
    { name: 'priority', title: 'Prioridade', type: 'number', description: 'Menor executa primeiro' },
    { name: 'function', title: 'Função (script)', type: 'textarea', rows: 20 },
  ],
});
