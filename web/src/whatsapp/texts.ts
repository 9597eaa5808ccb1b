/** The WhatsApp screens' texts (Portuguese; the spec quotes only 'Carregar templates', 'Enviar', 'Confirma o envio?' and 'Nenhum template fornecido.'). */
export const WHATSAPP_TEXTS = {
  loadTemplates: 'Carregar templates',
  loadingTemplates: 'Carregando templates…',
  loaded: (created: number, updated: number, unchanged: number) =>
    `Templates carregados: ${created} novo(s), ${updated} atualizado(s), ${unchanged} sem alteração.`,
  sendTest: 'Enviar mensagem de teste',
  testSent: (to: string) => `Mensagem de teste enviada para ${to}.`,
  previewTitle: 'Pré-visualização',
  previewInvalid: 'O JSON do template não é um template do WhatsApp (name, language e components).',
  placeholderHint: 'Os campos {{n}} são preenchidos no envio.',
  now: '10:24',
} as const;
