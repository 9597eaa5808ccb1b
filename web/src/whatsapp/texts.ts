/** The WhatsApp screens' texts (Portuguese; the spec quotes only 'Carregar templates', 'Enviar', 'Confirma o envio?' and 'Nenhum template fornecido.'). */
export const WHATSAPP_TEXTS = {
  loadTemplates: 'Carregar templates',
  loadingTemplates: 'Carregando templates…',
  loaded: (created: number, updated: number, unchanged: number, withdrawn = 0) =>
    `Templates carregados: ${created} novo(s), ${updated} atualizado(s), ${unchanged} sem alteração` +
    (withdrawn ? `, ${withdrawn} indisponível(is) (removidos ou pausados na Meta).` : '.'),
  templateState: 'Situação na Meta',
  notSelectable: 'Não pode ser escolhido em campanhas até a Meta aprovar de novo.',
  askParameter: (where: string, n: number) => `Valor para {{${n}}} (${where}) da mensagem de teste:`,
  parameterMissing: 'Mensagem de teste cancelada: falta o valor de um parâmetro.',
  sendTest: 'Enviar mensagem de teste',
  testSent: (to: string) => `Mensagem de teste enviada para ${to}.`,
  previewTitle: 'Pré-visualização',
  previewInvalid: 'O JSON do template não é um template do WhatsApp (name, language e components).',
  placeholderHint: 'Os campos {{n}} são preenchidos no envio.',
  now: '10:24',
} as const;
