export const WHATSAPP_CAMPAIGN_TEXTS = {
  reportTitle: 'Relatório do WhatsApp',
  refresh: 'Atualizar relatório',
  loading: 'Carregando relatório…',
  notSent: 'Campanha ainda não enviada.',
  rows: {
    total: 'Destinatários',
    sent: 'Enviadas',
    delivered: 'Entregues',
    read: 'Lidas',
    failed: 'Falharam',
    optedOut: 'Descadastrados (131050)',
    unconfirmed: 'Aguardando status de entrega',
    unknown: 'Sem confirmação',
  },
  reasons: 'Motivos das falhas',
} as const;
