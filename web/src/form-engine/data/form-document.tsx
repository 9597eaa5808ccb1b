import { createContext, useContext, type ReactNode } from 'react';
import type { CollectionDefinition, SettingsDefinition } from '@console/shared';
import type { CollectionDocsQuery, CollectionDocsState } from './collection-docs';

/** The document a form edits: widgets that read other documents need its project and id. */
export interface FormDocument {
  projectId: string;
  collectionId: string | null;
  /** Null while the document is being created. */
  docId: string | null;
}

/** Another document edited inside this form (the doc-editor widget), with the main form's rules. */
export interface EmbeddedDocumentQuery {
  projectId: string;
  collectionId: string;
  docId: string;
  definition: CollectionDefinition | SettingsDefinition | null;
}

export interface EmbeddedDocument {
  status: 'loading' | 'error' | 'ready';
  /** Ready, and no such document yet: the first save creates it. */
  missing: boolean;
  /** What the form shows: the stored document plus the edits. */
  values: Record<string, unknown>;
  /** Fields edited here and changed elsewhere, waiting for the user's choice. */
  conflicts: Readonly<Record<string, { remote: unknown }>>;
  saveStatus: 'saved' | 'pending' | 'saving' | 'failed';
  /** Why the last save failed, in Portuguese. */
  error: string | null;
  /** Something is edited and can be saved now. */
  canSave: boolean;
  saving: boolean;
  edit(key: string, value: unknown): void;
  save(): void;
  resolveConflict(key: string, keep: 'remote' | 'mine'): void;
}

/**
 * What widgets read and write outside their own value, given by the form that renders them (the
 * document screen builds it, web/src/documents/form-data.ts): the document edited, realtime lists
 * of other collections, new linked records, and other documents edited inside this one. The
 * `use…` members are hooks.
 */
export interface FormData {
  document: FormDocument;
  useCollectionDocs(query: CollectionDocsQuery): CollectionDocsState;
  /** Creates a record of another collection of this project (with its timestamps); answers its id. */
  addDocument(collectionId: string, data: Record<string, unknown>): Promise<string>;
  useEmbeddedDocument(query: EmbeddedDocumentQuery): EmbeddedDocument;
}

const LOADING: CollectionDocsState = { status: 'loading' };

/** A form given no data (a preview, a benchmark): no document, lists that never load, nothing saved. */
export const NO_FORM_DATA: FormData = {
  document: { projectId: '', collectionId: null, docId: null },
  useCollectionDocs: () => LOADING,
  addDocument: () => Promise.reject(new Error('This form has no data access.')),
  useEmbeddedDocument: () => ({
    status: 'loading',
    missing: false,
    values: {},
    conflicts: {},
    saveStatus: 'saved',
    error: null,
    canSave: false,
    saving: false,
    edit: () => {},
    save: () => {},
    resolveConflict: () => {},
  }),
};

const FormDataContext = createContext<FormData>(NO_FORM_DATA);

export function FormDataProvider({ value, children }: { value: FormData; children: ReactNode }) {
  return <FormDataContext.Provider value={value}>{children}</FormDataContext.Provider>;
}

export function useFormData(): FormData {
  return useContext(FormDataContext);
}

/** The document around a widget, as the form gave it. */
export function useFormDocument(): FormDocument {
  return useContext(FormDataContext).document;
}
