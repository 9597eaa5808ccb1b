import { IMPORT_RECORD_TEXTS } from '@console/shared';

/**
 * Texts of CSV import and export. Spec strings (document 2 §8) are verbatim; the others are ours,
 * in the same voice, where the spec is silent.
 */
export const CSV_TEXTS = {
  // Verbatim from the spec; the record messages are the import endpoint's too.
  ...IMPORT_RECORD_TEXTS,
  wrongFileType: 'Por favor, selecione um arquivo CSV',
  interrupted: 'Importação interrompida',
  // Ours.
  badNumber: (column: string, text: string) => `Número inválido em ${column}: "${text}"`,
  badDate: (column: string, text: string) => `Data inválida em ${column}: "${text}" (use AAAA-MM-DD ou DD/MM/AAAA)`,
  badDatetime: (column: string, text: string) =>
    `Data e hora inválidas em ${column}: "${text}" (use AAAA-MM-DDTHH:mm:ss, AAAA-MM-DD HH:mm:ss ou DD/MM/AAAA HH:mm:ss)`,
  badJson: (column: string, reason: string) => `JSON inválido em ${column}: ${reason}`,
  unknownColumn: (header: string) => `Coluna desconhecida: ${header}`,
  emptyFile: 'O arquivo não tem registros',
} as const;

/** The collection list's CSV buttons, verbatim from the spec (document 2 §8). */
export const CSV_BUTTON_TEXTS = {
  exportCsv: 'Export CSV',
  importCsv: 'Import CSV',
} as const;
