import { FieldValue } from 'firebase-admin/firestore';
import { z } from 'zod';
import { parseStoredTemplate, templateAvailability, type LoadWhatsappTemplatesResponse, type WhatsappTemplate } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { whatsappApiUrl } from '../config.js';
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
 * whatsapp-template/{templateDocId} with {id, wabaId, template, upstreamStatus, selectable}.
 * Loading again updates what changed and leaves the rest untouched; pending and rejected templates
 * are not stored. A stored template of this WABA that Meta no longer lists (deleted there) or lists
 * as not approved (paused, disabled, in appeal…) is kept — campaigns may still name it — but
 * marked: `selectable: false` (the campaign form no longer offers it), `upstreamStatus` (shown on
 * its screen) and the JSON's `status` (the send refuses a template that is not APPROVED).
 */
export async function loadTemplatesFromApi(project: string): Promise<LoadWhatsappTemplatesResponse> {
  const waba = await readWabaConfig(project);
  const client = createWhatsappClient({ baseUrl: whatsappApiUrl(), token: waba.token });
  let all: WhatsappTemplate[];
  try {
    all = await client.listTemplates(waba.wabaId);
  } catch (error) {
    if (error instanceof WhatsappApiError) throw new ApiError(error.kind === 'auth' ? 412 : 502, error.message);
    throw error;
  }
  const approved = all.filter((t) => t.status.toUpperCase() === 'APPROVED');
  const byId = new Map(approved.map((t) => [templateDocId(t), t]));
  const listed = new Map(all.map((t) => [templateDocId(t), t]));
  const collection = firestore.collection(`project/${project}/whatsapp-template`);
  const refs = [...byId.keys()].map((id) => collection.doc(id));
  const existing = refs.length ? await firestore.getAll(...refs) : [];
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  let removed = 0;
  let unusable = 0;
  let marked = 0;
  // Under 500 writes: a WABA holds at most 250 templates per language in practice.
  const batch = firestore.batch();
  // Stored templates of this WABA that Meta no longer offers as approved.
  const stored = await collection.where('wabaId', '==', waba.wabaId).get();
  for (const doc of stored.docs) {
    if (byId.has(doc.id)) continue;
    const upstream = listed.get(doc.id)?.status.toUpperCase() ?? 'DELETED';
    if (upstream === 'DELETED') removed += 1;
    else unusable += 1;
    if (doc.get('upstreamStatus') === upstream && doc.get('selectable') === false) continue;
    batch.set(doc.ref, markedFields(doc.get('template'), upstream), { merge: true });
    marked += 1;
  }
  for (const snapshot of existing) {
    const template = byId.get(snapshot.id)!;
    const text = storedTemplateText(template);
    const data = snapshot.data();
    if (data && data.template === text && data.wabaId === waba.wabaId && data.id === snapshot.id && data.selectable === true) {
      unchanged += 1;
      continue;
    }
    const fields = {
      id: snapshot.id,
      wabaId: waba.wabaId,
      template: text,
      upstreamStatus: 'APPROVED',
      selectable: true,
      upstreamReason: null,
      updatedAt: FieldValue.serverTimestamp(),
    };
    if (data) {
      updated += 1;
      batch.set(snapshot.ref, fields, { merge: true });
    } else {
      created += 1;
      batch.set(snapshot.ref, { ...fields, createdAt: FieldValue.serverTimestamp() });
    }
  }
  if (created + updated + marked > 0) await batch.commit();
  return {
    ok: true,
    approved: approved.length,
    created,
    updated,
    unchanged,
    skipped: all.length - approved.length,
    ids: [...byId.keys()],
    removed,
    unusable,
  };
}

/** The fields that mark a stored template with Meta's state: its JSON's status too, so a send refuses it. */
function markedFields(storedTemplate: unknown, upstream: string, reason: string | null = null): Record<string, unknown> {
  const template = parseStoredTemplate(storedTemplate);
  const selectable = templateAvailability(upstream).selectable;
  const status = selectable ? 'APPROVED' : upstream;
  return {
    upstreamStatus: status,
    upstreamReason: reason,
    selectable,
    ...(template ? { template: storedTemplateText({ ...template, status }) } : {}),
    updatedAt: FieldValue.serverTimestamp(),
  };
}

/** message_template_status_update (Meta's webhook field) as the webhook body carries it. */
export const templateStatusSchema = z.looseObject({
  event: z.string().min(1),
  message_template_id: z.union([z.string(), z.number()]).transform(String).optional(),
  message_template_name: z.string().min(1),
  message_template_language: z.string().min(1),
  reason: z.string().nullable().optional(),
});

/**
 * A language code in the Graph API's form (`pt_BR`, `en_US`, `en`), the form templates are listed,
 * sent and stored in. The template status webhook writes the locale with a hyphen (`pt-BR`, `en-US`:
 * Meta's message_template_status_update reference and its example), so both are read.
 */
export function graphLanguageCode(code: string): string {
  return code.trim().replace(/-/g, '_');
}

/**
 * A template's status change from Meta (APPROVED, PAUSED, DISABLED, REJECTED, FLAGGED, DELETED …),
 * applied to the stored template as 'Carregar templates' would: true when a stored template took it.
 */
export async function applyTemplateStatus(project: string, change: z.infer<typeof templateStatusSchema>): Promise<boolean> {
  const id = templateDocId({ name: change.message_template_name, language: graphLanguageCode(change.message_template_language) });
  if (id.includes('/')) return false;
  const ref = firestore.doc(`project/${project}/whatsapp-template/${id}`);
  const snapshot = await ref.get();
  if (!snapshot.exists) return false;
  const upstream = change.event.toUpperCase();
  await ref.set(markedFields(snapshot.get('template'), upstream, change.reason && change.reason !== 'NONE' ? change.reason : null), { merge: true });
  return true;
}
