import { Fragment } from 'react';
import { availableIn, collectionExtension } from './registry';

/** The buttons a collection adds beside its list's CSV buttons (e.g. 'load templates'). */
export function CollectionListActions({ projectId, collectionId }: { projectId: string; collectionId: string }) {
  const extension = collectionExtension(collectionId);
  if (!extension) return null;
  return (
    <>
      {availableIn(extension.listActions, projectId).map(({ id, Component }) => (
        <Fragment key={id}>
          <Component projectId={projectId} />
        </Fragment>
      ))}
    </>
  );
}
