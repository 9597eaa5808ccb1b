import {
  buildSendComponents,
  parseStoredTemplate,
  placeholderCount,
  templateExamples,
  whatsappMessageEndpoint,
  type WhatsappTemplate,
  type WhatsappTestMessageRequest,
  type WhatsappTestMessageResponse,
} from '@console/shared';
import { callApi } from '../lib/api';
import { WHATSAPP_TEXTS } from './texts';

/** Asks the operator for a value the template has no example of (null: cancelled). */
export type AskParameter = (where: 'HEADER' | 'BODY' | 'URL', n: number) => string | null;

/**
 * The values of a template's {{n}}: the template's own example values (Meta keeps them in the
 * JSON: example.header_text, example.body_text, a URL button's example), the rest asked of the
 * operator. Null when the operator cancels.
 */
export function testParameters(
  template: WhatsappTemplate,
  ask: AskParameter,
): { header: Record<number, string>; body: Record<number, string>; buttons: Record<number, string> } | null {
  const examples = templateExamples(template);
  const params = { header: { ...examples.header }, body: { ...examples.body }, buttons: {} as Record<number, string> };
  for (const [type, values] of [
    ['HEADER', params.header],
    ['BODY', params.body],
  ] as const) {
    const count = placeholderCount(template.components.find((c) => c.type === type)?.text);
    for (let n = 1; n <= count; n++) {
      if (values[n]?.trim()) continue;
      const given = ask(type, n);
      if (given === null || !given.trim()) return null;
      values[n] = given;
    }
  }
  const buttons = template.components.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
  for (const [index, button] of buttons.entries()) {
    if (button.type.toUpperCase() !== 'URL' || placeholderCount(button.url) === 0) continue;
    const example = (button as { example?: unknown }).example;
    const value = Array.isArray(example) ? String(example[0] ?? '') : typeof example === 'string' ? example : '';
    const given = value.trim() ? value : ask('URL', 1);
    if (given === null || !given.trim()) return null;
    params.buttons[index] = given;
  }
  return params;
}

/**
 * The test message of a template document (document 2 §7): POST /whatsapp/message?project with
 * {to, type: template, template {name, language {code}, components}}, the {{n}} filled from the
 * template's examples or by the operator (Meta refuses a template sent without them: 132000).
 * `to` is left empty: the server sends to the project's test number (config/waba). Without a
 * template name the server answers 'Nenhum template fornecido.', shown as is.
 */
export function testMessageRequest(storedTemplate: unknown, ask: AskParameter = () => null): WhatsappTestMessageRequest | null {
  const template = parseStoredTemplate(storedTemplate);
  if (!template) return { to: '', type: 'template' };
  const params = testParameters(template, ask);
  if (!params) return null;
  const built = buildSendComponents(template, params, {});
  const components = built.ok ? (built.components as unknown as Record<string, unknown>[]) : [];
  return { to: '', type: 'template', template: { name: template.name, language: { code: template.language || 'pt_BR' }, components } };
}

export async function sendTestMessage(projectId: string, storedTemplate: unknown, ask: AskParameter): Promise<WhatsappTestMessageResponse> {
  const body = testMessageRequest(storedTemplate, ask);
  if (!body) throw new Error(WHATSAPP_TEXTS.parameterMissing);
  return callApi(whatsappMessageEndpoint, { project: projectId, body });
}
