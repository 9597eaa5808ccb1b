import { documentId, limit, orderBy, where, type FieldPath, type QueryConstraint } from 'firebase/firestore';
import { readBrazilianNumber, type CollectionDefinition } from '@console/shared';
import { fieldKey } from '../../form-engine/value-formats';

/** End of a prefix range: every string starting with the prefix sorts below it. */
export const PREFIX_END = '\uf8ff';

/** The filter box text as the type of the filtered field (a number field compares numbers). */
function filterValue(definition: CollectionDefinition, text: string): unknown {
  const field = definition.fields.find((f) => fieldKey(f) === definition.filter.field);
  const number = field?.type === 'number' ? readBrazilianNumber(text) : null;
  if (number !== null) return number;
  if (field?.type === 'checkbox' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * The list query (spec §7): optional filter by equality or prefix range on the filter field
 * ('id' is the document id), the definition's order, and the list limit. Firestore refuses an
 * order on one field with a range on another, so a prefix filter on another field drops the order.
 * `extra`: a list view's own filter (collection-extensions, ListView).
 */
export function listQueryConstraints(definition: CollectionDefinition, filterText: string, extra: readonly QueryConstraint[] = []): QueryConstraint[] {
  // A list view's own filter (the product list's readiness) comes first; it is never a range.
  const constraints: QueryConstraint[] = [...extra];
  const text = filterText.trim();
  const { field, mode } = definition.filter;
  const path: string | FieldPath = field === 'id' ? documentId() : field;
  let rangeOnOtherField = false;

  if (text) {
    if (mode === 'equality') {
      constraints.push(where(path, '==', filterValue(definition, text)));
    } else {
      constraints.push(where(path, '>=', text), where(path, '<', text + PREFIX_END));
      rangeOnOtherField = definition.orderBy?.field !== field;
    }
  }
  if (definition.orderBy && !rangeOnOtherField) {
    constraints.push(orderBy(definition.orderBy.field, definition.orderBy.direction ?? 'desc'));
  }
  constraints.push(limit(definition.listLimit));
  return constraints;
}
