import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { memo, useMemo, type ReactNode } from 'react';
import {
  conditionTypeOf,
  convertNode,
  findConditionAttribute,
  isOperatorNode,
  NODE_SIGNATURES,
  newComparison,
  slotOf,
  valueFor,
  type ConditionNode,
  type ConditionNodeType,
} from '@console/shared';
import { childKey, pathOf, useConditionEditor, useNodeIssue } from './editor-context';
import { FieldPicker } from './FieldPicker';
import { LeafEditor } from './LeafEditor';
import { NodeMenu } from './NodeMenu';
import { SortableOperands } from './SortableOperands';
import { FunctionSelect, TypeSelect, typesForSlot } from './TypeSelect';

export interface NodeEditorProps {
  node: ConditionNode;
  pathKey: string;
  /** The slot this node fills in its parent (for the operand-type select and labels). */
  slotLabel: string;
  slotAccepts: string;
  parentType?: ConditionNodeType;
  index?: number;
  count?: number;
  /** The field this value is compared with, for typed inputs. */
  attributeName?: string;
}

const COMPARISON_TYPES: ConditionNodeType[] = ['=', '!=', '>', '>=', '<', '<=', 'BETWEEN', 'LIKE', 'IN', 'IS NULL', 'IS NOT NULL'];
const ARITHMETIC_TYPES: ConditionNodeType[] = ['+', '-', '*', '/', 'ROUND'];
const GROUP_TYPES: ConditionNodeType[] = ['AND', 'OR'];
const MIN_WIDTH_0 = { minWidth: 0 } as const;

/**
 * One node of the tree and, recursively, its operands. Memoised: an edit replaces only the nodes
 * on the path to the change, so the rest of a large tree does not re-render.
 */
export const NodeEditor = memo(function NodeEditor(props: NodeEditorProps) {
  const { node, pathKey } = props;
  const issue = useNodeIssue(pathKey);
  // A plain element: it re-renders at every edit beneath it, and needs no theme styles.
  return (
    <div data-condition-path={pathKey} style={MIN_WIDTH_0}>
      {isOperatorNode(node) ? <OperatorEditor {...props} node={node} /> : <OperandWithType {...props} />}
      {issue && (
        <Text role="alert" fontSize="xs" color="red.600" mt="0.5">
          {issue}
        </Text>
      )}
    </div>
  );
});

/** A leaf with the select that changes what kind of operand it is (field, text, number…). */
function OperandWithType({ node, pathKey, slotLabel, slotAccepts, attributeName }: NodeEditorProps) {
  if (isOperatorNode(node)) return null;
  return (
    <Flex gap="1" align="center" wrap="wrap">
      {pathKey !== '' && (
        <TypeSelect nodeType={node.type} pathKey={pathKey} types={typesForSlot(slotAccepts as never)} label={`Tipo de ${slotLabel}`} width="24" />
      )}
      <LeafEditor node={node} pathKey={pathKey} label={slotLabel} attributeName={attributeName} />
    </Flex>
  );
}

function OperatorEditor(props: NodeEditorProps & { node: Extract<ConditionNode, { params: ConditionNode[] }> }) {
  const { node, pathKey, parentType, index, count } = props;
  const { context } = useConditionEditor();
  const removable = (parentType === 'AND' || parentType === 'OR') && (count ?? 0) > 2;
  const valueType = conditionTypeOf(node, context);
  const logical = valueType === 'boolean' || valueType === 'any';
  const unwrappable = (node.type === 'AND' || node.type === 'OR' || node.type === 'IF') && node.params.length > 0;
  // The same element while its props stay, so an edit beneath this node does not re-render the menu.
  const menu = useMemo(
    () => <NodeMenu pathKey={pathKey} parentType={parentType} index={index} count={count} removable={removable} unwrappable={unwrappable} logical={logical} />,
    [pathKey, parentType, index, count, removable, unwrappable, logical],
  );
  if (node.type === 'AND' || node.type === 'OR')
    return <GroupEditor node={node as { type: 'AND' | 'OR'; params: ConditionNode[] }} pathKey={pathKey} menu={menu} />;
  const sig = NODE_SIGNATURES[node.type];
  const operand = (i: number, extra: Partial<NodeEditorProps> = {}) => {
    const child = node.params[i];
    if (!child)
      return (
        <Text fontSize="xs" color="red.600">
          (falta)
        </Text>
      );
    const slot = slotOf(node.type, i);
    return (
      <NodeEditor
        node={child}
        pathKey={childKey(pathKey, i)}
        slotLabel={slot?.label ?? 'valor'}
        slotAccepts={slot?.accepts ?? 'any'}
        parentType={node.type}
        index={i}
        count={node.params.length}
        {...extra}
      />
    );
  };
  const bordered = { borderWidth: '1px', borderColor: 'border.muted', rounded: 'md', px: '2', py: '1' } as const;
  switch (sig.group) {
    case 'comparison': {
      const left = node.params[0];
      const attributeName = left?.type === 'field' ? left.value : undefined;
      return (
        <Flex gap="1.5" align="center" wrap="wrap" {...bordered} bg="bg.subtle">
          {left?.type === 'field' ? <LeftField field={left.value} pathKey={pathKey} /> : operand(0)}
          <TypeSelect nodeType={node.type} pathKey={pathKey} types={COMPARISON_TYPES} label="Operador" width="44" />
          {node.params.slice(1).map((_, j) => (
            <Flex key={j} gap="1" align="center">
              {node.type === 'BETWEEN' && j === 1 && <Text fontSize="xs">e</Text>}
              {operand(j + 1, { attributeName })}
            </Flex>
          ))}
          {menu}
        </Flex>
      );
    }
    case 'arithmetic':
      return (
        <Flex gap="1" align="center" wrap="wrap" {...bordered}>
          <Text fontSize="xs" color="fg.muted">
            (
          </Text>
          {operand(0)}
          {node.type === 'ROUND' ? (
            <>
              <TypeSelect nodeType={node.type} pathKey={pathKey} types={ARITHMETIC_TYPES} label="Operação" width="36" />
              <Text fontSize="xs">casas:</Text>
              {node.params[1] ? operand(1) : <AddDigits pathKey={pathKey} />}
            </>
          ) : (
            <>
              <TypeSelect nodeType={node.type} pathKey={pathKey} types={ARITHMETIC_TYPES} label="Operação" width="36" />
              {operand(1)}
            </>
          )}
          <Text fontSize="xs" color="fg.muted">
            )
          </Text>
          {menu}
        </Flex>
      );
    case 'function':
      return (
        <Flex gap="1" align="center" wrap="wrap" {...bordered}>
          {node.type === 'function' && <FunctionSelect name={node.value} pathKey={pathKey} />}
          <Text fontSize="xs">(</Text>
          {node.params.map((_, i) => (
            <Box key={i}>{operand(i)}</Box>
          ))}
          <Text fontSize="xs">)</Text>
          {menu}
        </Flex>
      );
    default:
      // IF
      return (
        <Box {...bordered}>
          <Flex gap="1.5" align="center" wrap="wrap">
            <Text fontSize="xs" fontWeight="semibold">
              SE
            </Text>
            {operand(0)}
            {menu}
          </Flex>
          <Flex gap="1.5" align="center" wrap="wrap" mt="1">
            <Text fontSize="xs" fontWeight="semibold">
              ENTÃO
            </Text>
            {operand(1)}
          </Flex>
          <Flex gap="1.5" align="center" wrap="wrap" mt="1">
            <Text fontSize="xs" fontWeight="semibold">
              SENÃO
            </Text>
            {operand(2)}
          </Flex>
        </Box>
      );
  }
}

/** ROUND without its digits: a button adds them. */
function AddDigits({ pathKey }: { pathKey: string }) {
  const { dispatch, disabled } = useConditionEditor();
  return (
    <Button
      size="2xs"
      variant="ghost"
      disabled={disabled}
      onClick={() => dispatch({ type: 'add', parentPath: pathOf(pathKey), node: { type: 'numeric', value: 2 } })}
    >
      + casas
    </Button>
  );
}

/**
 * The field compared by a comparison. Choosing a field of another type changes the compared
 * literal values to that type (a number field gets 0 instead of ''). Memoised on the field's
 * name: the comparison is read when a field is chosen, so typing its value leaves this alone.
 */
const LeftField = memo(function LeftField({ field, pathKey }: { field: string; pathKey: string }) {
  const { dispatch, context, disabled, nodeAt } = useConditionEditor();
  return (
    <FieldPicker
      value={field}
      context={context}
      disabled={disabled}
      label="Campo"
      onChange={(name) => {
        const node = nodeAt(pathKey);
        if (!node || !isOperatorNode(node)) return;
        const chosen: ConditionNode = { type: 'field', value: name };
        const attribute = findConditionAttribute(context, name);
        const params = node.params.map((p, i) => {
          if (i === 0) return chosen;
          if (!attribute) return p;
          const wanted = valueFor(chosen, context);
          if (p.type === 'list')
            return attribute.type === 'number' && p.value.some((v) => typeof v !== 'number') ? ({ type: 'list', value: [] } as ConditionNode) : p;
          const literal = p.type === 'string' || p.type === 'numeric' || p.type === 'bool';
          return literal && p.type !== wanted.type ? convertNode(p, wanted.type, context) : p;
        });
        dispatch({ type: 'replace', path: pathOf(pathKey), node: { ...node, params } as ConditionNode });
      }}
    />
  );
});

function GroupEditor({ node, pathKey, menu }: { node: { type: 'AND' | 'OR'; params: ConditionNode[] }; pathKey: string; menu: ReactNode }) {
  return (
    <Box
      borderWidth="1px"
      borderLeftWidth="4px"
      borderLeftColor={node.type === 'AND' ? 'blue.400' : 'orange.400'}
      rounded="md"
      p="2"
      role="group"
      aria-label={node.type === 'AND' ? 'Grupo E' : 'Grupo OU'}
    >
      <GroupHeader type={node.type} pathKey={pathKey} menu={menu} />
      <SortableOperands node={node} pathKey={pathKey} Operand={NodeEditor} />
      <GroupButtons type={node.type} pathKey={pathKey} />
    </Box>
  );
}

/** A group's type and menu; memoised, so an edit inside the group leaves it alone. */
const GroupHeader = memo(function GroupHeader({ type, pathKey, menu }: { type: 'AND' | 'OR'; pathKey: string; menu: ReactNode }) {
  return (
    <Flex gap="2" align="center" mb="2">
      <TypeSelect nodeType={type} pathKey={pathKey} types={GROUP_TYPES} label="Tipo do grupo" width="32" />
      <Text fontSize="xs" color="fg.muted">
        {type === 'AND' ? 'todas as condições abaixo' : 'pelo menos uma das condições abaixo'}
      </Text>
      <Box flex="1" />
      {menu}
    </Flex>
  );
});

const GroupButtons = memo(function GroupButtons({ type, pathKey }: { type: 'AND' | 'OR'; pathKey: string }) {
  const { dispatch, context, disabled } = useConditionEditor();
  return (
    <Flex gap="2" mt="2">
      <Button
        size="xs"
        variant="outline"
        disabled={disabled}
        onClick={() => dispatch({ type: 'add', parentPath: pathOf(pathKey), node: newComparison(context) })}
      >
        + Condição
      </Button>
      <Button
        size="xs"
        variant="ghost"
        disabled={disabled}
        onClick={() =>
          dispatch({
            type: 'add',
            parentPath: pathOf(pathKey),
            node: { type: type === 'AND' ? 'OR' : 'AND', params: [newComparison(context), newComparison(context)] },
          })
        }
      >
        + Grupo {type === 'AND' ? 'OU' : 'E'}
      </Button>
    </Flex>
  );
});
