export const CAMPAIGN_TEXTS = {
  send: 'Enviar',
  confirmSend: 'Confirma o envio?',
  report: 'Relatório',
  started: 'Envio iniciado.',
  alreadyStarted: 'Esta campanha já foi enviada ou está em envio.',
  progress: (sent: number, total: number) => `${sent} de ${total} enviados`,
  leftOut: 'Fora do envio',
  failed: 'Falharam',
  optedOut: 'Descadastrados no provedor',
  lastError: 'Último problema',
  reportTitle: 'Relatório da campanha',
  notSent: 'Campanha ainda não enviada.',
} as const;
