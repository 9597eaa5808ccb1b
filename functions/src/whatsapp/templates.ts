import { FieldValue } from 'firebase-admin/firestore';
import type { LoadWhatsappTemplatesResponse, WhatsappTemplate } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { WHATSAPP_API_URL } from '../params.js';
import { createWhatsappClient, WhatsappApiError } from './client.js';
import { readWabaConfig } from './config.js';
import { ApiError } from '../lib/api-error.js';

/**
 * The document id of a template: its name (Meta's names are [a-z0-9_], safe as ids), and
 * name--language for a language other than pt_BR, so each (name, language) pair is one document
 * and loading again finds it.
 */
export function templateDocId(template: Pick<WhatsappTemplate, 'name' | 'language'>): string {
  return template.language === 'pt_BR' ? template.name : `${template.name}--${template.language}`;
}

/** The stored `template` text: Meta's fields in a fixed order, pretty-printed as the seed keeps it. */
export function storedTemplateText(template: WhatsappTemplate): string {
  const { id, name, language, status, category, components, ...rest } = template;
  return JSON.stringify({ ...(id ? { id } : {}), name, language, status, ...(category ? { category } : {}), components, ...rest }, null, 2);
}

/**
 * 'Carregar templates': every APPROVED template of the project's WABA (all pages) upserted into
 * whatsapp-template/{templateDocId} with {id, wabaId, template}. Loading again updates what
 * changed and leaves the rest untouched; pending and rejected templates are not stored, and
 * templates no longer listed stay (campaigns may still name them).
 */
export async function loadTemplatesFromApi(project: string): Promise<LoadWhatsappTemplatesResponse> {
  const waba = await readWabaConfig(project);
  const client = createWhatsappClient({ baseUrl: WHATSAPP_API_URL.value(), token: waba.token });
  let all: WhatsappTemplate[];
  try {
    all = await client.listTemplates(waba.wabaId);
  } catch (error) {
    if (error instanceof WhatsappApiError) throw new ApiError(error.kind === 'auth' ? 412 : 502, error.message);
    throw error;
  }
  const approved = all.filter((t) => t.status.toUpperCase() === 'APPROVED');
  const byId = new Map(approved.map((t) => [templateDocId(t), t]));
  const collection = firestore.collection(`project/${project}/whatsapp-template`);
  const refs = [...byId.keys()].map((id) => collection.doc(id));
  const existing = refs.length ? await firestore.getAll(...refs) : [];
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const batch = firestore.batch();
  for (const snapshot of existing) {
    const template = byId.get(snapshot.id)!;
    const text = storedTemplateText(template);
    const data = snapshot.data();
    if (data && data.template === text && data.wabaId === waba.wabaId && data.id === snapshot.id) {
      unchanged += 1;
      continue;
    }
    const fields = { id: snapshot.id, wabaId: waba.wabaId, template: text, updatedAt: FieldValue.serverTimestamp() };
    if (data) {
      updated += 1;
      batch.set(snapshot.ref, fields, { merge: true });
    } else {
      created += 1;
      batch.set(snapshot.ref, { ...fields, createdAt: FieldValue.serverTimestamp() });
    }
  }
  // Under 500 writes: a WABA holds at most 250 templates per language in practice.
  if (created + updated > 0) await batch.commit();
  return { ok: true, approved: approved.length, created, updated, unchanged, skipped: all.length - approved.length, ids: [...byId.keys()] };
}
