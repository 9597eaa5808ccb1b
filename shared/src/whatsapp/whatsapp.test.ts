import { describe, expect, it } from 'vitest';
import { buildSendComponents, fillCustomerVariables, parseTemplateParams } from './params.js';
import { maskPhone, samePhone, whatsappPhoneKey } from './phone.js';
import { isStatusForward } from './status.js';
import { parseStoredTemplate, placeholderCount, previewSegments, templateParts } from './template.js';

const TEMPLATE = parseStoredTemplate(
  JSON.stringify({
    name: 'oferta_churrasco',
    language: 'pt_BR',
    status: 'APPROVED',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Ofertas para {{1}}' },
      { type: 'BODY', text: 'Olá, {{1}}! Use o cupom {{2}}.' },
      { type: 'FOOTER', text: 'Responda SAIR' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Quero ver' },
          { type: 'QUICK_REPLY', text: 'Não' },
          { type: 'URL', text: 'Ver', url: 'https://x.test/{{1}}' },
        ],
      },
    ],
  }),
)!;

describe('phone keys (the ninth digit)', () => {
  it('gives a Brazilian mobile the same key with and without the ninth digit', () => {
    expect(whatsappPhoneKey('+55 (31) 98765-4321')).toBe('5531987654321');
    expect(whatsappPhoneKey('553187654321')).toBe('5531987654321');
    expect(whatsappPhoneKey('(31) 98765-4321')).toBe('5531987654321');
    expect(samePhone('+5511987654321', '551187654321')).toBe(true);
    expect(samePhone('+5511987654321', '551187654320')).toBe(false);
    // 11 4082-4979 is a landline: a 9 in front is another number.
    expect(samePhone('+5511940824979', '551140824979')).toBe(false);
  });
  it('leaves landlines and other countries alone, refuses what is not a number', () => {
    expect(whatsappPhoneKey('+55 11 3456-7890')).toBe('551134567890');
    expect(whatsappPhoneKey('+1 415 555 0100')).toBe('14155550100');
    expect(whatsappPhoneKey('123')).toBeNull();
    expect(whatsappPhoneKey(null)).toBeNull();
  });
  it('masks', () => {
    expect(maskPhone('5511999990001')).toBe('+55 11 *****-0001');
  });
});

describe('templates', () => {
  it('reads the parts and placeholders', () => {
    const parts = templateParts(TEMPLATE);
    expect(parts.header).toEqual({ format: 'TEXT', text: 'Ofertas para {{1}}' });
    expect(parts.footer).toBe('Responda SAIR');
    expect(parts.buttons.map((b) => b.type)).toEqual(['QUICK_REPLY', 'QUICK_REPLY', 'URL']);
    expect(placeholderCount(parts.body)).toBe(2);
    expect(previewSegments('Olá, {{1}}! Cupom {{2}}.', { 2: 'X' })).toEqual([
      { text: 'Olá, ' },
      { placeholder: 1 },
      { text: '! Cupom ' },
      { placeholder: 2, value: 'X' },
      { text: '.' },
    ]);
    expect(parseStoredTemplate('{not json')).toBeNull();
    expect(parseStoredTemplate({ name: 'x' })).toBeNull();
  });
});

describe('campaign parameters', () => {
  it('fills {{n}}, the customer, and the quick-reply payloads', () => {
    const params = parseTemplateParams('{"1": "{{firstName}}", "2": "CHURRAS15", "header.1": "{{name}}", "button.1": "NAO_{{firstName}}", "button.2": "abc"}');
    expect(params.ok).toBe(true);
    if (!params.ok) return;
    const built = buildSendComponents(TEMPLATE, params.params, { firstName: 'Ana', lastName: 'Rocha' });
    expect(built).toEqual({
      ok: true,
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'Ana Rocha' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'CHURRAS15' },
          ],
        },
        { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'Quero ver' }] },
        { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'NAO_Ana' }] },
        { type: 'button', sub_type: 'url', index: '2', parameters: [{ type: 'text', text: 'abc' }] },
      ],
    });
  });
  it('refuses a missing placeholder before Meta would (132000), and bad JSON', () => {
    const params = parseTemplateParams({ 1: 'x', 'header.1': 'h', 'button.2': 'u' });
    if (!params.ok) throw new Error(params.error);
    expect(buildSendComponents(TEMPLATE, params.params, {})).toEqual({
      ok: false,
      error: 'O template oferta_churrasco espera 2 parâmetro(s) em BODY; falta o {{2}}.',
    });
    expect(parseTemplateParams('{')).toEqual({ ok: false, error: 'Parâmetros do template: JSON inválido.' });
    expect(parseTemplateParams('{"x": 1}').ok).toBe(false);
  });
  it("names a customer without a name 'cliente'", () => {
    expect(fillCustomerVariables('Oi {{firstName}} {{email}}', { email: 'a@b.c' })).toBe('Oi cliente a@b.c');
  });
});

describe('statuses', () => {
  it('move forward only', () => {
    expect(isStatusForward(null, 'sent')).toBe(true);
    expect(isStatusForward('sent', 'read')).toBe(true);
    expect(isStatusForward('read', 'delivered')).toBe(false);
    expect(isStatusForward('delivered', 'failed')).toBe(true);
    expect(isStatusForward('failed', 'read')).toBe(false);
  });
});
