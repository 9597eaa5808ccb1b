import { loadWhatsappTemplatesResponseSchema, type LoadWhatsappTemplatesResponse } from '@console/shared';
import { callApi } from '../lib/api';

/** 'Carregar templates': POST /api/console/whatsapp-template/load-from-api?project. */
export async function loadTemplatesFromApi(projectId: string): Promise<LoadWhatsappTemplatesResponse> {
  const answer = await callApi('/api/console/whatsapp-template/load-from-api', { method: 'POST', query: { project: projectId } });
  return loadWhatsappTemplatesResponseSchema.parse(answer);
}
