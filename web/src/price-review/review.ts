import { isPlainObject } from '@console/shared';
import { PRICE_REVIEW_TEXTS } from './texts';

type Doc = Record<string, unknown>;

/** A held price change as the lists show it (project/{p}/price-hold/{id}). */
export interface HeldPrice {
  id: string;
  code: string;
  field: string;
  from: number | null;
  to: number | null;
  message: string;
  source: string;
  about: string;
  who: string;
  when: Date | null;
}

/** A stale override as the list shows it (project/{p}/stale-override/{code}__{field}). */
export interface StaleOverrideRow {
  id: string;
  code: string;
  field: string;
  value: unknown;
  upstreamBefore: unknown;
  upstreamNow: unknown;
  at: Date | null;
}

const asNumber = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const asText = (v: unknown) => (typeof v === 'string' ? v : '');
/** A Firestore Timestamp (a class instance, so not a plain object) as a Date. */
export const asDate = (v: unknown): Date | null =>
  typeof v === 'object' && v !== null && typeof (v as { toDate?: unknown }).toDate === 'function' ? (v as { toDate(): Date }).toDate() : null;

export function heldPrice(id: string, data: Doc): HeldPrice {
  const by = isPlainObject(data.createdBy) ? data.createdBy : {};
  return {
    id,
    code: asText(data.ProductCode),
    field: asText(data.field),
    from: asNumber(data.from),
    to: asNumber(data.to),
    message: asText(data.message),
    source: asText(data.source),
    about: asText(data.about),
    who: [by.displayName, by.email, by.id].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? '—',
    when: asDate(data.createdAt),
  };
}

export function staleOverrideRow(id: string, data: Doc): StaleOverrideRow {
  return {
    id,
    code: asText(data.ProductCode),
    field: asText(data.field),
    value: data.value ?? null,
    upstreamBefore: data.upstreamBefore ?? null,
    upstreamNow: data.upstreamNow ?? null,
    at: asDate(data.overriddenAt),
  };
}

/** Newest first; the lists read without an order (no composite index) and sort here. */
export function newestFirst<T extends { when?: Date | null; at?: Date | null }>(rows: T[]): T[] {
  const time = (r: T) => (r.when ?? r.at)?.getTime() ?? 0;
  return [...rows].sort((a, b) => time(b) - time(a));
}

/** "31/12" of the override's day. */
export function dayAndMonth(date: Date | null): string {
  if (!date) return '';
  return new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' }).format(date);
}

/** 'O ERP mudou de X para Y depois da sua alteração de DD/MM', the values shown by `show`. */
export function staleSentence(from: unknown, to: unknown, at: Date | null, show: (value: unknown) => string): string {
  return PRICE_REVIEW_TEXTS.staleSentence(show(from), show(to), dayAndMonth(at));
}

/** What a failed call says (the server's Portuguese `{error}`), or the generic failure. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : PRICE_REVIEW_TEXTS.failed;
}
