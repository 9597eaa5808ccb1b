import { NativeSelect } from '@chakra-ui/react';
import { memo } from 'react';
import { CONDITION_FUNCTIONS, NODE_SIGNATURES, convertNode, type ConditionNodeType, type SlotType } from '@console/shared';
import { pathOf, useConditionEditor } from './editor-context';

const COMPARISONS: ConditionNodeType[] = ['=', '!=', '>', '>=', '<', '<=', 'BETWEEN', 'LIKE', 'IN', 'IS NULL', 'IS NOT NULL'];
const LOGIC: ConditionNodeType[] = ['AND', 'OR', 'IF'];
const ARITHMETIC: ConditionNodeType[] = ['+', '-', '*', '/', 'ROUND'];
const VALUES: ConditionNodeType[] = ['field', 'string', 'numeric', 'bool', 'null'];

function slotTypes(accepts: SlotType | 'condition'): readonly ConditionNodeType[] {
  if (accepts === 'boolean' || accepts === 'condition') return [...COMPARISONS, ...LOGIC, 'bool', 'field'];
  if (accepts === 'list') return ['list', 'field'];
  if (accepts === 'integer-literal') return ['numeric'];
  if (accepts === 'number') return [...VALUES.filter((t) => t !== 'string' && t !== 'bool'), ...ARITHMETIC, 'IF', 'function'];
  return [...VALUES, ...ARITHMETIC, 'IF', 'function'];
}

const SLOT_TYPES = new Map<SlotType | 'condition', readonly ConditionNodeType[]>();

/** The node types that may fill a slot of this kind (one array per kind, so memoised selects keep their props). */
export function typesForSlot(accepts: SlotType | 'condition'): readonly ConditionNodeType[] {
  let types = SLOT_TYPES.get(accepts);
  if (!types) SLOT_TYPES.set(accepts, (types = slotTypes(accepts)));
  return types;
}

/**
 * A select that changes a node's type, keeping what it can (convertNode). It shows the type only
 * and reads the node when changed, so an edit beneath the node does not re-render it.
 */
export const TypeSelect = memo(function TypeSelect({
  nodeType,
  pathKey,
  types,
  label,
  width = '28',
}: {
  nodeType: ConditionNodeType;
  pathKey: string;
  types: readonly ConditionNodeType[];
  label: string;
  width?: string;
}) {
  const { dispatch, context, disabled, nodeAt } = useConditionEditor();
  const options = types.includes(nodeType) ? types : [nodeType, ...types];
  return (
    <NativeSelect.Root size="xs" width={width} disabled={disabled}>
      <NativeSelect.Field
        aria-label={label}
        value={nodeType}
        onChange={(e) => {
          const node = nodeAt(pathKey);
          if (node) dispatch({ type: 'replace', path: pathOf(pathKey), node: convertNode(node, e.target.value as ConditionNodeType, context) });
        }}
      >
        {options.map((t) => (
          <option key={t} value={t}>
            {NODE_SIGNATURES[t].label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
});

/** The function a `function` node calls (read when changed, like TypeSelect). */
export const FunctionSelect = memo(function FunctionSelect({ name, pathKey }: { name: string; pathKey: string }) {
  const { dispatch, disabled, nodeAt } = useConditionEditor();
  const names = Object.keys(CONDITION_FUNCTIONS);
  const options = names.includes(name.toUpperCase()) ? names : [name, ...names];
  return (
    <NativeSelect.Root size="xs" width="36" disabled={disabled}>
      <NativeSelect.Field
        aria-label="Função"
        value={name.toUpperCase()}
        onChange={(e) => {
          const node = nodeAt(pathKey);
          if (node?.type === 'function') dispatch({ type: 'replace', path: pathOf(pathKey), node: { ...node, value: e.target.value } });
        }}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {CONDITION_FUNCTIONS[n] ? `${n} — ${CONDITION_FUNCTIONS[n]!.label}` : `${n} (desconhecida)`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
});
