import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import * as logs from './logs.js';
import { z } from 'zod';
import {
  CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION,
  PROJECT_COLLECTION,
  internationalPhoneKey,
  phoneKeyVariants,
  sameWhatsappUser,
  whatsappPhoneKey,
} from '@console/shared';
import { firestore } from '../lib/admin.js';
import { vendorDocId } from '../lib/vendor-doc-id.js';

/**
 * Customers' messages to the store's number (webhook `messages`, README 'Replies'): a text, a
 * quick-reply button answer (`button`) or an interactive reply. Each is stored once (by Meta's
 * message id) in the customer's conversation —
 *   project/{p}/conversation/{id}/message/{wamid}  {direction: 'inbound', text, payload, ...}
 * — recorded as a customer event (action 'whatsapp_reply', id wa-{wamid}), and, when it answers a
 * campaign message (context.id), marked on that campaign message record (`reply`). The sender's
 * number comes without the ninth digit for old Brazilian accounts; it is matched with and without.
 */

export const inboundMessageSchema = z.looseObject({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: z.string().optional(),
  type: z.string().default('text'),
  text: z.looseObject({ body: z.string() }).optional(),
  button: z.looseObject({ text: z.string().default(''), payload: z.string().optional() }).optional(),
  interactive: z
    .looseObject({
      type: z.string().optional(),
      button_reply: z.looseObject({ id: z.string().default(''), title: z.string().default('') }).optional(),
      list_reply: z.looseObject({ id: z.string().default(''), title: z.string().default('') }).optional(),
    })
    .optional(),
  context: z.looseObject({ id: z.string().optional(), from: z.string().optional() }).optional(),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

export const inboundContactSchema = z.looseObject({ wa_id: z.string(), profile: z.looseObject({ name: z.string().optional() }).optional() });

/** What a message says, as the conversation shows it. */
export function inboundContent(message: InboundMessage): { kind: 'text' | 'button' | 'other'; text: string; payload: string | null } {
  if (message.type === 'button' && message.button) return { kind: 'button', text: message.button.text, payload: message.button.payload ?? null };
  const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
  if (message.type === 'interactive' && reply) return { kind: 'button', text: reply.title, payload: reply.id || null };
  if (message.text) return { kind: 'text', text: message.text.body, payload: null };
  return { kind: 'other', text: `[${message.type}]`, payload: null };
}

interface CampaignLink {
  ref: DocumentReference;
  campaignId: string | null;
  customerId: string | null;
}

/** The campaign message a reply answers (context.id is Meta's id of our message), when it is one of ours to this sender. */
async function answeredCampaignMessage(base: string, contextId: string | undefined, from: string): Promise<CampaignLink | null> {
  if (!contextId) return null;
  const snap = await firestore.collection(`${base}/${CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION}`).where('messageId', '==', contextId).limit(1).get();
  const doc = snap.docs[0];
  if (!doc) return null;
  const data = doc.data();
  if (typeof data.phone === 'string' && !sameWhatsappUser(data.phone, from)) return null;
  return {
    ref: doc.ref,
    campaignId: typeof data.campaignId === 'string' ? data.campaignId : null,
    customerId: typeof data.customerId === 'string' ? data.customerId : null,
  };
}

/** The customer whose phoneNumber is this sender's number, however the store wrote it. */
async function customerByPhone(base: string, key: string): Promise<string | null> {
  const variants = phoneKeyVariants(key);
  if (!variants.length) return null;
  const snap = await firestore.collection(`${base}/customer`).where('phoneNumber', 'in', variants).limit(5).get();
  // Written as one of the key's own forms ('16315551181' is that key, not a Brazilian national number), or read the usual way.
  const match = snap.docs.find((d) => variants.includes(String(d.data().phoneNumber)) || whatsappPhoneKey(String(d.data().phoneNumber ?? '')) === key);
  return match?.id ?? null;
}

/**
 * The conversation of a customer (the existing one, as the seed and the storefront make them), or
 * one made for it: id `whatsapp-{customerId}`, or `whatsapp-{phone key}` for a number we do not know.
 * A deterministic id, so two messages arriving at once make one conversation.
 */
async function conversationFor(base: string, customerId: string | null, key: string): Promise<DocumentReference> {
  const collection = firestore.collection(`${base}/conversation`);
  if (customerId) {
    const found = await collection.where('customerId', '==', customerId).limit(1).get();
    if (found.docs[0]) return found.docs[0].ref;
  }
  return collection.doc(customerId ? `whatsapp-${customerId}` : `whatsapp-${key}`);
}

export type InboundOutcome = 'stored' | 'duplicate' | 'ignored';

export async function storeInboundMessage(project: string, message: InboundMessage, profileName: string | null): Promise<InboundOutcome> {
  // Meta's `from` is international (country code first): a number of any country is stored, under its own key.
  const key = internationalPhoneKey(message.from);
  if (!key) {
    logs.whatsappInboundIgnored(project, 'sender is not a phone number');
    return 'ignored';
  }
  // A wamid is base64 and may hold '/': never a raw document id.
  const docId = vendorDocId(message.id);
  const base = `${PROJECT_COLLECTION}/${project}`;
  const campaign = await answeredCampaignMessage(base, message.context?.id, key);
  const customerId = campaign?.customerId ?? (await customerByPhone(base, key));
  const conversation = await conversationFor(base, customerId, key);
  const content = inboundContent(message);
  const sentAt = message.timestamp && /^\d+$/.test(message.timestamp) ? new Date(Number(message.timestamp) * 1000) : new Date();
  const messageDoc = conversation.collection('message').doc(docId);
  try {
    await messageDoc.create({
      projectId: project,
      channel: 'whatsapp',
      direction: 'inbound',
      messageId: message.id,
      phone: key,
      profileName,
      customerId,
      kind: content.kind,
      text: content.text,
      payload: content.payload,
      contextMessageId: message.context?.id ?? null,
      campaignId: campaign?.campaignId ?? null,
      createdAt: sentAt,
      receivedAt: FieldValue.serverTimestamp(),
    });
  } catch (error) {
    // Meta redelivers: the message is already stored, and so is everything that follows it.
    if ((error as { code?: unknown }).code === ALREADY_EXISTS) return 'duplicate';
    throw error;
  }
  const last = { lastMessageAt: sentAt, lastMessageText: content.text, updatedAt: FieldValue.serverTimestamp() };
  await Promise.all([
    conversation.set({ customerId, phone: key, channel: 'whatsapp', ...last }, { merge: true }),
    firestore.doc(`${base}/customer-event/wa-${docId}`).set({
      id: `wa-${docId}`,
      project,
      projectId: project,
      customerId,
      action: 'whatsapp_reply',
      location: { url: `/console/conversation/${conversation.id}` },
      search: content.text,
      whatsapp: {
        messageId: message.id,
        kind: content.kind,
        payload: content.payload,
        campaignId: campaign?.campaignId ?? null,
        conversationId: conversation.id,
      },
      createdAt: sentAt,
    }),
    // The campaign recipient answered (the latest answer; every one is in the conversation).
    campaign
      ? campaign.ref.update({
          replied: true,
          repliedAt: sentAt,
          reply: { messageId: message.id, kind: content.kind, text: content.text, payload: content.payload, conversationId: conversation.id },
        })
      : null,
  ]);
  logs.whatsappInboundStored(project, key, conversation.id, campaign?.campaignId ?? null);
  return 'stored';
}

/** gRPC's status of a create whose document exists. */
const ALREADY_EXISTS = 6;
