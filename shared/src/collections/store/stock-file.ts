import { options } from '../../fields/builders.js';
import type { SelectField } from '../../fields/types.js';
import { defineCollection } from '../define.js';

/** Processing status of an uploaded stock file (shared with stock-trade-file). */
export const STOCK_FILE_STATUSES = ['success', 'queued', 'processing'] as const;
export const STOCK_FILE_STATUS_LABELS: Record<string, string> = {
  success: 'Concluído',
  queued: 'Fila',
  processing: 'Processando',
};
export const stockFileStatusField: SelectField = {
  name: 'status',
  title: 'Status',
  type: 'select',
  options: options(STOCK_FILE_STATUSES, STOCK_FILE_STATUS_LABELS),
};

export const STOCK_FILE_PARSERS = ['requintte-api', 'tramontina-xls'] as const;

export const stockFile = defineCollection({
  id: 'stock-file',
  title: 'Arquivos de estoque',
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
        { name: 'parser', title: 'Leitor', type: 'select', options: options(STOCK_FILE_PARSERS) },
        { name: 'file', title: 'Arquivo', type: 'file' },
      ],
    },
  ],
});
