import { defineCollection } from '../define.js';
import { stockFileStatusField } from './stock-file.js';

export const stockTradeFile = defineCollection({
  id: 'stock-trade-file',
  title: 'Arquivos de estoque (trade)',
  group: 'stock',
  fields: [
    stockFileStatusField,
    { name: 'logFile', title: 'Log', type: 'file' },
    {
      name: 'tradeFiles',
      title: 'Arquivos',
      type: 'array_struct',
      fields: [
        { name: 'stock', title: 'Estoque', type: 'select_nested', collection: 'stock' },
        { name: 'file', title: 'Arquivo', type: 'file' },
      ],
    },
  ],
});
