import type { ReactNode } from 'react';
import { DOCUMENT_TEXTS } from '../../../documents/constants';
import type { DocumentModel } from '../../../documents/use-document';
import { ActionButton } from '../../../app/action-button';

interface DocumentActionsProps {
  document: DocumentModel;
  /** What the collection's extension adds (web/src/collection-extensions). */
  extension: ReactNode;
  onCopy(): void;
}

/** The header's buttons: the collection's own, then Delete and Copy of a stored record. */
export function DocumentActions({ document, extension, onCopy }: DocumentActionsProps) {
  const { isCollection, existing, busy } = document;
  return (
    <>
      {extension}
      {isCollection && existing && (
        <>
          <ActionButton colorPalette="red" loading={busy === 'delete'} disabled={busy !== null} onClick={() => void document.remove()}>
            {DOCUMENT_TEXTS.delete}
          </ActionButton>
          <ActionButton loading={busy === 'copy'} disabled={busy !== null} onClick={onCopy}>
            {DOCUMENT_TEXTS.copy}
          </ActionButton>
        </>
      )}
    </>
  );
}
