import { Box } from '@chakra-ui/react';
import { Fragment, useCallback, useMemo, useState, type ReactNode } from 'react';
import { toaster } from '../app/toaster';
import { ActionButton } from '../app/action-button';
import { availableIn, collectionExtension } from './registry';
import type { ExtensionContext } from './types';

/**
 * The registered extension of a document: its header parts and action buttons (for the header)
 * and its panels (for above the form). Nothing when the collection has none.
 */
export function useCollectionExtension({
  projectId,
  collectionId,
  docId,
  data,
  creating,
  existing,
  values,
}: {
  projectId: string;
  collectionId: string;
  docId: string;
  data: Record<string, unknown> | null;
  /** The new-record form: only header parts are shown, with no document id. */
  creating: boolean;
  /** Only a stored document gets actions and panels (not the 'add' form). */
  existing: boolean;
  /** The form's values now, saved or not (for the panels). */
  values: Record<string, unknown>;
}): { actions: ReactNode; panels: ReactNode } {
  const extension = collectionExtension(collectionId);
  const [payloads, setPayloads] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const showPanel = useCallback((panelId: string, payload: unknown) => setPayloads((p) => ({ ...p, [`${docId}:${panelId}`]: payload })), [docId]);
  const context = useMemo<ExtensionContext>(() => ({ projectId, collectionId, docId, data, showPanel }), [projectId, collectionId, docId, data, showPanel]);

  if (!extension) return { actions: null, panels: null };

  const headerParts = availableIn(extension.headerParts, projectId).map(({ id, Component }) => (
    <Fragment key={id}>
      <Component projectId={projectId} docId={creating ? null : docId} data={data} />
    </Fragment>
  ));
  if (!existing) return { actions: headerParts.length > 0 ? <>{headerParts}</> : null, panels: null };

  const actions = availableIn(extension.actions, projectId).map((action) => (
    <ActionButton
      key={action.id}
      data-action={action.id}
      loading={busy === action.id}
      disabled={busy !== null || (action.enabled ? !action.enabled(context) : false)}
      onClick={async () => {
        if (action.confirm && !window.confirm(action.confirm)) return;
        setBusy(action.id);
        try {
          const message = await action.run(context);
          if (message) toaster.create({ type: 'success', title: message });
        } catch (error) {
          toaster.create({ type: 'error', title: error instanceof Error ? error.message : String(error) });
        } finally {
          setBusy(null);
        }
      }}
    >
      {action.label}
    </ActionButton>
  ));
  const panels = availableIn(extension.panels, projectId).map(({ id, Component, ownSpacing }) => (
    <Box key={id} mb={ownSpacing ? undefined : '5'} data-panel={id}>
      <Component {...context} payload={payloads[`${docId}:${id}`]} values={values} />
    </Box>
  ));
  return {
    actions: (
      <>
        {headerParts}
        {actions}
      </>
    ),
    panels: <>{panels}</>,
  };
}
