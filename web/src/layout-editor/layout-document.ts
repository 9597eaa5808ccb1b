import { createContext, useContext } from 'react';
import type { FormDocument } from '../form-engine/document-data';

/**
 * The document whose layout is edited (its project for products and contents, its id to refuse a
 * content that includes itself). The field passes it in, so the editor's views need no router or
 * project provider of their own.
 */
export const LayoutDocumentContext = createContext<FormDocument>({ projectId: '', collectionId: null, docId: null });

export const useLayoutDocument = () => useContext(LayoutDocumentContext);
