import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personaliseText, personalValues } from './personalise.js';
import { escapeHtml, RECIPIENT_TAGS, RECIPIENT_TEXT_TAGS, recipientSubstitutions, renderEmail } from './template.js';
import { fillCustomerVariables } from '../whatsapp/params.js';

const joana = { firstName: "Joana D'Ávila & Cia", lastName: '', email: 'joana@x.com' };

/** What SendGrid does with a personalization's substitutions (split/join, in order). */
const substitute = (text: string, subs: Record<string, string>) => Object.entries(subs).reduce((t, [k, v]) => t.split(k).join(v), text);

describe('one personalisation for both channels', () => {
  it('a batch e-mail subject arrives as plain text, the body escaped', () => {
    const rendered = renderEmail(
      { subject: 'Oferta para {{firstName}}', body: '<p>Olá, {{firstName}}</p>' },
      { recipient: RECIPIENT_TAGS, products: [], store: '' },
    );
    const subs = recipientSubstitutions({ ...joana, unsubscribeUrl: 'https://c/u?e=1&s=2' });
    expect(substitute(rendered.subject, subs)).toBe("Oferta para Joana D'Ávila & Cia");
    expect(substitute(rendered.html, subs)).toContain('<p>Olá, Joana D&#39;Ávila &amp; Cia</p>');
    expect(substitute(rendered.html, subs)).toContain('href="https://c/u?e=1&amp;s=2"');
  });
  it('a recipient without a name reads "cliente" in both channels', () => {
    const rendered = renderEmail({ subject: 'Oferta para {{firstName}}', body: 'x' }, { recipient: RECIPIENT_TAGS, products: [], store: '' });
    const subs = recipientSubstitutions({ firstName: '', lastName: '', email: 'a@b.c', unsubscribeUrl: 'u' });
    expect(substitute(rendered.subject, subs)).toBe('Oferta para cliente');
    expect(fillCustomerVariables('Oferta para {{firstName}}', {})).toBe('Oferta para cliente');
    expect(
      renderEmail(
        { subject: 'Oi {{name}}', body: 'x' },
        { recipient: { firstName: '', lastName: '', email: '', unsubscribeUrl: null }, products: [], store: '' },
      ).subject,
    ).toBe('Oi cliente');
  });
  it('tags are case-insensitive in both channels; unknown tags stay as written in plain text', () => {
    const email = renderEmail(
      { subject: '{{FirstName}} {{ LASTNAME }}', body: 'x' },
      { recipient: { ...joana, lastName: 'Silva', unsubscribeUrl: null }, products: [], store: '' },
    );
    expect(email.subject).toBe("Joana D'Ávila & Cia Silva");
    expect(fillCustomerVariables('{{FirstName}} {{ LASTNAME }} {{cupom}}', { ...joana, lastName: 'Silva' })).toBe("Joana D'Ávila & Cia Silva {{cupom}}");
  });
  it('a test e-mail (no unsubscribe URL) carries no unsubscribe footer', () => {
    const rendered = renderEmail({ subject: 's', body: '<p>oi</p>' }, { recipient: { ...joana, unsubscribeUrl: null }, products: [], store: '' });
    expect(rendered.html).toBe('<p>oi</p>');
  });
  it('for any name: plain text is the value itself, HTML is the escaped value, subject tags differ from body tags', () => {
    expect(new Set(Object.values(RECIPIENT_TEXT_TAGS)).size + new Set(Object.values(RECIPIENT_TAGS)).size).toBe(8);
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, last) => {
        const values = personalValues({ firstName: first, lastName: last });
        expect(personaliseText('{{firstName}}|{{lastName}}', { firstName: first, lastName: last })).toBe(`${values.firstName}|${values.lastName}`);
        expect(personaliseText('{{firstName}}', { firstName: first }, escapeHtml)).toBe(escapeHtml(values.firstName));
        expect(values.firstName.length).toBeGreaterThan(0);
        const subs = recipientSubstitutions({ firstName: first, lastName: last, email: '', unsubscribeUrl: null });
        expect(subs[RECIPIENT_TEXT_TAGS.firstName]).toBe(values.firstName);
        expect(subs[RECIPIENT_TAGS.firstName]).toBe(escapeHtml(values.firstName));
      }),
    );
  });
});
