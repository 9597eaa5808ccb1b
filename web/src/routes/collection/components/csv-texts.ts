import { formatNumber } from '../../../lib/format';

const formatInteger = (n: number) => formatNumber(n, 0);

/** Texts of the CSV dialog and buttons that the spec does not give (Portuguese, ours). */
export const CSV_UI_TEXTS = {
  exporting: (read: number) => `Exportando… ${formatInteger(read)}`,
  exportFailed: 'Não foi possível exportar o CSV',
  title: (collection: string) => `Importar CSV — ${collection}`,
  fileLabel: 'Arquivo CSV',
  checking: 'Lendo o arquivo…',
  willWrite: (created: number, updated: number) =>
    `Serão criados ${formatInteger(created)} registros e atualizados ${formatInteger(updated)}.`,
  willSkip: (errors: number, ignored: number) =>
    `${formatInteger(errors)} linhas com erro e ${formatInteger(ignored)} ignoradas não serão importadas.`,
  previewCaption: 'Primeiros 10 registros',
  resultsLabel: 'Resultado por linha',
  unknownColumns: 'Colunas desconhecidas (linhas com valor nelas não serão importadas):',
  invalidIds: 'IDs inválidos (linhas ignoradas):',
  invalidIdLine: (line: number, id: string, characters: string[]) => `Linha ${line}: "${id}" — ${characters.join(' ')}`,
  brand: 'Marca',
  start: 'Iniciar importação',
  otherFile: 'Escolher outro arquivo',
  pause: 'Pausar',
  resume: 'Continuar',
  stop: 'Parar',
  stopping: 'Parando…',
  pausing: 'Pausando…',
  paused: 'Pausado',
  progress: (done: number, total: number) => `${formatInteger(done)} de ${formatInteger(total)} registros`,
  finished: 'Importação concluída',
  created: 'Criados',
  updated: 'Atualizados',
  errors: 'Erros',
  ignored: 'Ignorados',
  line: (line: number) => `Linha ${line}`,
  outcome: { created: 'Criado', updated: 'Atualizado', error: 'Erro', ignored: 'Ignorado' },
  more: (n: number) => `… e mais ${formatInteger(n)}`,
  notImported: 'Linhas não importadas:',
  downloadNotImported: 'Baixar linhas não importadas',
  close: 'Fechar',
} as const;
