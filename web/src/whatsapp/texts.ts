/** The WhatsApp screens' texts (Portuguese; the spec quotes only 'Carregar templates', 'Enviar', 'Confirma o envio?' and 'Nenhum template fornecido.'). */
export const WHATSAPP_TEXTS = {
  loadTemplates: 'Carregar templates',
  loadingTemplates: 'Carregando templates…',
  loaded: (created: number, updated: number, unchanged: number, withdrawn = 0) =>
    `Templates carregados: ${created} novo(s), ${updated} atualizado(s), ${unchanged} sem alteração` +
    (withdrawn ? `, ${withdrawn} indisponível(is) (removidos ou pausados na Meta).` : '.'),
  templateState: 'Situação na Meta',
  notSelectable: 'Não pode ser escolhido em campanhas até a Meta aprovar de novo.',
  parametersTitle: 'Valores da mensagem de teste',
  parametersHelp: 'O template não traz exemplo para estes parâmetros. Informe o valor de cada um para a mensagem de teste.',
  parameterLabel: (where: 'HEADER' | 'BODY' | 'URL', n: number) =>
    `Valor de {{${n}}} ${where === 'HEADER' ? 'no cabeçalho' : where === 'BODY' ? 'no corpo' : 'no link do botão'}`,
  parameterRequired: 'Informe um valor.',
  parametersCancel: 'Cancelar',
  parametersSend: 'Enviar teste',
  sendTest: 'Enviar mensagem de teste',
  testSent: (to: string) => `Mensagem de teste enviada para ${to}.`,
  previewTitle: 'Pré-visualização',
  previewInvalid: 'O JSON do template não é um template do WhatsApp (name, language e components).',
  placeholderHint: 'Os campos {{n}} são preenchidos no envio.',
  now: '10:24',
} as const;
