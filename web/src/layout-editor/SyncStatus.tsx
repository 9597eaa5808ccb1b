import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { LayoutConflict } from '@console/shared';
import { CONFLICT_TEXTS } from '../form-engine/texts';
import { summarizeValue } from '../form-engine/value-formats';
import { nodeLabel } from './canvas/node-views';
import type { PresentEditor } from './presence';
import { useEditorSelector, useLayoutStore } from './store';
import { LAYOUT_SYNC_TEXTS } from './texts';

/** The save state of the open layout, in the drawer's header (the form's status is behind the drawer). */
export function SaveStatusText() {
  const status = useEditorSelector((s) => (s.saveError ? 'failed' : s.sync.inflight ? 'saving' : s.sync.pending.length ? 'pending' : 'saved'));
  const error = useEditorSelector((s) => s.saveError);
  return (
    <Text
      fontSize="xs"
      data-testid="layout-save-status"
      data-status={status}
      role={status === 'failed' ? 'alert' : 'status'}
      color={status === 'failed' ? 'fg.error' : 'fg.muted'}
      fontWeight={status === 'failed' ? 'semibold' : undefined}
    >
      {status === 'failed' ? LAYOUT_SYNC_TEXTS.failed(error ?? '') : LAYOUT_SYNC_TEXTS[status]}
    </Text>
  );
}

export function PresenceText({ others }: { others: readonly PresentEditor[] }) {
  if (others.length === 0) return null;
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="layout-presence">
      {LAYOUT_SYNC_TEXTS.othersEditing(others.map((o) => o.name).join(', '))}
    </Text>
  );
}

const valueText = (value: unknown) => (value === undefined || value === null || value === '' ? CONFLICT_TEXTS.empty : summarizeValue(value));

/** What a conflict is about, in words: the node and its property (or its place, or the node itself). */
function conflictText(conflict: LayoutConflict, label: string): { what: string; remote: string } {
  const [, field, prop] = conflict.path;
  const what = field === 'props' ? prop! : field ? LAYOUT_SYNC_TEXTS.position : LAYOUT_SYNC_TEXTS.node;
  if (conflict.remote === undefined && conflict.path.length > 1)
    return { what: LAYOUT_SYNC_TEXTS.conflictOn(label, what), remote: LAYOUT_SYNC_TEXTS.removedElsewhere };
  if (conflict.path.length === 1) {
    return {
      what: LAYOUT_SYNC_TEXTS.conflictOn(label, what),
      remote: conflict.remote === undefined ? LAYOUT_SYNC_TEXTS.removedElsewhere : LAYOUT_SYNC_TEXTS.removedHere,
    };
  }
  return { what: LAYOUT_SYNC_TEXTS.conflictOn(label, what), remote: valueText(conflict.remote) };
}

/**
 * This editor's changes refused because the same key changed elsewhere since: shown like the
 * document form's conflicts, settled by the operator, never resolved silently.
 */
export function LayoutConflicts() {
  const conflicts = useEditorSelector((s) => s.sync.conflicts);
  // The list (which reads the tree for labels) renders only while there are conflicts.
  return conflicts.length === 0 ? null : <ConflictAlerts conflicts={conflicts} />;
}

function ConflictAlerts({ conflicts }: { conflicts: readonly LayoutConflict[] }) {
  const store = useLayoutStore();
  const tree = useEditorSelector((s) => s.tree);
  return (
    <Stack gap="2" px="4" py="2" maxH="30vh" overflowY="auto" borderBottomWidth="1px" flex="none" aria-label={LAYOUT_SYNC_TEXTS.conflictsTitle}>
      {conflicts.map((conflict) => {
        const node = tree.nodes.get(conflict.path[0]);
        const label = node ? nodeLabel(node.type, node.props) : conflict.node ? nodeLabel(conflict.node.type, conflict.node.props) : conflict.path[0];
        const text = conflictText(conflict, label);
        return (
          <Alert.Root key={conflict.path.join('/')} status="warning" size="sm" data-testid="layout-conflict" data-path={conflict.path.join('.')}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{text.what}</Alert.Title>
              <Alert.Description>{CONFLICT_TEXTS.changedElsewhere(text.remote)}</Alert.Description>
            </Alert.Content>
            <HStack gap="2" alignSelf="center">
              <Button size="xs" variant="outline" onClick={() => store.dispatch({ type: 'resolveConflict', path: conflict.path, keep: 'remote' })}>
                {CONFLICT_TEXTS.useRemote}
              </Button>
              <Button
                size="xs"
                variant="solid"
                colorPalette="orange"
                bg="orange.700"
                _hover={{ bg: 'orange.800' }}
                onClick={() => store.dispatch({ type: 'resolveConflict', path: conflict.path, keep: 'mine' })}
              >
                {CONFLICT_TEXTS.keepMine}
              </Button>
            </HStack>
          </Alert.Root>
        );
      })}
    </Stack>
  );
}
