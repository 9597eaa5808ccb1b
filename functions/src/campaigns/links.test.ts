import { describe, expect, it } from 'vitest';
import { unsubscribeUrl, verifyUnsubscribe } from './links.js';
import { previewTicket, verifyPreviewTicket } from './preview-ticket.js';
import { classifySendError } from './sendgrid-client.js';

describe('unsubscribe links', () => {
  it('unsubscribe exactly their address in their project', () => {
    const url = new URL(unsubscribeUrl('https://console.test', 's3cret', 'main', 'ana@x.com'));
    const [e, s] = [url.searchParams.get('e')!, url.searchParams.get('s')!];
    expect(url.pathname).toBe('/api/campaign-email/unsubscribe');
    expect(verifyUnsubscribe('s3cret', 'main', e, s)).toBe('ana@x.com');
    expect(verifyUnsubscribe('s3cret', 'cookstore', e, s)).toBeNull();
    expect(verifyUnsubscribe('other', 'main', e, s)).toBeNull();
    expect(verifyUnsubscribe('s3cret', 'main', Buffer.from('bia@x.com').toString('base64url'), s)).toBeNull();
  });
});

describe('preview tickets', () => {
  it('are bound to project, template and user, and expire after 5 minutes', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const ticket = previewTicket('k', 'main', 'black-friday', 'uid-1', now);
    expect(verifyPreviewTicket('k', 'main', 'black-friday', ticket, now + 60_000)).toBe('uid-1');
    expect(verifyPreviewTicket('k', 'main', 'outro', ticket, now)).toBeNull();
    expect(verifyPreviewTicket('k', 'cookstore', 'black-friday', ticket, now)).toBeNull();
    expect(verifyPreviewTicket('k', 'main', 'black-friday', ticket, now + 6 * 60_000)).toBeNull();
    expect(verifyPreviewTicket('k', 'main', 'black-friday', ticket.replace(/\.[^.]+$/, '.forged'), now)).toBeNull();
  });
});

describe('classifySendError', () => {
  const error = (code: number | string, headers: Record<string, string> = {}, body: unknown = {}, written = false) =>
    Object.assign(new Error('x'), { code, response: { headers, body }, request: { writableFinished: written } });
  it('sorts answers by HTTP status first: 429 and 5xx (with or without a body) not taken, other 4xx refused', () => {
    const now = 1_700_000_000_000;
    expect(classifySendError(error(429, { 'x-ratelimit-reset': String(now / 1000 + 3) }), now)).toMatchObject({
      kind: 'not-taken',
      status: 429,
      retryAtMs: now + 3000,
    });
    expect(classifySendError(error(429), now)).toMatchObject({ kind: 'not-taken', retryAtMs: now + 1000 });
    expect(classifySendError(error(503), now).kind).toBe('not-taken');
    expect(classifySendError(error(503, {}, undefined), now).kind).toBe('not-taken');
    expect(classifySendError(error(400, {}, { errors: [{ message: 'Each email address … duplicate', field: 'personalizations.1.to' }] }), now)).toMatchObject({
      kind: 'refused',
      status: 400,
      reason: 'um endereço aparece mais de uma vez no mesmo lote (HTTP 400)',
    });
  });
  it('no answer: not taken when the request was not written yet, unknown once it was', () => {
    expect(classifySendError(error('ECONNREFUSED')).kind).toBe('not-taken');
    expect(classifySendError(error('ECONNRESET', {}, {}, false)).kind).toBe('not-taken');
    expect(classifySendError(error('ECONNRESET', {}, {}, true)).kind).toBe('unknown');
    expect(classifySendError(error('ECONNABORTED')).kind).toBe('unknown');
  });
});
