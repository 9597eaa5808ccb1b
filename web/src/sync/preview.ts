import { consoleSyncPreviewEndpoint, SYNC_PREVIEW_MAX_CODES, type SyncPreviewProduct } from '@console/shared';
import { callApi } from '../lib/api';

/**
 * The bulk sync's 'Pré-visualizar' (issue 29 point 5): what the BigQuery → Firestore step would
 * write for each code, from the warehouse and the documents as they are now, nothing written.
 * The run pins it: a previewed code's step carries the version and writes only that plan.
 */
export interface SyncPreview {
  /** The codes text the preview was made for: another text is another list, and the pins no longer apply. */
  text: string;
  products: SyncPreviewProduct[];
}

export async function previewSync(project: string, codes: readonly string[], text: string): Promise<SyncPreview> {
  const products: SyncPreviewProduct[] = [];
  for (let i = 0; i < codes.length; i += SYNC_PREVIEW_MAX_CODES) {
    const answer = await callApi(consoleSyncPreviewEndpoint, { project, body: { codes: codes.slice(i, i + SYNC_PREVIEW_MAX_CODES) } });
    products.push(...answer.products);
  }
  return { text, products };
}

/** The versions to pin, by code, while the previewed list is the one on screen. */
export function previewPins(preview: SyncPreview | null, text: string): ReadonlyMap<string, string> | undefined {
  if (!preview || preview.text !== text) return undefined;
  return new Map(preview.products.flatMap((p) => (p.status === 'ok' ? [[p.code, p.version] as const] : [])));
}

/** A stored or incoming value in a line: numbers in pt-BR, maps as JSON, nothing as a dash. */
export function previewValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
