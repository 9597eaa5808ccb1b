/**
 * The campaign screens' one glossary: what each delivery figure is called and means, the provider
 * codes an operator meets (Meta's 131050), the reasons a recipient is left out, singular and
 * plural, and how counts are written (pt-BR, '1.060', the same in cards, tabs, tables and
 * sentences). The spec names none of these labels (document 2 §3–§4 gives only the flags
 * processed, dropped, bounced, delivered, opened, clicked), so they are ours, in Portuguese.
 */
import { formatNumber } from '../lib/format';

/** A count as every campaign screen writes it: 1060 → '1.060'. */
export function formatCount(n: number): string {
  return formatNumber(n, 0) || '0';
}

export interface GlossaryTerm {
  label: string;
  /** One sentence an operator can act on. */
  meaning: string;
}

/** E-mail delivery figures (SendGrid's events, document 2 §4 flags). */
export const EMAIL_TERMS = {
  sent: { label: 'Enviados', meaning: 'Aceitos pelo SendGrid para envio.' },
  processed: { label: 'Processados', meaning: 'O SendGrid preparou a mensagem para entrega.' },
  delivered: { label: 'Entregues', meaning: 'O servidor do destinatário recebeu o e-mail.' },
  opened: { label: 'Abertos', meaning: 'O destinatário abriu o e-mail (conta uma vez por pessoa).' },
  openings: { label: 'Aberturas', meaning: 'Quantas vezes o e-mail foi aberto.' },
  clicked: { label: 'Clicados', meaning: 'O destinatário clicou em um link do e-mail.' },
  clicks: { label: 'Cliques', meaning: 'Quantos cliques os links receberam.' },
  bounced: {
    label: 'Devolvidos',
    meaning: 'O servidor do destinatário recusou o e-mail (bounce): endereço inexistente, caixa cheia ou bloqueio.',
  },
  dropped: {
    label: 'Descartados',
    meaning: 'O SendGrid não tentou entregar: o endereço já tinha sido devolvido, descadastrado ou marcado como spam.',
  },
  unknown: {
    label: 'Sem confirmação',
    meaning: 'O provedor não confirmou nem negou o envio; não contam como enviados e não são reenviados.',
  },
} as const satisfies Record<string, GlossaryTerm>;

/** Meta's error codes the WhatsApp screens show, explained. */
export const WHATSAPP_CODES: Record<string, string> = {
  '131050':
    'a Meta recusou a mensagem porque o cliente pediu para não receber mensagens de marketing (código 131050); ele fica descadastrado e não recebe novas campanhas',
};

/** WhatsApp delivery figures (Meta's statuses). */
export const WHATSAPP_TERMS = {
  total: { label: 'Destinatários', meaning: 'Clientes do segmento com telefone, já tirados os que ficam fora do envio.' },
  sent: { label: 'Enviadas', meaning: 'A Meta aceitou a mensagem.' },
  delivered: { label: 'Entregues', meaning: 'A mensagem chegou ao telefone do cliente.' },
  read: { label: 'Lidas', meaning: 'O cliente abriu a mensagem (só quando ele mostra as confirmações de leitura).' },
  failed: { label: 'Falharam', meaning: 'A Meta recusou a mensagem; os motivos estão abaixo.' },
  optedOut: { label: 'Descadastrados no WhatsApp', meaning: `Para estes, ${WHATSAPP_CODES['131050']}.` },
  unconfirmed: { label: 'Aguardando status de entrega', meaning: 'Enviadas, sem status de entrega da Meta ainda.' },
  unknown: EMAIL_TERMS.unknown,
} as const satisfies Record<string, GlossaryTerm>;

/** Why a member of the segment is left out of a send: singular and plural. */
const LEFT_OUT: Record<string, [one: string, many: string]> = {
  unsubscribed: ['descadastrado', 'descadastrados'],
  competitor: ['concorrente', 'concorrentes'],
  'no-address': ['sem e-mail', 'sem e-mail'],
  'no-phone': ['sem telefone', 'sem telefone'],
  duplicate: ['endereço repetido', 'endereços repetidos'],
};

/** '2 descadastrados', '1 concorrente'; a reason not listed is written as it is. */
export function leftOutCount(reason: string, n: number): string {
  const forms = LEFT_OUT[reason];
  return `${formatCount(n)} ${forms ? forms[n === 1 ? 0 : 1] : reason}`;
}

/** 'Fora do envio: 2 descadastrados, 1 concorrente' — the reasons with a count above zero. */
export function leftOutSummary(counts: Readonly<Record<string, number>>, channel: 'email' | 'whatsapp' = 'email'): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => leftOutCount(channel === 'whatsapp' && reason === 'no-address' ? 'no-phone' : reason, n))
    .join(', ');
}
