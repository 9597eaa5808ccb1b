import { defineCollection } from '../define.js';

/** cdlbox sells courses and events from a single stock, keyed `cdlbox`. */
export const cdlboxProduct = defineCollection({
  id: 'product',
  title: 'Produtos',
  group: 'catalog',
  userDefinedId: true,
  // The readiness the trigger stores (functions/src/readiness; firestore.rules: every store's products).
  serverFields: ['readiness'],
  // The spec asks for a partial-name filter, but Firestore has no substring search: the list
  // filters by name prefix (a range on ProductSiteName), under the label the spec gives.
  filter: { field: 'ProductSiteName', mode: 'prefix', label: 'Código do produto' },
  labelField: 'ProductSiteName',
  fields: [
    { name: 'id', title: 'Código do produto', type: 'text' },
    { name: 'ProductSiteName', title: 'Nome', type: 'text' },
    { name: 'Slug', title: 'Slug', type: 'text' },
    {
      name: 'images',
      title: 'Imagens',
      type: 'array_struct',
      fields: [{ name: 'image', title: 'Imagem', type: 'image' }],
    },
    { name: 'content', title: 'Conteúdo', type: 'editor' },
    { name: 'Price', title: 'Preço', type: 'number', description: 'Decimal com ponto (ex.: 199.90)' },
    {
      name: 'Options',
      title: 'Opções',
      type: 'struct',
      fields: [
        { name: 'displayPriority', title: 'Prioridade de exibição', type: 'number', description: 'Maior aparece primeiro' },
        { name: 'isFree', title: 'Gratuito', type: 'checkbox' },
        { name: 'canSell', title: 'Pode vender', type: 'checkbox' },
        { name: 'isEvent', title: 'É evento', type: 'checkbox' },
        { name: 'eventDate', title: 'Data do evento', type: 'datetime' },
        {
          name: 'maxInstallments',
          title: 'Máximo de parcelas',
          type: 'number',
          description: 'No carrinho vale o menor valor entre os produtos',
        },
      ],
    },
    {
      name: 'Stock',
      title: 'Estoque',
      type: 'struct',
      fields: [
        {
          name: 'cdlbox',
          title: 'cdlbox',
          type: 'struct',
          fields: [{ name: 'qty', title: 'Quantidade', type: 'number' }],
        },
      ],
    },
    { name: 'isActiveAbout', title: 'Monitor de ativação', type: 'text', readOnly: true },
  ],
});
