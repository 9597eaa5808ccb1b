import { consoleWhatsappTemplateLoadFromApiEndpoint, type LoadWhatsappTemplatesResponse } from '@console/shared';
import { callApi } from '../lib/api';

/** 'Carregar templates': POST /api/console/whatsapp-template/load-from-api?project. */
export async function loadTemplatesFromApi(projectId: string): Promise<LoadWhatsappTemplatesResponse> {
  return callApi(consoleWhatsappTemplateLoadFromApiEndpoint, { project: projectId });
}
