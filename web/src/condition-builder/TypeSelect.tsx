import { NativeSelect } from '@chakra-ui/react';
import { CONDITION_FUNCTIONS, NODE_SIGNATURES, convertNode, type ConditionNode, type ConditionNodeType, type SlotType } from '@console/shared';
import { pathOf, useConditionEditor } from './editor-context';

const COMPARISONS: ConditionNodeType[] = ['=', '!=', '>', '>=', '<', '<=', 'BETWEEN', 'LIKE', 'IN', 'IS NULL', 'IS NOT NULL'];
const LOGIC: ConditionNodeType[] = ['AND', 'OR', 'IF'];
const ARITHMETIC: ConditionNodeType[] = ['+', '-', '*', '/', 'ROUND'];
const VALUES: ConditionNodeType[] = ['field', 'string', 'numeric', 'bool', 'null'];

/** The node types that may fill a slot of this kind. */
export function typesForSlot(accepts: SlotType | 'condition'): ConditionNodeType[] {
  if (accepts === 'boolean' || accepts === 'condition') return [...COMPARISONS, ...LOGIC, 'bool', 'field'];
  if (accepts === 'list') return ['list', 'field'];
  if (accepts === 'integer-literal') return ['numeric'];
  if (accepts === 'number') return [...VALUES.filter((t) => t !== 'string' && t !== 'bool'), ...ARITHMETIC, 'IF', 'function'];
  return [...VALUES, ...ARITHMETIC, 'IF', 'function'];
}

/** A select that changes a node's type, keeping what it can (convertNode). */
export function TypeSelect({ node, pathKey, types, label, width = '28' }: { node: ConditionNode; pathKey: string; types: ConditionNodeType[]; label: string; width?: string }) {
  const { dispatch, context, disabled } = useConditionEditor();
  const options = types.includes(node.type) ? types : [node.type, ...types];
  return (
    <NativeSelect.Root size="xs" width={width} disabled={disabled}>
      <NativeSelect.Field
        aria-label={label}
        value={node.type}
        onChange={(e) => dispatch({ type: 'replace', path: pathOf(pathKey), node: convertNode(node, e.target.value as ConditionNodeType, context) })}
      >
        {options.map((t) => <option key={t} value={t}>{NODE_SIGNATURES[t].label}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The function a `function` node calls. */
export function FunctionSelect({ node, pathKey }: { node: Extract<ConditionNode, { type: 'function' }>; pathKey: string }) {
  const { dispatch, disabled } = useConditionEditor();
  const names = Object.keys(CONDITION_FUNCTIONS);
  const options = names.includes(node.value.toUpperCase()) ? names : [node.value, ...names];
  return (
    <NativeSelect.Root size="xs" width="36" disabled={disabled}>
      <NativeSelect.Field aria-label="Função" value={node.value.toUpperCase()} onChange={(e) => dispatch({ type: 'replace', path: pathOf(pathKey), node: { ...node, value: e.target.value } })}>
        {options.map((n) => <option key={n} value={n}>{CONDITION_FUNCTIONS[n] ? `${n} — ${CONDITION_FUNCTIONS[n]!.label}` : `${n} (desconhecida)`}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
