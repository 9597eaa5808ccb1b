import { z } from 'zod';
import type { FieldDefinition } from './types.js';

/**
 * A Firestore timestamp as either SDK hands it over (web `Timestamp`, admin `Timestamp`), a Date,
 * or the JSON editor's `{ timestamp: ISO }` form. Kept structural so this package stays framework-free.
 */
export const timestampLike = z.custom<unknown>(
  (value) =>
    value instanceof Date ||
    (typeof value === 'object' && value !== null && ('toDate' in value || ('seconds' in value && 'nanoseconds' in value) || 'timestamp' in value)),
  { message: 'Data inválida' },
);

function valueSchema(field: FieldDefinition): z.ZodType {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'editor':
      return field.required ? z.string().trim().min(1, `Preencha o campo ${field.title}`) : z.string();
    case 'number': {
      let n = z.number({ message: `${field.title}: informe um número` });
      if (field.min !== undefined) n = n.min(field.min);
      if (field.max !== undefined) n = n.max(field.max);
      return field.required ? n : n.nullable();
    }
    case 'checkbox':
      return z.boolean();
    case 'date':
    case 'datetime':
      return field.required ? timestampLike : timestampLike.nullable();
    case 'array_textarea':
      return z.array(z.string());
    case 'select': {
      const values = field.options.map((o) => o.value);
      const e = z.string().refine((v) => values.includes(v) || (!field.required && v === ''), {
        message: `${field.title}: opção inválida`,
      });
      return field.required ? e : e.nullable();
    }
    case 'select_nested':
      return field.required ? z.string().min(1) : z.string().nullable();
    case 'struct':
      return fieldsSchema(field.fields);
    case 'array_field':
      return z.array(valueSchema(field.of));
    case 'array_struct':
      return z.array(fieldsSchema(field.fields));
    case 'array_struct_multiple':
      return z.array(z.looseObject({ type: z.string() }));
    case 'collection_doc_form':
      return z.record(z.string(), fieldsSchema(field.fields));
    // Kinds whose stored shape is owned by their own editors (files, layouts, conditions,
    // embedded editors): validated by those editors; here they must only survive a save untouched.
    case 'collection-editor':
    case 'doc-editor':
    case 'editor-layout':
    case 'component':
    case 'file':
    case 'image':
    case 'video':
    case 'audio':
    case 'condition':
      return z.unknown();
  }
}

/**
 * The zod schema of a document described by `fields`. Unknown keys pass through untouched (a
 * document may hold data of kinds the definition does not list, and saving must never drop it);
 * every declared field is optional unless `required`.
 */
export function fieldsSchema(fields: readonly FieldDefinition[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const key = field.mapTo ?? field.name;
    const schema = valueSchema(field);
    shape[key] = field.required ? schema : schema.optional();
  }
  return z.looseObject(shape);
}
