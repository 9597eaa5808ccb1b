import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';
import { skuItemsField } from './sku-fields.js';

export const RATING_CHANNELS = ['site', 'mercadolivre', 'shopee', 'amazon', 'googlebusiness', 'internet-tramontinastore', 'internet-amazon'] as const;
const RATING_CHANNEL_LABELS: Record<string, string> = {
  site: 'Site',
  mercadolivre: 'Mercado Livre',
  shopee: 'Shopee',
  amazon: 'Amazon',
  googlebusiness: 'Google Meu Negócio',
  'internet-tramontinastore': 'Internet (Tramontina Store)',
  'internet-amazon': 'Internet (Amazon)',
};

export const ratingStore = defineCollection({
  id: 'rating-store',
  title: 'Avaliações da loja',
  group: 'customer',
  orderBy: { field: 'createdAt', direction: 'desc' },
  labelField: 'comment',
  fields: [
    { name: 'channel', title: 'Canal', type: 'select', options: options(RATING_CHANNELS, RATING_CHANNEL_LABELS) },
    {
      name: 'customer',
      title: 'Cliente',
      type: 'struct',
      fields: [
        { name: 'name', title: 'Nome', type: 'text' },
        { name: 'image', title: 'Foto', type: 'image' },
      ],
    },
    { name: 'ratedAt', title: 'Avaliado em', type: 'datetime' },
    // The spec labels the range without enforcing it, so it stays a hint.
    { name: 'score', title: 'Nota', type: 'number', description: '1 a 5' },
    { name: 'comment', title: 'Comentário', type: 'textarea' },
    { name: 'orderId', title: 'Pedido', type: 'text' },
    skuItemsField('products', 'Produtos'),
    {
      name: 'images',
      title: 'Imagens',
      type: 'array_struct',
      fields: [{ name: 'image', title: 'Imagem', type: 'image' }],
    },
  ],
});
