/**
 * What a send shows the operator when something fails (the send's `lastError`, a recipient's
 * reason, the test send's answer): always Portuguese. Vendors and libraries answer in English; the
 * known answers are translated, anything else gets a Portuguese sentence and its original text
 * goes to the logs only (`detail`).
 */

/** SendGrid's known refusal messages (Mail Send 4xx `errors[].message`), in Portuguese. */
const SENDGRID_REFUSALS: [RegExp, string][] = [
  [/verified Sender Identity/i, 'o remetente não é uma identidade verificada no SendGrid'],
  [
    /authorization grant is invalid|authorization required|permission denied|wrong credentials|access forbidden/i,
    'chave de API do SendGrid inválida, expirada ou sem permissão',
  ],
  [/maximum credits exceeded/i, 'créditos de envio do SendGrid esgotados'],
  [/valid address/i, 'endereço de e-mail inválido'],
  [/duplicate|unique/i, 'um endereço aparece mais de uma vez no mesmo lote'],
  [/more than 1000|no more than 1000/i, 'mais de 1.000 destinatários em um lote'],
  [/custom_args may not exceed/i, 'custom_args acima de 10.000 bytes'],
  [/content parameter is required|content.*required/i, 'e-mail sem conteúdo'],
  [/personalizations field is required/i, 'nenhum destinatário no lote'],
  [/from address|from\.email/i, 'remetente inválido'],
  [/subject/i, 'assunto inválido'],
];

/** A SendGrid refusal, in Portuguese (the English original belongs in the logs). */
export function sendgridRefusalText(message: string): string {
  return SENDGRID_REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? 'pedido recusado pelo SendGrid';
}

/** Node's and axios' network error codes, in Portuguese. */
const NETWORK_ERRORS: Record<string, string> = {
  ETIMEDOUT: 'tempo esgotado',
  ESOCKETTIMEDOUT: 'tempo esgotado',
  ECONNABORTED: 'tempo esgotado',
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão interrompida',
  EPIPE: 'conexão interrompida',
  ENOTFOUND: 'endereço do servidor não encontrado',
  EAI_AGAIN: 'endereço do servidor não encontrado',
};

/** A request that got no answer: why, in Portuguese. */
export function networkErrorText(code: unknown): string {
  return (typeof code === 'string' && NETWORK_ERRORS[code]) || 'falha de rede';
}

/** gRPC status codes of Firestore errors that pass: the next try usually works. */
const FIRESTORE_TRANSIENT = new Set([4, 8, 10, 14]); // DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, UNAVAILABLE

/**
 * An error the send job did not expect, for the operator: errors of ours marked as Portuguese keep
 * their message; Firestore's passing errors and anything else get a Portuguese sentence, with the
 * original text as `detail` for the logs.
 */
export function operatorSendError(error: unknown): { message: string; detail: string | null } {
  if (error instanceof OperatorSendError) return { message: error.message, detail: null };
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && FIRESTORE_TRANSIENT.has(code))
    return { message: 'Banco de dados ocupado ou indisponível no momento; o envio continua sozinho na próxima tentativa.', detail };
  if (typeof code === 'string' && code in NETWORK_ERRORS)
    return { message: `Falha de rede (${networkErrorText(code)}); o envio continua sozinho na próxima tentativa.`, detail };
  return { message: 'Erro inesperado no envio; ele continua sozinho na próxima tentativa (detalhes no registro do servidor).', detail };
}

/** A passing failure of ours whose message is already Portuguese (the send is retried). */
export class OperatorSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorSendError';
  }
}
