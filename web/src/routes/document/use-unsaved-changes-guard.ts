import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { DOCUMENT_TEXTS } from '../../documents/constants';

/**
 * While `dirty`, leaving the page (reload, tab close) asks the browser's confirmation and an
 * in-app navigation asks ours. Returns `allowNextNavigation()` for navigations the screen makes
 * itself once the data is safe (after creating a record).
 */
export function useUnsavedChangesGuard(dirty: boolean): () => void {
  const dirtyRef = useRef(dirty);
  const allowedRef = useRef(false);
  dirtyRef.current = dirty;

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirtyRef.current && !allowedRef.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [],
    ),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(DOCUMENT_TEXTS.unsavedLeave)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers still need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return useCallback(() => {
    allowedRef.current = true;
  }, []);
}
