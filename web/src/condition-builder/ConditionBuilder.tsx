import { Box, Button, Flex, Grid, Text } from '@chakra-ui/react';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type Dispatch,
} from 'react';
import {
  checkCondition,
  commandTitle,
  conditionValue,
  newComparison,
  nodeAt,
  writeConditionSql,
  type ConditionContext,
  type ConditionIssue,
  type ConditionNode,
  type ConditionValue,
} from '@console/shared';
import { actionForKey, COMMAND_ACTIONS, CONDITION_COMMANDS_BY_ID } from './commands';
import { ConditionPreview } from './ConditionPreview';
import { ConditionEditorContext, DraftStore, IssueStore, pathOf, type ConditionEditorEnv } from './editor-context';
import { canRedo, canUndo, editorReducer, hasEditsToSend, initialEditorState, type EditorAction } from './editor-state';
import { LayoutTryOut } from './LayoutTryOut';
import { NodeEditor } from './NodeEditor';
import { OperandDragContext } from './SortableOperands';
import { SqlPanel } from './SqlPanel';

/**
 * The condition builder: the tree editor, its SQL beside it (editable as SQL), the type checker's
 * messages on the nodes, undo/redo, and the live preview under it. Every edit calls onChange with
 * {map, sql} (or null when cleared), which the form autosaves like any field. A value changed from
 * outside replaces the tree without entering the history.
 */
export function ConditionBuilder({
  value,
  context,
  disabled = false,
  onChange,
  preview = true,
}: {
  value: ConditionNode | null;
  context: ConditionContext;
  disabled?: boolean;
  onChange(value: ConditionValue | null): void;
  preview?: boolean;
}) {
  const [state, dispatch] = useReducer(
    (s: ReturnType<typeof initialEditorState>, a: Parameters<typeof editorReducer>[1]) => editorReducer(s, a),
    value,
    initialEditorState,
  );
  const [issues] = useState(() => new IssueStore());
  const [drafts] = useState(() => new DraftStore());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Every stored value goes to the reducer: this editor's own echo (recognised by value, however
  // late) changes nothing; someone else's save is merged with this editor's edits (editor kit).
  useEffect(() => {
    dispatch({ type: 'remote', stored: value });
  }, [value]);

  // Off the keystroke's path (issue 30): the type check, the SQL text, the previews and sending
  // the value to the form (whose re-render comes back here) follow the tree once the frame showing
  // the edit is painted. On open too: the first paint shows the tree, its SQL comes a frame later.
  const shownTree = useAfterPaint(state.tree);
  const found = useMemo(() => (shownTree ? checkCondition(shownTree, context) : []), [shownTree, context]);
  useEffect(() => issues.set(found), [found, issues]);

  // Edits made here go out; the revision counts them. A tree with a problem does not go out (its
  // SQL would not run): the stored value stays the last valid one, and the toolbar says the
  // changes are pending until the problems are fixed. A tree back to the stored one in normal form
  // (an edit undone) with nothing sent since is no change: the form is not told.
  const sentRevision = useRef(0);
  useEffect(() => {
    // Sent once checked: `found` is about the tree as it is now.
    if (shownTree !== state.tree || state.revision === sentRevision.current || found.length > 0) return;
    sentRevision.current = state.revision;
    if (!hasEditsToSend(state)) return;
    dispatch({ type: 'sent', tree: state.tree });
    onChangeRef.current(state.tree ? conditionValue(state.tree) : null);
  }, [state, found, shownTree]);
  const invalidDrafts = useSyncExternalStore(drafts.subscribe, drafts.count);
  const pending = found.length > 0 || invalidDrafts > 0;
  const sql = useMemo(() => (shownTree === undefined ? null : shownTree ? writeConditionSql(shownTree) : ''), [shownTree]);
  // The tree as last rendered, for controls that read their node when an event fires.
  const treeRef = useRef(state.tree);
  useLayoutEffect(() => {
    treeRef.current = state.tree;
  }, [state.tree]);
  const env = useMemo<ConditionEditorEnv>(
    () => ({
      dispatch,
      context,
      disabled,
      issues,
      drafts,
      nodeAt: (pathKey) => {
        const tree = treeRef.current;
        try {
          return tree ? nodeAt(tree, pathOf(pathKey)) : undefined;
        } catch {
          return undefined;
        }
      },
    }),
    [context, disabled, issues, drafts],
  );

  return (
    <ConditionEditorContext.Provider value={env}>
      <BuilderView
        tree={state.tree}
        shownTree={shownTree}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        conflicts={state.conflicts.length}
        found={found}
        pending={pending}
        sql={sql}
        context={context}
        disabled={disabled}
        preview={preview}
        dispatch={dispatch}
      />
    </ConditionEditorContext.Provider>
  );
}

/**
 * What the builder shows. Memoised apart from the state and effects above: the form hands every
 * emitted value back as `value`, and that echo must not re-render the editor.
 */
const BuilderView = memo(function BuilderView({
  tree,
  shownTree,
  canUndo,
  canRedo,
  conflicts,
  found,
  pending,
  sql,
  context,
  disabled,
  preview,
  dispatch,
}: {
  tree: ConditionNode | null;
  /** The tree the SQL was written from (undefined until the first paint): the previews follow it too. */
  shownTree: ConditionNode | null | undefined;
  canUndo: boolean;
  canRedo: boolean;
  conflicts: number;
  found: ConditionIssue[];
  pending: boolean;
  /** null until written (after the first paint). */
  sql: string | null;
  context: ConditionContext;
  disabled: boolean;
  preview: boolean;
  dispatch: Dispatch<EditorAction>;
}) {
  const applySql = useCallback((next: ConditionNode) => dispatch({ type: 'set-tree', tree: next }), [dispatch]);
  // The drag-and-drop context is rendered once: an edit reaches the tree through a store, below it.
  // Re-rendering dnd-kit's context at each keystroke gave it new context values, and React then
  // walked every node of the tree looking for their readers (most of a keystroke's script time).
  const [root] = useState(() => new RootStore(tree));
  const changed = root.update(tree);
  useLayoutEffect(() => {
    if (changed) root.notify();
  });
  const treeView = useMemo(
    () => (
      <OperandDragContext>
        <RootNode store={root} />
      </OperandDragContext>
    ),
    [root],
  );
  return (
    <Box
      onKeyDown={(e) => {
        const action = actionForKey(e.nativeEvent);
        if (action && !disabled) {
          e.preventDefault();
          dispatch(action);
        }
      }}
    >
      <Toolbar canUndo={canUndo} canRedo={canRedo} hasTree={tree !== null} problems={found.length} pending={pending} disabled={disabled} dispatch={dispatch} />
      {conflicts > 0 && (
        <Flex role="alert" data-testid="condition-conflict" gap="2" mb="2" align="center" wrap="wrap" bg="orange.subtle" px="2" py="1" rounded="sm">
          <Text fontSize="xs">{CONFLICT_MESSAGE}</Text>
          <Button size="2xs" variant="outline" onClick={() => dispatch({ type: 'dismiss-conflicts' })}>
            Entendi
          </Button>
        </Flex>
      )}
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="3">
        <Box minW="0">
          {tree ? (
            treeView
          ) : (
            <Flex direction="column" align="flex-start" gap="2">
              <Text fontSize="sm" color="fg.muted">
                Nenhuma condição.
              </Text>
              <Button size="xs" disabled={disabled} onClick={() => dispatch({ type: 'set-tree', tree: newComparison(context) })}>
                Criar condição
              </Button>
            </Flex>
          )}
        </Box>
        <SqlPanel sql={sql} disabled={disabled} onApply={applySql} />
      </Grid>
      {preview && (
        <Box mt="3" borderTopWidth="1px" pt="2">
          {context === 'layout' ? (
            <LayoutTryOut tree={shownTree ?? null} />
          ) : (
            <ConditionPreview context={context} tree={shownTree ?? null} blocked={found[0]?.message ?? null} />
          )}
        </Box>
      )}
    </Box>
  );
});

/** The tree the builder shows, for the root node below the drag-and-drop context. */
class RootStore {
  private listeners = new Set<() => void>();
  constructor(public tree: ConditionNode | null) {}
  /** Takes the new tree during render; the root node reads it when notified (before the paint). */
  update(tree: ConditionNode | null): boolean {
    if (tree === this.tree) return false;
    this.tree = tree;
    return true;
  }
  notify(): void {
    for (const l of this.listeners) l();
  }
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  current = () => this.tree;
}

function RootNode({ store }: { store: RootStore }) {
  const tree = useSyncExternalStore(store.subscribe, store.current);
  return tree ? <NodeEditor node={tree} pathKey="" slotLabel="condição" slotAccepts="condition" /> : null;
}

/**
 * `value`, taken up once the frame showing the change has been painted (a few ms later, at a
 * transition's priority); changes that come faster are taken up together.
 */
function useAfterPaint<T>(value: T): T | undefined {
  const [shown, setShown] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (Object.is(value, shown)) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, shown]);
  return shown;
}

/**
 * Shown when someone else saved a change to a place this editor had changed too: their value is
 * kept (never overwritten silently) and this editor's change there is not applied.
 */
export const CONFLICT_MESSAGE =
  'Outra pessoa alterou o mesmo ponto desta condição ao mesmo tempo: a versão salva por ela foi mantida e a sua alteração nesse ponto não foi aplicada.';

/** Shown while the tree (or an input) has a problem: the stored condition is still the last valid one. */
export const PENDING_MESSAGE = 'Alterações pendentes: não salvas até corrigir os problemas.';

/** Undo, redo, clear and the problem count: re-rendered only when one of them changes. */
const Toolbar = memo(function Toolbar({
  canUndo,
  canRedo,
  hasTree,
  problems,
  pending,
  disabled,
  dispatch,
}: {
  canUndo: boolean;
  canRedo: boolean;
  hasTree: boolean;
  problems: number;
  pending: boolean;
  disabled: boolean;
  dispatch: Dispatch<EditorAction>;
}) {
  return (
    <Flex gap="2" mb="2" align="center" wrap="wrap">
      {(['undo', 'redo'] as const).map((id) => (
        <Button
          key={id}
          size="xs"
          variant="outline"
          disabled={disabled || !(id === 'undo' ? canUndo : canRedo)}
          onClick={() => dispatch(COMMAND_ACTIONS[id])}
          title={commandTitle(CONDITION_COMMANDS_BY_ID[id])}
        >
          {CONDITION_COMMANDS_BY_ID[id].label}
        </Button>
      ))}
      {hasTree && (
        <Button size="xs" variant="ghost" colorPalette="red" disabled={disabled} onClick={() => dispatch({ type: 'set-tree', tree: null })}>
          Limpar condição
        </Button>
      )}
      {problems > 0 && (
        <Text fontSize="xs" color="red.600">
          {problems === 1 ? '1 problema na condição' : `${problems} problemas na condição`}
        </Text>
      )}
      {pending && (
        <Text role="status" data-testid="condition-pending" fontSize="xs" fontWeight="semibold" color="orange.700">
          {PENDING_MESSAGE}
        </Text>
      )}
    </Flex>
  );
});
