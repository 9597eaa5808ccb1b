import type { FieldDefinition } from '@console/shared';

/** The value of a new list item or map entry edited with `field` (what its widget shows as empty). */
export function emptyValue(field: FieldDefinition): unknown {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'editor':
      return '';
    case 'checkbox':
      return false;
    case 'array_textarea':
    case 'array_field':
    case 'array_struct':
    case 'array_struct_multiple':
      return [];
    case 'struct':
    case 'collection_doc_form':
      return {};
    default:
      return null;
  }
}
