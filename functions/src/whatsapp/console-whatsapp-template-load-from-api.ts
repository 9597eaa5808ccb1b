import { consoleWhatsappTemplateLoadFromApiEndpoint } from '@console/shared';
import type { LoadWhatsappTemplatesResponse } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';
import { loadTemplatesFromApi } from './templates.js';

/**
 * POST /api/console/whatsapp-template/load-from-api?project — 'Carregar templates' (document 3
 * §7): the approved templates of the project's WABA stored in whatsapp-template. The answer
 * (not shown by the spec) counts what was created, updated and left as it was.
 */
export const handleConsoleWhatsappTemplateLoadFromApi: Handler<typeof consoleWhatsappTemplateLoadFromApiEndpoint> = async ({
  project,
}): Promise<LoadWhatsappTemplatesResponse> => {
  return loadTemplatesFromApi(project);
};

export const consoleWhatsappTemplateLoadFromApi = serve(consoleWhatsappTemplateLoadFromApiEndpoint, handleConsoleWhatsappTemplateLoadFromApi);
