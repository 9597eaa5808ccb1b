export const SETTINGS_TEXTS = {
  title: 'Configurações',
  notFound: 'Configuração não encontrada',
  adminOnly: 'Somente administradores podem abrir esta configuração.',
  noSelection: 'Selecione uma configuração na lista.',
  none: 'Nenhuma configuração disponível para este projeto.',
} as const;
