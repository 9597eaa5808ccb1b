import { z } from 'zod';

/**
 * WhatsApp message templates as the Cloud API lists them (GET /{waba-id}/message_templates) and as
 * the whatsapp-template collection stores them (the `template` field, JSON text): name, language,
 * status, category and the components HEADER, BODY, FOOTER and BUTTONS. Texts carry numbered
 * placeholders {{1}}, {{2}}… filled at send time.
 */
export const templateButtonSchema = z.looseObject({
  type: z.string(),
  text: z.string().default(''),
  url: z.string().optional(),
  phone_number: z.string().optional(),
});
export const templateComponentSchema = z.looseObject({
  type: z.string().transform((t) => t.toUpperCase()),
  format: z.string().optional(),
  text: z.string().optional(),
  buttons: z.array(templateButtonSchema).optional(),
});
export const whatsappTemplateSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().min(1),
  language: z.string().min(1),
  status: z.string().default('APPROVED'),
  category: z.string().optional(),
  components: z.array(templateComponentSchema).default([]),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

/** The stored `template` field (JSON text, or an object) as a template, or null when it is not one. */
export function parseStoredTemplate(value: unknown): WhatsappTemplate | null {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = whatsappTemplateSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** The highest {{n}} in a text: how many parameters it takes. */
export function placeholderCount(text: string | undefined): number {
  let max = 0;
  for (const m of (text ?? '').matchAll(PLACEHOLDER)) max = Math.max(max, Number(m[1]));
  return max;
}

/** A text cut into literal runs and {{n}} placeholders (with the value when one is given). */
export type PreviewSegment = { text: string } | { placeholder: number; value?: string };
export function previewSegments(text: string, values: Record<number, string> = {}): PreviewSegment[] {
  const segments: PreviewSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index! > last) segments.push({ text: text.slice(last, m.index) });
    const n = Number(m[1]);
    segments.push(values[n] !== undefined ? { placeholder: n, value: values[n] } : { placeholder: n });
    last = m.index! + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}

/** The parts of a template a message shows, in the order a phone shows them. */
export interface TemplateParts {
  header: { format: string; text?: string } | null;
  body: string;
  footer: string | null;
  buttons: { type: string; text: string; url?: string }[];
}
export function templateParts(template: WhatsappTemplate): TemplateParts {
  const find = (type: string) => template.components.find((c) => c.type === type);
  const header = find('HEADER');
  return {
    header: header ? { format: (header.format ?? 'TEXT').toUpperCase(), ...(header.text !== undefined ? { text: header.text } : {}) } : null,
    body: find('BODY')?.text ?? '',
    footer: find('FOOTER')?.text ?? null,
    buttons: (find('BUTTONS')?.buttons ?? []).map((b) => ({ type: b.type.toUpperCase(), text: b.text, ...(b.url ? { url: b.url } : {}) })),
  };
}

/**
 * The template's own example values ({{n}} → example), from `example.body_text` and
 * `example.header_text` as Meta keeps them: what the preview shows when asked to.
 */
export function templateExamples(template: WhatsappTemplate): { header: Record<number, string>; body: Record<number, string> } {
  const pick = (type: string, key: string): Record<number, string> => {
    const example = (template.components.find((c) => c.type === type) as { example?: Record<string, unknown> } | undefined)?.example;
    const raw = example?.[key];
    const list = Array.isArray(raw) ? (Array.isArray(raw[0]) ? raw[0] : raw) : [];
    return Object.fromEntries(list.map((v, i) => [i + 1, String(v)]));
  };
  return { header: pick('HEADER', 'header_text'), body: pick('BODY', 'body_text') };
}

/**
 * Whether a template in Meta's state may be chosen for a campaign, and how its state reads. Only
 * APPROVED templates are sent; a template deleted at Meta (gone from the list on 'Carregar
 * templates', or a DELETED status webhook) or paused, disabled, flagged, pending or rejected there
 * is kept but withdrawn from choice until Meta approves it again.
 */
export const TEMPLATE_STATE_LABELS: Record<string, string> = {
  APPROVED: 'Aprovado',
  DELETED: 'Removido na Meta',
  PAUSED: 'Pausado pela Meta',
  DISABLED: 'Desativado pela Meta',
  FLAGGED: 'Sinalizado pela Meta',
  REJECTED: 'Rejeitado pela Meta',
  PENDING: 'Em análise na Meta',
  PENDING_DELETION: 'Removido na Meta',
  IN_APPEAL: 'Em recurso na Meta',
  REINSTATED: 'Aprovado',
};
export function templateAvailability(status: string | null | undefined): { selectable: boolean; label: string } {
  const upper = (status ?? 'APPROVED').toUpperCase();
  const selectable = upper === 'APPROVED' || upper === 'REINSTATED';
  return { selectable, label: TEMPLATE_STATE_LABELS[upper] ?? `${upper} na Meta` };
}
