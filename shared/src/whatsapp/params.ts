import { personaliseText } from '../campaigns/personalise.js';
import { placeholderCount, type WhatsappTemplate } from './template.js';

/**
 * A WhatsApp campaign's `whatsappTemplateParams` (raw text, spec document 3 §3): a JSON object
 * from the template's numbered placeholders to values —
 *   {"1": "{{firstName}}", "2": "CHURRAS15", "header.1": "Ofertas", "button.0": "QUERO_VER"}
 * "1", "2"… (or "body.1") fill the BODY's {{1}}, {{2}}…; "header.n" the HEADER's; "button.i" the
 * payload of the i-th button when it is a quick reply (default: the button's own text), or the
 * {{1}} of a URL button. Values may name the customer: {{firstName}}, {{lastName}}, {{name}},
 * {{email}} ('cliente' when the customer has no name).
 */
export interface TemplateParams {
  header: Record<number, string>;
  body: Record<number, string>;
  buttons: Record<number, string>;
}

export type ParamsResult = { ok: true; params: TemplateParams } | { ok: false; error: string };

export function parseTemplateParams(raw: unknown): ParamsResult {
  const params: TemplateParams = { header: {}, body: {}, buttons: {} };
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return { ok: true, params };
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw);
    } catch {
      return { ok: false, error: 'Parâmetros do template: JSON inválido.' };
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return { ok: false, error: 'Parâmetros do template: informe um objeto JSON, como {"1": "{{firstName}}"}.' };
  for (const [key, value] of Object.entries(data)) {
    const m = /^(?:(body|header|button)\.)?(\d+)$/.exec(key.trim());
    if (!m) return { ok: false, error: `Parâmetros do template: chave inválida "${key}" (use 1, header.1 ou button.0).` };
    if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, error: `Parâmetros do template: o valor de "${key}" deve ser texto.` };
    const where = m[1] === 'header' ? params.header : m[1] === 'button' ? params.buttons : params.body;
    where[Number(m[2])] = String(value);
  }
  return { ok: true, params };
}

export interface TemplateRecipient {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/**
 * {{firstName}}, {{lastName}}, {{name}} and {{email}} of the customer in a value: the one
 * personalisation of every channel (shared/src/campaigns/personalise.ts), plain text.
 */
export function fillCustomerVariables(text: string, customer: TemplateRecipient): string {
  return personaliseText(text, customer);
}

/** Cloud API message components (the `template.components` of a send). */
export type SendComponent =
  | { type: 'header' | 'body'; parameters: { type: 'text'; text: string }[] }
  | { type: 'button'; sub_type: 'quick_reply'; index: string; parameters: { type: 'payload'; payload: string }[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: { type: 'text'; text: string }[] };

export type ComponentsResult = { ok: true; components: SendComponent[] } | { ok: false; error: string };

/**
 * The components of one recipient's message: every placeholder of the template filled, quick-reply
 * payloads included. A placeholder without a value is refused here, before Meta would answer
 * 132000 for every recipient.
 */
export function buildSendComponents(template: WhatsappTemplate, params: TemplateParams, customer: TemplateRecipient): ComponentsResult {
  const components: SendComponent[] = [];
  for (const [type, values] of [
    ['HEADER', params.header],
    ['BODY', params.body],
  ] as const) {
    const component = template.components.find((c) => c.type === type);
    const count = placeholderCount(component?.text);
    if (count === 0) continue;
    const parameters: { type: 'text'; text: string }[] = [];
    for (let n = 1; n <= count; n++) {
      const value = values[n];
      if (value === undefined || value.trim() === '') {
        return { ok: false, error: `O template ${template.name} espera ${count} parâmetro(s) em ${type === 'BODY' ? 'BODY' : 'HEADER'}; falta o {{${n}}}.` };
      }
      parameters.push({ type: 'text', text: fillCustomerVariables(value, customer) });
    }
    components.push({ type: type === 'BODY' ? 'body' : 'header', parameters });
  }
  const buttons = template.components.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
  buttons.forEach((button, index) => {
    const kind = button.type.toUpperCase();
    const value = params.buttons[index];
    if (kind === 'QUICK_REPLY') {
      const payload = fillCustomerVariables(value ?? button.text, customer);
      components.push({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] });
    } else if (kind === 'URL' && placeholderCount(button.url) > 0) {
      components.push({
        type: 'button',
        sub_type: 'url',
        index: String(index),
        parameters: [{ type: 'text', text: fillCustomerVariables(value ?? '', customer) }],
      });
    }
  });
  const missingUrl = components.find((c) => c.type === 'button' && c.sub_type === 'url' && c.parameters[0]!.text === '');
  if (missingUrl)
    return { ok: false, error: `O template ${template.name} tem um botão de link com parâmetro; informe button.${(missingUrl as { index: string }).index}.` };
  return { ok: true, components };
}
