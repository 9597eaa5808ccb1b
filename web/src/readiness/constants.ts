import { READINESS_CHANNEL_LABELS, type ReadinessChannel } from '@console/shared';

/** The readiness texts (Portuguese; the spec is silent on readiness, issue 29 names the filter). */
export const READINESS_TEXTS = {
  section: 'Prontidão por canal',
  notEvaluated: 'Prontidão ainda não calculada para este produto.',
  ready: 'Pronto',
  allPassed: 'Todas as regras atendidas.',
  score: (score: number) => `${score}%`,
  channelSummary: (channel: string, score: number, failures: number) =>
    failures === 0 ? `${channel}: pronto (${score}%)` : `${channel}: ${score}%, ${failures} ${failures === 1 ? 'pendência' : 'pendências'}`,
  fixField: (label: string) => `Corrigir ${label}`,
  filterLabel: 'Prontidão',
  filterAll: 'Todos os produtos',
  notReadyFor: (channel: string) => `Não prontos para ${channel}`,
  rowReady: 'Pronto',
  rowNotReady: (channels: string[]) => `Pendente: ${channels.join(', ')}`,
  rowAria: (channels: string[]) => (channels.length ? `Não pronto para ${channels.join(', ')}` : 'Pronto para todos os canais'),
  rowUnknown: 'Prontidão não calculada',
} as const;

export const channelLabel = (channel: ReadinessChannel) => READINESS_CHANNEL_LABELS[channel];
