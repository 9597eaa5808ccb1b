import { describe, expect, it } from 'vitest';
import { RECIPIENT_TAGS, recipientSubstitutions, renderEmail, TemplateError } from './template.js';

const products = [{ sku: '1', name: 'Panela <Inox>', price: 'R$ 10,00', url: 'https://loja/p/1', image: '' }];
const recipient = { firstName: 'Ana', lastName: 'Souza', email: 'ana@x.com', unsubscribeUrl: 'https://c/u?e=1&s=2' };

describe('renderEmail', () => {
  it('fills the customer, the products (escaped) and appends the unsubscribe link when the body has none', () => {
    const out = renderEmail(
      { subject: 'Olá {{firstName}}', body: '<p>{{name}}</p>{{#products}}<b>{{name}}</b> {{price}}{{/products}}' },
      { recipient, products, store: 'Loja' },
    );
    expect(out.subject).toBe('Olá Ana');
    expect(out.html).toContain('<p>Ana Souza</p>');
    expect(out.html).toContain('<b>Panela &lt;Inox&gt;</b> R$ 10,00');
    expect(out.html).toContain('href="https://c/u?e=1&amp;s=2"');
  });
  it('keeps a body that places the link itself, and renders tags for a batch', () => {
    const out = renderEmail(
      { subject: 'Oi {{firstName}}', body: '<a href="{{unsubscribeUrl}}">sair</a>' },
      { recipient: RECIPIENT_TAGS, products: [], store: '' },
    );
    expect(out.html).toBe('<a href="[%unsubscribeUrl%]">sair</a>');
    expect(out.subject).toBe('Oi [%text:firstName%]');
    expect(recipientSubstitutions({ ...recipient, firstName: 'A&B' })['[%firstName%]']).toBe('A&amp;B');
  });
  it('refuses an empty subject and a broken template with a message', () => {
    expect(() => renderEmail({ subject: '', body: 'x' }, { recipient, products, store: '' })).toThrow(TemplateError);
    expect(() => renderEmail({ subject: 'x', body: '{{#products}}' }, { recipient, products, store: '' })).toThrow(/Template inválido/);
  });
});
