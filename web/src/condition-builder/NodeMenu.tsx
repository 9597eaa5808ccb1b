import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { memo } from 'react';
import { newComparison } from '@console/shared';
import { pathOf, useConditionEditor } from './editor-context';

/**
 * A node's actions: group in AND/OR, wrap in IF, ungroup, move among its siblings, remove. Only
 * the possible ones are listed (remove only from an AND/OR of more than two).
 */
export const NodeMenu = memo(function NodeMenu({
  pathKey,
  parentType,
  index,
  count,
  removable,
  unwrappable,
  logical,
}: {
  pathKey: string;
  parentType?: string;
  index?: number;
  count?: number;
  removable: boolean;
  unwrappable: boolean;
  /** A true/false node (a condition), which AND/OR can group. */
  logical: boolean;
}) {
  const { dispatch, context, disabled } = useConditionEditor();
  const path = pathOf(pathKey);
  const parentPath = path.slice(0, -1);
  const items: { value: string; label: string; run(): void }[] = [];
  if (logical && parentType !== 'AND')
    items.push({ value: 'wrap-and', label: 'Agrupar em E', run: () => dispatch({ type: 'wrap', path, wrapper: 'AND', extra: [newComparison(context)] }) });
  if (logical && parentType !== 'OR')
    items.push({ value: 'wrap-or', label: 'Agrupar em OU', run: () => dispatch({ type: 'wrap', path, wrapper: 'OR', extra: [newComparison(context)] }) });
  items.push({
    value: 'wrap-if',
    label: 'Envolver em SE … ENTÃO … SENÃO',
    run: () =>
      dispatch({
        type: 'wrap',
        path,
        wrapper: 'IF',
        extra: logical
          ? [
              { type: 'bool', value: true },
              { type: 'bool', value: false },
            ]
          : [
              { type: 'numeric', value: 0 },
              { type: 'numeric', value: 0 },
            ],
      }),
  });
  if (unwrappable) items.push({ value: 'unwrap', label: 'Desagrupar', run: () => dispatch({ type: 'unwrap', path }) });
  if (index !== undefined && count !== undefined && (parentType === 'AND' || parentType === 'OR')) {
    if (index > 0) items.push({ value: 'up', label: 'Mover para cima', run: () => dispatch({ type: 'move', parentPath, from: index, to: index - 1 }) });
    if (index < count - 1)
      items.push({ value: 'down', label: 'Mover para baixo', run: () => dispatch({ type: 'move', parentPath, from: index, to: index + 1 }) });
  }
  if (removable) items.push({ value: 'remove', label: 'Remover', run: () => dispatch({ type: 'remove', path }) });
  return (
    <Menu.Root lazyMount onSelect={(e) => items.find((i) => i.value === e.value)?.run()}>
      <Menu.Trigger asChild>
        <IconButton size="2xs" variant="ghost" aria-label="Ações do nó" disabled={disabled}>
          ⋮
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {items.map((i) => (
              <Menu.Item key={i.value} value={i.value}>
                {i.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});
