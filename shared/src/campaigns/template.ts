import Mustache from 'mustache';
import { explainMustacheError } from './template-errors.js';

/**
 * The one template engine of e-mails (Mustache): the preview ('Ver'), the test send ('Enviar
 * teste') and the campaign all render through `renderEmail`. Placeholders: {{firstName}},
 * {{lastName}}, {{name}}, {{email}}, {{unsubscribeUrl}}, {{store}}, and the campaign's products
 * from `batchs` as a section: {{#products}}{{name}} {{price}} {{url}} {{image}} {{sku}}{{/products}}.
 * Values are HTML-escaped ({{{x}}} would not be: avoid it). A body without {{unsubscribeUrl}} gets
 * an unsubscribe footer, so every e-mail carries the link.
 */

export interface TemplateProduct {
  sku: string;
  name: string;
  /** Formatted in BRL (R$ 1.234,56), empty when the product has no price. */
  price: string;
  url: string;
  image: string;
}

export interface RecipientFields {
  firstName: string;
  lastName: string;
  email: string;
  unsubscribeUrl: string;
}

export interface EmailTemplateInput {
  subject?: unknown;
  body?: unknown;
}

export interface RenderedEmail {
  subject: string;
  html: string;
}

/** Per-recipient fields of a batched send become these tags, replaced by the provider (SendGrid substitutions). */
export const RECIPIENT_TAGS: Record<keyof RecipientFields, string> = {
  firstName: '[%firstName%]',
  lastName: '[%lastName%]',
  email: '[%email%]',
  unsubscribeUrl: '[%unsubscribeUrl%]',
};

export const UNSUBSCRIBE_TEXT = 'Não quer mais receber nossos e-mails? Descadastre-se';

function withUnsubscribeFooter(body: string): string {
  if (/\{\{\{?\s*unsubscribeUrl\s*\}?\}\}/.test(body)) return body;
  return `${body}\n<p style="font-size:12px;color:#666">${UNSUBSCRIBE_TEXT} <a href="{{unsubscribeUrl}}">aqui</a>.</p>`;
}

/**
 * Mustache, without its partials and with a parse error turned into a Portuguese message (the
 * position counted in the `typed` text, before anything we appended to it).
 */
function render(text: string, view: Record<string, unknown>, where: string, escape: (value: unknown) => string, typedLength = text.length): string {
  try {
    return Mustache.render(text, view, {}, { escape });
  } catch (error) {
    throw new TemplateError(`${where}: ${explainMustacheError((error as Error).message, text, typedLength)}`, (error as Error).message);
  }
}

export class TemplateError extends Error {
  constructor(
    message: string,
    /** Mustache's own (English) message, for the logs. */
    readonly detail: string | null = null,
  ) {
    super(`Template inválido — ${message}.`);
    this.name = 'TemplateError';
  }
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Renders a template. `recipient` are literal values (preview, test) or RECIPIENT_TAGS (a batch:
 * the provider puts each recipient's values in); the subject is plain text (no escaping).
 */
export function renderEmail(template: EmailTemplateInput, context: { recipient: RecipientFields; products: TemplateProduct[]; store: string }): RenderedEmail {
  const subjectSource = typeof template.subject === 'string' ? template.subject : '';
  const bodySource = typeof template.body === 'string' ? template.body : '';
  const { recipient } = context;
  const view = {
    ...recipient,
    name: [recipient.firstName, recipient.lastName].filter(Boolean).join(' '),
    products: context.products,
    store: context.store,
  };
  const subject = render(subjectSource, view, 'assunto', (v: unknown) => String(v ?? ''));
  const html = render(withUnsubscribeFooter(bodySource), view, 'corpo', escapeHtml, bodySource.length);
  if (!subject.trim()) throw new TemplateError('o assunto está vazio');
  return { subject: subject.replace(/\s+/g, ' ').trim(), html };
}

/** The values a provider puts in for RECIPIENT_TAGS, escaped for the HTML body. */
export function recipientSubstitutions(fields: RecipientFields): Record<string, string> {
  return Object.fromEntries((Object.keys(RECIPIENT_TAGS) as (keyof RecipientFields)[]).map((key) => [RECIPIENT_TAGS[key], escapeHtml(fields[key])]));
}

/** Price in BRL, pt-BR. */
export function formatBrl(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }) : '';
}
