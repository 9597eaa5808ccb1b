import { canAccessProject, isPlainObject, readBrazilianNumber, type AccessClaims, type Role } from '@console/shared';

export { nestedPatch, productView, valueAt } from '@console/shared';

/**
 * The product information panel's pure side (document 1 §2 screen 3, §5 'Manual override'):
 * override values, who may see it, and the history lines.
 */

export type ProductDoc = Record<string, unknown>;

export type OverrideKind = 'text' | 'number';

export type ParsedOverride = { ok: true; value: string | number | null } | { ok: false };

/**
 * The prompt's answer as the stored value (§5): empty becomes null; a number field takes a decimal
 * as the shared reader reads it ('1.234,56', '89,90', '1234.56'); anything else is refused.
 */
export function parseOverrideValue(answer: string, kind: OverrideKind): ParsedOverride {
  const text = answer.trim();
  if (text === '') return { ok: true, value: null };
  if (kind === 'text') return { ok: true, value: answer };
  const value = readBrazilianNumber(text);
  return value === null ? { ok: false } : { ok: true, value };
}

/** The text the value prompt starts with: the current value, blank for none. */
export function promptDefault(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  return String(value);
}

/** Roles that see the panel; staff only for the projects of their claims (§6 'eyeOnly'). */
export const PANEL_ROLES: readonly Role[] = ['admin', 'staff'];

/** Whether the eyeOnly wrapper shows its content to this user in this project. */
export function eyeOnlyAllows(claims: AccessClaims | null, projectId: string, roles: readonly Role[] = PANEL_ROLES): boolean {
  return !!claims && roles.includes(claims.role) && canAccessProject(claims, projectId);
}

/** One product-data-changelog entry as the history shows it. */
export interface ChangeLine {
  id: string;
  who: string;
  when: Date | null;
  field: string;
  from: unknown;
  to: unknown;
  about: string;
  /** The entry of an override's removal. */
  removed: boolean;
  /** A held price applied after a confirmation: its reason (issue 29 point 3). */
  confirmation: string | null;
}

export function changeLine(id: string, entry: ProductDoc): ChangeLine {
  const by = isPlainObject(entry.createdBy) ? entry.createdBy : {};
  const name = [by.displayName, by.email, by.id].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const createdAt = entry.createdAt as { toDate?: () => Date } | null | undefined;
  return {
    id,
    who: name ?? '—',
    when: typeof createdAt?.toDate === 'function' ? createdAt.toDate() : null,
    field: typeof entry.field === 'string' ? entry.field : '',
    from: entry.from ?? null,
    to: entry.to ?? null,
    about: typeof entry.about === 'string' ? entry.about : '',
    removed: entry.action === 'remove',
    confirmation: isPlainObject(entry.confirmation) && typeof entry.confirmation.reason === 'string' ? entry.confirmation.reason : null,
  };
}
