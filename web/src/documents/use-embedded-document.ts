import { useCallback, useMemo } from 'react';
import type { EmbeddedDocument, EmbeddedDocumentQuery } from '../form-engine/document-data';
import { projectDocument } from '../lib/firestore-paths';
import { mergeSaveDocument } from './document-store';
import { nextSaveRequest, type SaveRequest } from './form-state';
import { saveProblem } from './save-problem';
import { useDocumentForm } from './use-document-form';
import { useDocumentSnapshot } from './use-document-snapshot';

/**
 * A document edited inside another form (the doc-editor widget) with the main form's machinery:
 * the realtime snapshot, the edits and save status of form-state.ts with its realtime merge and
 * conflicts, the schema check of what a save writes. It saves on its button (no autosave), as a
 * merge of the edited fields; a missing document is created by its first save.
 */
export function useEmbeddedDocument({ projectId, collectionId, docId, definition }: EmbeddedDocumentQuery): EmbeddedDocument {
  const ref = useMemo(() => projectDocument(projectId, collectionId, docId), [projectId, collectionId, docId]);
  const snapshot = useDocumentSnapshot(ref);
  const exists = snapshot.status === 'exists';
  const form = useDocumentForm({
    snapshot,
    autosave: false,
    // Only the edited fields are written, so only their problems block the save.
    validate: (request: SaveRequest) =>
      definition ? saveProblem(definition.schema, definition.fields, request, request.values as Record<string, unknown>, false) : null,
    write: (request: SaveRequest) => mergeSaveDocument(ref, request, exists),
  });
  const { state, save: saveForm } = form;
  const save = useCallback(() => void saveForm(), [saveForm]);

  return {
    status: snapshot.status === 'error' ? 'error' : state.loaded ? 'ready' : 'loading',
    missing: snapshot.status === 'missing',
    values: state.values as Record<string, unknown>,
    conflicts: state.conflicts,
    saveStatus: state.status,
    error: state.error,
    canSave: nextSaveRequest(state) !== null,
    saving: state.saving !== null,
    edit: form.edit,
    save,
    resolveConflict: form.resolveConflict,
  };
}
