import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { networkErrorText, OperatorSendError, operatorSendError, sendgridRefusalText } from './send-errors.js';
import { classifySendError, sendgridErrorDetail } from './sendgrid-client.js';

const ENGLISH = /\b(the|does|not|error|failed|invalid|must|may|exceeded|timeout|socket|hang)\b/i;

describe("what a send's operator reads when it fails", () => {
  it('translates the refusals SendGrid writes in English', () => {
    expect(sendgridRefusalText('The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved.')).toBe(
      'o remetente não é uma identidade verificada no SendGrid',
    );
    expect(sendgridRefusalText('The provided authorization grant is invalid, expired, or revoked')).toBe(
      'chave de API do SendGrid inválida, expirada ou sem permissão',
    );
    expect(sendgridRefusalText('Does not contain a valid address. (personalizations.0.to.0.email)')).toBe('endereço de e-mail inválido');
    expect(sendgridRefusalText('Maximum credits exceeded')).toBe('créditos de envio do SendGrid esgotados');
    expect(sendgridRefusalText('Something SendGrid says tomorrow')).toBe('pedido recusado pelo SendGrid');
  });

  it("keeps SendGrid's own words apart, for the logs", () => {
    const body = { errors: [{ message: 'Does not contain a valid address.', field: 'personalizations.0.to.0.email' }] };
    const refused = classifySendError(Object.assign(new Error('Bad Request'), { code: 400, response: { body } }));
    expect(refused).toEqual({ kind: 'refused', status: 400, body, reason: 'endereço de e-mail inválido (HTTP 400)' });
    expect(sendgridErrorDetail(body)).toBe('Does not contain a valid address. (personalizations.0.to.0.email)');
    // No answer: the operator reads Portuguese whether or not the request had left.
    const reset = classifySendError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    expect(reset).toMatchObject({ kind: 'not-taken', reason: 'SendGrid: conexão recusada ou interrompida antes do envio' });
    const afterWrite = classifySendError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', request: { writableFinished: true } }));
    expect(afterWrite).toEqual({ kind: 'unknown', reason: 'SendGrid: conexão interrompida depois do envio' });
    for (const answer of [refused, reset, afterWrite]) expect('reason' in answer ? answer.reason : '').not.toMatch(ENGLISH);
  });

  it('says an unexpected error in Portuguese and keeps the technical text as detail', () => {
    const contention = Object.assign(new Error('10 ABORTED: Too much contention on these documents. Please try again.'), { code: 10 });
    expect(operatorSendError(contention)).toEqual({
      message: 'Banco de dados ocupado ou indisponível no momento; o envio continua sozinho na próxima tentativa.',
      detail: 'Error: 10 ABORTED: Too much contention on these documents. Please try again.',
    });
    expect(operatorSendError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })).message).toBe(
      'Falha de rede (conexão recusada); o envio continua sozinho na próxima tentativa.',
    );
    expect(operatorSendError(new OperatorSendError('Lote 2: SendGrid: HTTP 503'))).toEqual({ message: 'Lote 2: SendGrid: HTTP 503', detail: null });
    expect(networkErrorText(undefined)).toBe('falha de rede');
  });

  it('never passes English through, whatever was thrown', () => {
    fc.assert(
      fc.property(fc.string(), fc.oneof(fc.integer(), fc.string(), fc.constant(undefined)), (text, code) => {
        const shown = operatorSendError(Object.assign(new Error(`The request failed: ${text}`), { code }));
        return !ENGLISH.test(shown.message) && !shown.message.includes('The request failed');
      }),
    );
    fc.assert(fc.property(fc.string(), (text) => !ENGLISH.test(sendgridRefusalText(`The ${text} is invalid`))));
  });
});
