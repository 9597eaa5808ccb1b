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

/** A {{n}} of a template with no example value: where it is (header, body, a URL button) and its number. */
export interface MissingParameter {
  where: 'HEADER' | 'BODY' | 'URL';
  n: number;
  /** The URL button's index (only for 'URL'). */
  button?: number;
}

/** Asks the operator for the values the template has no example of, all at once: by `parameterKey`; null when cancelled. */
export type AskParameters = (missing: MissingParameter[]) => Promise<Record<string, string> | null>;

export const parameterKey = (p: MissingParameter) => `${p.where}-${p.button ?? 0}-${p.n}`;

type TestParams = { header: Record<number, string>; body: Record<number, string>; buttons: Record<number, string> };

/** The template's own example values (Meta keeps them in the JSON) and the {{n}} that have none. */
export function exampleParameters(template: WhatsappTemplate): { params: TestParams; missing: MissingParameter[] } {
  const examples = templateExamples(template);
  const params: TestParams = { header: { ...examples.header }, body: { ...examples.body }, buttons: {} };
  const missing: MissingParameter[] = [];
  for (const [type, values] of [
    ['HEADER', params.header],
    ['BODY', params.body],
  ] as const) {
    const count = placeholderCount(template.components.find((c) => c.type === type)?.text);
    for (let n = 1; n <= count; n++) if (!values[n]?.trim()) missing.push({ where: type, n });
  }
  const buttons = template.components.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
  for (const [index, button] of buttons.entries()) {
    if (button.type.toUpperCase() !== 'URL' || placeholderCount(button.url) === 0) continue;
    const example = (button as { example?: unknown }).example;
    const value = Array.isArray(example) ? String(example[0] ?? '') : typeof example === 'string' ? example : '';
    if (value.trim()) params.buttons[index] = value;
    else missing.push({ where: 'URL', n: 1, button: index });
  }
  return { params, missing };
}

/**
 * The values of a template's {{n}}: the template's own example values (example.header_text,
 * example.body_text, a URL button's example), the rest asked of the operator in one dialog. Null
 * when the operator cancels (or leaves a value empty).
 */
export async function testParameters(template: WhatsappTemplate, ask: AskParameters): Promise<TestParams | null> {
  const { params, missing } = exampleParameters(template);
  if (missing.length === 0) return params;
  const given = await ask(missing);
  if (!given) return null;
  for (const p of missing) {
    const value = given[parameterKey(p)];
    if (!value?.trim()) return null;
    if (p.where === 'HEADER') params.header[p.n] = value;
    else if (p.where === 'BODY') params.body[p.n] = value;
    else params.buttons[p.button ?? 0] = value;
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
export async function testMessageRequest(storedTemplate: unknown, ask: AskParameters = async () => null): Promise<WhatsappTestMessageRequest | null> {
  const template = parseStoredTemplate(storedTemplate);
  if (!template) return { to: '', type: 'template' };
  const params = await testParameters(template, ask);
  if (!params) return null;
  const built = buildSendComponents(template, params, {});
  const components = built.ok ? (built.components as unknown as Record<string, unknown>[]) : [];
  return { to: '', type: 'template', template: { name: template.name, language: { code: template.language || 'pt_BR' }, components } };
}

/** The test message, or null when the operator cancelled the parameters' dialog (nothing sent). */
export async function sendTestMessage(projectId: string, storedTemplate: unknown, ask: AskParameters): Promise<WhatsappTestMessageResponse | null> {
  const body = await testMessageRequest(storedTemplate, ask);
  if (!body) return null;
  return callApi(whatsappMessageEndpoint, { project: projectId, body });
}
