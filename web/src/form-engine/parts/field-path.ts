import { createContext, useContext } from 'react';

/**
 * Where a widget's value sits in the document: the keys of the objects around it and the indexes
 * of the list items ('accounts', 0, 'apiKey'). ObjectFields adds each field's key and a list adds
 * each item's index, so a widget knows its own path without being told.
 */
export const FieldPathContext = createContext<readonly (string | number)[]>([]);

export function useFieldPath(): readonly (string | number)[] {
  return useContext(FieldPathContext);
}
