import { whatsappMessageEndpoint, maskPhone, NO_TEMPLATE_MESSAGE, whatsappPhoneKey, type WhatsappTestMessageResponse } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { whatsappApiUrl } from '../config.js';
import { createWhatsappClient, WhatsappApiError } from './client.js';
import { readWabaConfig } from './config.js';
import { whatsappApiError } from './errors.js';
import { testOpaque } from './opaque.js';

/**
 * POST /whatsapp/message?project — the template test message (document 2 §7: `{functions
 * host}/whatsapp/message`; Hosting rewrites /whatsapp/** to the same function as /api/**). The
 * spec hard-codes the recipient; here it is the project's test number, config/waba
 * wabaTestPhoneNumber (set by an admin), whatever `to` the browser sends — so a console user cannot
 * message arbitrary numbers from the store's account.
 */
export const handleWhatsappMessage: Handler<typeof whatsappMessageEndpoint> = async ({ body, project }): Promise<WhatsappTestMessageResponse> => {
  const template = body.template;
  if (!template?.name?.trim()) throw new ApiError(400, NO_TEMPLATE_MESSAGE);
  const waba = await readWabaConfig(project);
  const to = whatsappPhoneKey(waba.testPhoneNumber);
  if (!to) throw new ApiError(412, 'Número para mensagens de teste não configurado (Configurações › WhatsApp Business).');
  const client = createWhatsappClient({ baseUrl: whatsappApiUrl(), token: waba.token });
  try {
    const sent = await client.sendTemplate(waba.phoneNumberId, {
      to,
      name: template.name.trim(),
      language: template.language.code,
      components: template.components,
      opaque: testOpaque(project),
    });
    return { ok: true, messageId: sent.messageId, to: maskPhone(to) };
  } catch (error) {
    if (error instanceof WhatsappApiError) throw whatsappApiError(error);
    throw error;
  }
};

export const whatsappMessage = serve(whatsappMessageEndpoint, handleWhatsappMessage);
