import { createContext, useContext, type ComponentType } from 'react';
import type { DocumentReference } from 'firebase/firestore';
import type { EditorLayoutField, FlatLayout, LayoutTree } from '@console/shared';
import type { FormDocument } from './form-document';

/** What the `editor-layout` field opens the layout editor with (layout-editor/LayoutEditorDrawer.tsx). */
export interface LayoutEditorProps {
  field: EditorLayoutField;
  /** The layout as opened (from the field's value). */
  initial: LayoutTree;
  /** The stored (flat) layout `initial` was opened from. */
  base?: FlatLayout;
  /**
   * Where the layout is stored (a document and the top-level field holding it): the editor then
   * saves its operations there itself and shows others' saves live. Without it (a record being
   * created) every change goes to `onChange` and the form saves it.
   */
  target?: { ref: DocumentReference; field: string } | null;
  /** Called with the stored form after every change when there is no `target`. */
  onChange(value: unknown): void;
  onClose(): void;
  /** The document being edited. */
  document: FormDocument;
}

// The layout editor is built from the form engine's widgets, so the engine does not import it: the
// screen that renders a form gives it here (lazily loaded), and the field widget opens it.
const LayoutEditorContext = createContext<ComponentType<LayoutEditorProps> | null>(null);

export const LayoutEditorProvider = LayoutEditorContext.Provider;

/** The layout editor the screen gave; null where none was given (the field is then read-only). */
export function useLayoutEditor(): ComponentType<LayoutEditorProps> | null {
  return useContext(LayoutEditorContext);
}
