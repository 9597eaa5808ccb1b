import { Box, Button, Flex, Grid, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  checkCondition, conditionValue, newComparison, writeConditionSql,
  type ConditionContext, type ConditionNode, type ConditionValue,
} from '@console/shared';
import { commandForKey } from './commands';
import { ConditionPreview } from './ConditionPreview';
import { ConditionEditorContext, IssueStore, type ConditionEditorEnv } from './editor-context';
import { editorReducer, initialEditorState } from './editor-state';
import { LayoutTryOut } from './LayoutTryOut';
import { NodeEditor } from './NodeEditor';
import { SqlPanel } from './SqlPanel';

const sameTree = (a: ConditionNode | null, b: ConditionNode | null) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The condition builder: the tree editor, its SQL beside it (editable as SQL), the type checker's
 * messages on the nodes, undo/redo, and the live preview under it. Every edit calls onChange with
 * {map, sql} (or null when cleared), which the form autosaves like any field. A value changed from
 * outside replaces the tree without entering the history.
 */
export function ConditionBuilder({ value, context, disabled = false, onChange, preview = true }: {
  value: ConditionNode | null;
  context: ConditionContext;
  disabled?: boolean;
  onChange(value: ConditionValue | null): void;
  preview?: boolean;
}) {
  const [state, dispatch] = useReducer((s: ReturnType<typeof initialEditorState>, a: Parameters<typeof editorReducer>[1]) => editorReducer(s, a), value, initialEditorState);
  const [issues] = useState(() => new IssueStore());
  // What this editor sent out recently (as JSON): the form hands each one back as `value`, maybe
  // a few keystrokes late, and those echoes must not replace the newer tree.
  const emitted = useRef<{ revision: number; recent: string[] }>({ revision: 0, recent: [JSON.stringify(value)] });
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Edits made here go out; the revision counts them, so a load from outside is not echoed back.
  useEffect(() => {
    if (state.revision === emitted.current.revision) return;
    emitted.current = { revision: state.revision, recent: [...emitted.current.recent.slice(-19), JSON.stringify(state.tree)] };
    onChangeRef.current(state.tree ? conditionValue(state.tree) : null);
  }, [state.revision, state.tree]);

  // A stored value changed elsewhere (another tab, a reload) replaces the tree.
  useEffect(() => {
    const text = JSON.stringify(value);
    if (emitted.current.recent.includes(text) || sameTree(value, state.tree)) return;
    emitted.current.recent = [text];
    dispatch({ type: 'load', tree: value });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new stored value reloads; the tree is compared, not followed
  }, [value]);

  const found = useMemo(() => (state.tree ? checkCondition(state.tree, context) : []), [state.tree, context]);
  useEffect(() => issues.set(found), [found, issues]);
  const sql = useMemo(() => (state.tree ? writeConditionSql(state.tree) : ''), [state.tree]);
  const applySql = useCallback((tree: ConditionNode) => dispatch({ type: 'set-tree', tree }), []);
  const env = useMemo<ConditionEditorEnv>(() => ({ dispatch, context, disabled, issues }), [context, disabled, issues]);

  return (
    <ConditionEditorContext.Provider value={env}>
      <Box
        onKeyDown={(e) => {
          const command = commandForKey(e.nativeEvent);
          if (command && !disabled) { e.preventDefault(); dispatch(command.action); }
        }}
      >
        <Flex gap="2" mb="2" align="center" wrap="wrap">
          <Button size="xs" variant="outline" disabled={disabled || state.past.length === 0} onClick={() => dispatch({ type: 'undo' })} title="Ctrl+Z">Desfazer</Button>
          <Button size="xs" variant="outline" disabled={disabled || state.future.length === 0} onClick={() => dispatch({ type: 'redo' })} title="Ctrl+Shift+Z">Refazer</Button>
          {state.tree && <Button size="xs" variant="ghost" colorPalette="red" disabled={disabled} onClick={() => dispatch({ type: 'set-tree', tree: null })}>Limpar condição</Button>}
          {found.length > 0 && <Text fontSize="xs" color="red.600">{found.length === 1 ? '1 problema na condição' : `${found.length} problemas na condição`}</Text>}
        </Flex>
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="3">
          <Box minW="0">
            {state.tree ? (
              <NodeEditor node={state.tree} pathKey="" slotLabel="condição" slotAccepts="condition" />
            ) : (
              <Flex direction="column" align="flex-start" gap="2">
                <Text fontSize="sm" color="fg.muted">Nenhuma condição.</Text>
                <Button size="xs" disabled={disabled} onClick={() => dispatch({ type: 'set-tree', tree: newComparison(context) })}>Criar condição</Button>
              </Flex>
            )}
          </Box>
          <SqlPanel sql={sql} disabled={disabled} onApply={applySql} />
        </Grid>
        {preview && (
          <Box mt="3" borderTopWidth="1px" pt="2">
            {context === 'layout'
              ? <LayoutTryOut tree={state.tree} />
              : <ConditionPreview context={context} tree={state.tree} blocked={found[0]?.message ?? null} />}
          </Box>
        )}
      </Box>
    </ConditionEditorContext.Provider>
  );
}
