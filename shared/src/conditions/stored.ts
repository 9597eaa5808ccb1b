import type { FieldDefinition } from '../fields/types.js';
import { conditionContextOf } from './attributes.js';
import { checkCondition } from './check.js';
import { normaliseCondition } from './normalise.js';
import { writeConditionSql } from './sql-writer.js';
import { conditionNodeSchema, type ConditionContext, type ConditionNode } from './types.js';

/**
 * Stored conditions as the server settles them (the `conditionSql` trigger): whatever wrote a
 * document — the builder, the JSON editor, a CSV import, the Admin SDK — every condition value in
 * it ends `{map, sql, problem?}` with
 *
 * - `map` in normal form (normaliseCondition: no group of one, no group inside a group of the
 *   same kind), so what is stored is what the builder shows, and opening it changes nothing;
 * - `sql` exactly `writeConditionSql(map)`, recomputed from `map` (a client's `sql` is never
 *   trusted: an import once stored `sql: "TRUE"` beside a map that matches nobody);
 * - `problem`: the first problem in Portuguese when `map` does not validate (ill-typed, an empty
 *   IN list, no field chosen, past the limits of limits.ts, or not a tree at all), absent when it
 *   does. A reader treats a condition with a `problem` as matching nobody; when `map` is not a tree
 *   there is no writer output, so `sql` is `FALSE` (any SQL reader then selects nobody too).
 */
export const CONDITION_PROBLEM_FIELD = 'problem';

/** `sql` stored beside a map that is not a condition tree. */
export const UNREADABLE_CONDITION_SQL = 'FALSE';

type Doc = Record<string, unknown>;

const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The settled form of one stored condition value, or null when it is already settled (or absent). */
export function settleConditionValue(value: unknown, context: ConditionContext): Doc | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value) || !('map' in value)) return null; // not a condition object: left to the form's own checks
  const parsed = conditionNodeSchema.safeParse(value.map);
  let sql: string;
  let problem: string | undefined;
  // The parsed map's normal form, only when it differs (the same object comes back otherwise).
  let normal: ConditionNode | undefined;
  if (!parsed.success) {
    sql = UNREADABLE_CONDITION_SQL;
    problem = parsed.error.issues[0]?.code === 'custom' ? parsed.error.issues[0].message : 'A árvore da condição tem nós que o construtor não conhece.';
  } else {
    const map = normaliseCondition(parsed.data);
    if (map !== parsed.data) normal = map;
    sql = writeConditionSql(map);
    problem = checkCondition(map, context)[0]?.message;
  }
  if (!normal && value.sql === sql && value[CONDITION_PROBLEM_FIELD] === problem) return null;
  const settled: Doc = normal ? { ...value, map: normal, sql } : { ...value, sql };
  if (problem === undefined) delete settled[CONDITION_PROBLEM_FIELD];
  else settled[CONDITION_PROBLEM_FIELD] = problem;
  return settled;
}

/** True when `fields` (a collection's definition) hold a condition field anywhere. */
export function hasConditionFields(fields: readonly FieldDefinition[]): boolean {
  return fields.some((f) => {
    switch (f.type) {
      case 'condition':
        return true;
      case 'struct':
      case 'array_struct':
      case 'collection_doc_form':
        return hasConditionFields(f.fields);
      case 'array_field':
        return hasConditionFields([f.of]);
      case 'array_struct_multiple':
        return f.variants.some((v) => hasConditionFields(v.fields));
      default:
        return false;
    }
  });
}

/** `value` (stored under `field`) with its conditions settled, or null when nothing changes. */
function settleField(field: FieldDefinition, value: unknown): unknown {
  switch (field.type) {
    case 'condition':
      return settleConditionValue(value, conditionContextOf(field.attributes));
    case 'struct':
      return isObject(value) ? settleFields(field.fields, value) : null;
    case 'array_field':
      return settleItems(value, (item) => settleField(field.of, item));
    case 'array_struct':
      return settleItems(value, (item) => (isObject(item) ? settleFields(field.fields, item) : null));
    case 'array_struct_multiple':
      return settleItems(value, (item) =>
        isObject(item)
          ? settleFields(
              field.variants.flatMap((v) => v.fields),
              item,
            )
          : null,
      );
    case 'collection_doc_form': {
      if (!isObject(value)) return null;
      let changed: Doc | null = null;
      for (const [key, entry] of Object.entries(value)) {
        const settled = isObject(entry) ? settleFields(field.fields, entry) : null;
        if (settled) (changed ??= { ...value })[key] = settled;
      }
      return changed;
    }
    default:
      return null;
  }
}

function settleItems(value: unknown, settle: (item: unknown) => unknown): unknown[] | null {
  if (!Array.isArray(value)) return null;
  let changed: unknown[] | null = null;
  value.forEach((item, i) => {
    const settled = settle(item);
    if (settled !== null) (changed ??= [...value])[i] = settled;
  });
  return changed;
}

function settleFields(fields: readonly FieldDefinition[], doc: Doc): Doc | null {
  const changes = settleDocumentConditions(fields, doc);
  return Object.keys(changes).length > 0 ? { ...doc, ...changes } : null;
}

/**
 * The top-level fields of a document whose conditions need settling, with their settled values
 * (empty when every condition is settled: the trigger then writes nothing, so its own write ends
 * the loop).
 */
export function settleDocumentConditions(fields: readonly FieldDefinition[], doc: Doc): Doc {
  const changes: Doc = {};
  for (const field of fields) {
    if (!hasConditionFields([field])) continue;
    const key = field.mapTo ?? field.name;
    const settled = settleField(field, doc[key]);
    if (settled !== null) changes[key] = settled;
  }
  return changes;
}

/** A stored condition whose `sql` is not its map's: where (dotted path) and why, in Portuguese. */
export interface ConditionMismatch {
  path: string;
  message: string;
}

/**
 * The conditions of a document written by hand (the JSON editor, a CSV import) whose `sql` is not
 * the writer's output for their `map`, or whose `map` is not a condition tree: those writers
 * refuse the document with these messages instead of storing a SQL that says something else.
 */
export function conditionSqlMismatches(fields: readonly FieldDefinition[], doc: Doc): ConditionMismatch[] {
  const out: ConditionMismatch[] = [];
  const visit = (field: FieldDefinition, value: unknown, path: string): void => {
    switch (field.type) {
      case 'condition': {
        if (!isObject(value) || !('map' in value)) return;
        const parsed = conditionNodeSchema.safeParse(value.map);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          out.push({ path, message: `A condição em ${path} não é uma árvore válida${issue?.code === 'custom' ? `: ${issue.message}` : '.'}` });
          return;
        }
        // The trigger stores the normal form: the SQL of the map as written or of its normal form.
        const expected = writeConditionSql(parsed.data);
        if (value.sql !== expected && value.sql !== writeConditionSql(normaliseCondition(parsed.data))) {
          const shown = expected.length > 200 ? `${expected.slice(0, 200)}…` : expected;
          out.push({ path, message: `O sql da condição em ${path} não corresponde ao map: deveria ser «${shown}».` });
        }
        return;
      }
      case 'struct':
        if (isObject(value)) for (const f of field.fields) visit(f, value[f.mapTo ?? f.name], `${path}.${f.mapTo ?? f.name}`);
        return;
      case 'array_field':
        if (Array.isArray(value)) value.forEach((item, i) => visit(field.of, item, `${path}[${i}]`));
        return;
      case 'array_struct':
      case 'array_struct_multiple': {
        const inner = field.type === 'array_struct' ? field.fields : field.variants.flatMap((v) => v.fields);
        if (Array.isArray(value))
          value.forEach((item, i) => {
            if (isObject(item)) for (const f of inner) visit(f, item[f.mapTo ?? f.name], `${path}[${i}].${f.mapTo ?? f.name}`);
          });
        return;
      }
      case 'collection_doc_form':
        if (isObject(value))
          for (const [key, entry] of Object.entries(value))
            if (isObject(entry)) for (const f of field.fields) visit(f, entry[f.mapTo ?? f.name], `${path}.${key}.${f.mapTo ?? f.name}`);
        return;
      default:
        return;
    }
  };
  for (const field of fields) if (hasConditionFields([field])) visit(field, doc[field.mapTo ?? field.name], field.mapTo ?? field.name);
  return out;
}
