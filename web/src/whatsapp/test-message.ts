import { parseStoredTemplate, whatsappMessageEndpoint, type WhatsappTestMessageRequest, type WhatsappTestMessageResponse } from '@console/shared';
import { callApi } from '../lib/api';

/**
 * The test message of a template document (document 2 §7): POST /whatsapp/message?project with
 * {to, type: template, template {name, language {code}, components []}}. `to` is left empty: the
 * server sends to the project's test number (config/waba). Without a template name the server
 * answers 'Nenhum template fornecido.', shown as is.
 */
export function testMessageRequest(storedTemplate: unknown): WhatsappTestMessageRequest {
  const template = parseStoredTemplate(storedTemplate);
  if (!template) return { to: '', type: 'template' };
  return { to: '', type: 'template', template: { name: template.name, language: { code: template.language || 'pt_BR' }, components: [] } };
}

export async function sendTestMessage(projectId: string, storedTemplate: unknown): Promise<WhatsappTestMessageResponse> {
  return callApi(whatsappMessageEndpoint, { project: projectId, body: testMessageRequest(storedTemplate) });
}
