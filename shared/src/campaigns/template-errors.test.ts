import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { explainMustacheError, textPosition } from './template-errors.js';
import { renderEmail, TemplateError } from './template.js';

const recipient = { firstName: 'Ana', lastName: 'Lima', email: 'ana@exemplo.com.br', unsubscribeUrl: 'https://x/u' };
const refusal = (template: { subject: string; body: string }) => {
  try {
    renderEmail(template, { recipient, products: [], store: 'Loja' });
  } catch (error) {
    if (error instanceof TemplateError) return error.message;
    throw error;
  }
  return null;
};

describe('a broken e-mail template', () => {
  it('is explained in Portuguese, with where the problem is', () => {
    expect(refusal({ subject: 'Oi', body: '<p>Ofertas</p>\n{{#products}}{{name}}' })).toBe(
      'Template inválido — corpo: seção {{#products}} não fechada: falta {{/products}}.',
    );
    expect(refusal({ subject: 'Oi', body: 'a\n{{#products}}{{name}}{{/produtos}}' })).toBe(
      'Template inválido — corpo: seção {{#products}} não fechada: encontrado o fechamento de outra seção na linha 2, coluna 22.',
    );
    expect(refusal({ subject: 'Oi', body: 'x {{/products}}' })).toBe(
      'Template inválido — corpo: {{/products}} fecha uma seção que não foi aberta (falta {{#products}} antes, na linha 1, coluna 3).',
    );
    expect(refusal({ subject: 'Oi {{firstName', body: 'x' })).toBe('Template inválido — assunto: tag {{ sem o fechamento }} (aberta na linha 1, coluna 4).');
    expect(refusal({ subject: 'Oi', body: '{{=<% %>=}}x' })).toBeNull();
    expect(refusal({ subject: 'Oi', body: '{{=<%=}}x' })).toMatch(/^Template inválido — corpo: delimitadores inválidos em \{\{=…=\}\}/);
    expect(refusal({ subject: '', body: 'x' })).toBe('Template inválido — o assunto está vazio.');
  });

  it("never shows Mustache's English, whatever the template", () => {
    const pieces = fc.constantFrom('{{', '}}', '{{#a}}', '{{/a}}', '{{/b}}', '{{^a}}', '{{=', '=}}', '{{{', '}}}', 'x', '\n', '{{!c}}', '{{>p}}');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const message = refusal({ subject: 'Oi', body: parts.join('') });
        return message === null || (message.startsWith('Template inválido — corpo: ') && !/Unclosed|Unopened|Invalid|Cannot| at \d/.test(message));
      }),
    );
  });

  it('keeps an unknown error Portuguese', () => {
    expect(explainMustacheError('Something new', 'x')).toBe('o texto não segue a sintaxe do Mustache (veja as tags {{…}})');
  });

  it('counts lines and columns from 1', () => {
    expect(textPosition('ab\ncd', 0)).toBe('linha 1, coluna 1');
    expect(textPosition('ab\ncd', 4)).toBe('linha 2, coluna 2');
  });
});
