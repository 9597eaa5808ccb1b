export const WHATSAPP_CAMPAIGN_TEXTS = {
  reportTitle: 'Relatório do WhatsApp',
  refresh: 'Atualizar relatório',
  loading: 'Carregando relatório…',
  notSent: 'Campanha ainda não enviada.',
  reasons: 'Motivos das falhas',
} as const;
