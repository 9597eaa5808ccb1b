import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleWhatsappTemplateLoadFromApi } from './console-whatsapp-template-load-from-api.js';
import { whatsappMessage } from './whatsapp-message.js';
import { whatsappWebhook } from './whatsapp-webhook.js';
import { whatsappWebhookVerify } from './whatsapp-webhook-verify.js';

/** WhatsApp templates, the test message and the Cloud API webhook. */
export const endpoints: readonly ServedEndpoint[] = [consoleWhatsappTemplateLoadFromApi, whatsappMessage, whatsappWebhookVerify, whatsappWebhook];
