import { FieldPath, serverTimestamp } from 'firebase/firestore';
import { isPlainObject } from '../form-engine/value-formats';
import { ADD_DOC_ID } from '../app/paths';
import { DOCUMENT_TEXTS } from './constants';

/** Firestore refuses `undefined`; a value a widget never set is simply not written. */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(withoutUndefined) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, withoutUndefined(item)]),
    ) as T;
  }
  return value;
}

/**
 * The arguments of updateDoc for the changed top-level keys plus updatedAt. Keys go through
 * FieldPath so a key is never read as a dotted path; keys not edited are not written, so values
 * of kinds the form only displays can never be altered.
 */
export function changedFieldUpdates(keys: readonly string[], values: Record<string, unknown>): [FieldPath, unknown, ...unknown[]] {
  const args: unknown[] = [];
  for (const key of keys) args.push(new FieldPath(key), withoutUndefined(values[key]) ?? null);
  args.push(new FieldPath('updatedAt'), serverTimestamp());
  return args as [FieldPath, unknown, ...unknown[]];
}

/** Spec §5: record ids must not contain spaces, / or $ (plus Firestore's own reserved ids). */
export function idProblem(id: string): string | null {
  if (/[\s/$]/.test(id)) return DOCUMENT_TEXTS.invalidId;
  if (id === ADD_DOC_ID || id === '.' || id === '..' || /^__.*__$/.test(id)) return DOCUMENT_TEXTS.reservedId;
  return null;
}

const WRITE_ERRORS: Record<string, string> = {
  'permission-denied': 'Sem permissão para salvar este registro.',
  'not-found': 'O registro não existe mais.',
  unavailable: 'Sem conexão com o servidor. Tente novamente.',
  'invalid-argument': 'Algum valor não pode ser salvo.',
};

export function writeErrorMessage(error: unknown, fallback = 'Não foi possível salvar. Tente novamente.'): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return WRITE_ERRORS[code] ?? fallback;
}
