import Mustache from 'mustache';
import { explainMustacheError } from './template-errors.js';
import { canonicalTags, personalValues } from './personalise.js';

/**
 * The one template engine of e-mails (Mustache): the preview ('Ver'), the test send ('Enviar
 * teste') and the campaign all render through `renderEmail`. Placeholders: {{firstName}},
 * {{lastName}}, {{name}}, {{email}}, {{unsubscribeUrl}}, {{store}}, and the campaign's products
 * from `batchs` as a section: {{#products}}{{name}} {{price}} {{url}} {{image}} {{sku}}{{/products}}.
 * Values are HTML-escaped in the body ({{{x}}} would not be: avoid it) and plain in the subject;
 * the customer tags follow the one personalisation policy (./personalise.ts: case-insensitive,
 * 'cliente' when the name is missing). A body without {{unsubscribeUrl}} gets an unsubscribe
 * footer, so every campaign e-mail carries the link; a test e-mail (`unsubscribeUrl: null`) has none.
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
  /** Null: no unsubscribe link at all (test e-mails: an operator must not unsubscribe themselves). */
  unsubscribeUrl: string | null;
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
export const RECIPIENT_TAGS = {
  firstName: '[%firstName%]',
  lastName: '[%lastName%]',
  email: '[%email%]',
  unsubscribeUrl: '[%unsubscribeUrl%]',
} satisfies Record<keyof RecipientFields, string>;
/** The same fields as plain text, for the subject (SendGrid substitutes subject and body alike). */
export const RECIPIENT_TEXT_TAGS = {
  firstName: '[%text:firstName%]',
  lastName: '[%text:lastName%]',
  email: '[%text:email%]',
  unsubscribeUrl: '[%text:unsubscribeUrl%]',
} satisfies Record<keyof RecipientFields, string>;
const NAME_TAGS = { html: '[%name%]', text: '[%text:name%]' };
const isTags = (r: RecipientFields) => r.firstName === RECIPIENT_TAGS.firstName || r.firstName === RECIPIENT_TEXT_TAGS.firstName;

export const UNSUBSCRIBE_TEXT = 'Não quer mais receber nossos e-mails? Descadastre-se';

function withUnsubscribeFooter(body: string, link: boolean): string {
  if (!link) return body;
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
  const subjectSource = canonicalTags(typeof template.subject === 'string' ? template.subject : '');
  const bodySource = canonicalTags(typeof template.body === 'string' ? template.body : '');
  const { recipient } = context;
  // Tags for a batch (the provider fills them in: plain ones in the subject); literal values otherwise.
  const view = (text: boolean) => ({
    ...(isTags(recipient)
      ? { ...(text ? RECIPIENT_TEXT_TAGS : RECIPIENT_TAGS), name: text ? NAME_TAGS.text : NAME_TAGS.html }
      : { ...personalValues(recipient), unsubscribeUrl: recipient.unsubscribeUrl ?? '' }),
    products: context.products,
    store: context.store,
  });
  const subject = render(subjectSource, view(true), 'assunto', (v: unknown) => String(v ?? ''));
  const html = render(withUnsubscribeFooter(bodySource, recipient.unsubscribeUrl !== null), view(false), 'corpo', escapeHtml, bodySource.length);
  if (!subject.trim()) throw new TemplateError('o assunto está vazio');
  return { subject: subject.replace(/\s+/g, ' ').trim(), html };
}

/**
 * The values a provider puts in for the tags: RECIPIENT_TAGS escaped for the HTML body,
 * RECIPIENT_TEXT_TAGS plain for the subject, the fallback policy applied to both.
 */
export function recipientSubstitutions(fields: RecipientFields): Record<string, string> {
  const values = personalValues(fields);
  const plain: Record<string, string> = { ...values, unsubscribeUrl: fields.unsubscribeUrl ?? '' };
  const out: Record<string, string> = { [NAME_TAGS.html]: escapeHtml(values.name), [NAME_TAGS.text]: values.name };
  for (const key of Object.keys(RECIPIENT_TAGS) as (keyof RecipientFields)[]) {
    out[RECIPIENT_TAGS[key]] = escapeHtml(plain[key]);
    out[RECIPIENT_TEXT_TAGS[key]] = plain[key]!;
  }
  return out;
}

/** Price in BRL, pt-BR. */
export function formatBrl(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }) : '';
}
