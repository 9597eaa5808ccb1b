import { Box } from '@chakra-ui/react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { toaster } from '../app/toaster';
import { ActionButton } from '../routes/document/components/document-header';
import './extensions';
import { collectionExtension } from './registry';
import type { ExtensionContext } from './types';

/**
 * The registered extension of a document: its action buttons (for the header) and its panels (for
 * above the form). Nothing when the collection has none.
 */
export function useCollectionExtension({
  projectId,
  collectionId,
  docId,
  data,
  existing,
}: {
  projectId: string;
  collectionId: string;
  docId: string;
  data: Record<string, unknown> | null;
  /** Only a stored document gets actions and panels (not the 'add' form). */
  existing: boolean;
}): { actions: ReactNode; panels: ReactNode } {
  const extension = collectionExtension(collectionId);
  const [payloads, setPayloads] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const showPanel = useCallback((panelId: string, payload: unknown) => setPayloads((p) => ({ ...p, [`${docId}:${panelId}`]: payload })), [docId]);
  const context = useMemo<ExtensionContext>(() => ({ projectId, collectionId, docId, data, showPanel }), [projectId, collectionId, docId, data, showPanel]);

  if (!extension || !existing) return { actions: null, panels: null };

  const actions = (extension.actions ?? []).map((action) => (
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
  const panels = (extension.panels ?? []).map(({ id, Component }) => (
    <Box key={id} mb="5" data-panel={id}>
      <Component {...context} payload={payloads[`${docId}:${id}`]} />
    </Box>
  ));
  return { actions: <>{actions}</>, panels: <>{panels}</> };
}
