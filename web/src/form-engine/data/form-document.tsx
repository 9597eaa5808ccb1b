import { createContext, useContext, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { CONFIG_COLLECTION } from '@console/shared';
import { useProjects } from '../../app/project-context';
import { ADD_DOC_ID } from '../../app/paths';

/** The document a form edits: widgets that read other documents need its project and id. */
export interface FormDocument {
  projectId: string;
  collectionId: string | null;
  /** Null while the document is being created. */
  docId: string | null;
}

const FormDocumentContext = createContext<FormDocument | null>(null);

export function FormDocumentProvider({ value, children }: { value: FormDocument; children: ReactNode }) {
  return <FormDocumentContext.Provider value={value}>{children}</FormDocumentContext.Provider>;
}

/**
 * The document around a widget: the one given to DocumentForm, else the one the console's route
 * opens (/console/:collection/:docId, /console/config/:settingsId) in the current project.
 */
export function useFormDocument(): FormDocument {
  const provided = useContext(FormDocumentContext);
  const { current } = useProjects();
  const params = useParams();
  if (provided) return provided;
  const settingsId = params.settingsId;
  const collectionId = settingsId !== undefined ? CONFIG_COLLECTION : (params.collection ?? null);
  const docId = settingsId ?? params.docId ?? null;
  return { projectId: current?.id ?? '', collectionId, docId: docId === ADD_DOC_ID && !settingsId ? null : docId };
}
