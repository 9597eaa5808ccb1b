import { DEFAULT_MESSAGES_PER_SECOND, parseWabaLimits, type WabaLimits } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { whatsappMessagesPerSecond } from '../config.js';
import { firestore } from '../lib/admin.js';

/**
 * project/{project}/config/waba (spec document 2 §3: wabaToken, wabaId, wabaPhoneNumberId,
 * wabaPhoneNumber), admin-only in firestore.rules and read here with the Admin SDK. Three members
 * the spec does not list: wabaAppSecret (the Meta app's secret, which signs the status webhooks),
 * wabaVerifyToken (the webhook subscription handshake) and wabaTestPhoneNumber (where the
 * template test message goes). None of them ever reaches the browser or the logs.
 */
export interface WabaConfig {
  token: string;
  wabaId: string;
  phoneNumberId: string;
  appSecret: string | null;
  verifyToken: string | null;
  testPhoneNumber: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

export function parseWabaConfig(data: Record<string, unknown> | undefined | null): { config: WabaConfig } | { missing: string[] } {
  const token = text(data?.wabaToken);
  const wabaId = text(data?.wabaId);
  const phoneNumberId = text(data?.wabaPhoneNumberId);
  const missing = [!token && 'wabaToken', !/^\d+$/.test(wabaId) && 'wabaId', !/^\d+$/.test(phoneNumberId) && 'wabaPhoneNumberId'].filter(Boolean) as string[];
  if (missing.length) return { missing };
  return {
    config: {
      token,
      wabaId,
      phoneNumberId,
      appSecret: text(data?.wabaAppSecret) || null,
      verifyToken: text(data?.wabaVerifyToken) || null,
      testPhoneNumber: text(data?.wabaTestPhoneNumber) || null,
    },
  };
}

/** Incomplete config: 412, the store is not set up yet (an admin fills Configurações → WhatsApp Business). */
export async function readWabaConfig(project: string): Promise<WabaConfig> {
  const snapshot = await firestore.doc(`project/${project}/config/waba`).get();
  const parsed = parseWabaConfig(snapshot.data());
  if ('missing' in parsed) throw new ApiError(412, `Configuração do WhatsApp incompleta: falta ${parsed.missing.join(', ')} em config/waba.`);
  return parsed.config;
}

/**
 * The pace and tier the WhatsApp send must keep (config/waba wabaMessagesPerSecond and
 * wabaMessagingTier; the WHATSAPP_MESSAGES_PER_SECOND param when the store set no pace): the one
 * reader of these limits, for the send job and the tier check on 'Enviar'.
 */
export async function readWabaLimits(project: string): Promise<WabaLimits> {
  const snapshot = await firestore.doc(`project/${project}/config/waba`).get();
  return parseWabaLimits(snapshot.data(), Number(whatsappMessagesPerSecond()) || DEFAULT_MESSAGES_PER_SECOND);
}
