import { Button, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '@console/shared';
import { FieldGroup } from './FieldGroup';
import { ListItemCard } from './ListItemCard';
import { moveItem, removeItem, replaceItem } from './list-items';
import { FORM_TEXTS } from './texts';
import { useItemKeys } from './use-item-keys';

export interface AddAction {
  label: string;
  create(): unknown;
}

/**
 * The frame every list widget shares: one card per item with up / down / remove (after the
 * confirm), then the add buttons. Each widget says how an item is edited.
 */
export function ItemList({
  field,
  items,
  onChange,
  disabled,
  itemLabel = (index) => `${FORM_TEXTS.item} ${index + 1}`,
  renderItem,
  addActions,
}: {
  field: FieldDefinition;
  items: readonly unknown[];
  onChange(items: unknown[]): void;
  disabled?: boolean;
  itemLabel?(index: number, item: unknown): string;
  renderItem(item: unknown, index: number, replace: (next: unknown) => void): ReactNode;
  addActions: AddAction[];
}) {
  const keys = useItemKeys(items.length);
  return (
    <FieldGroup field={field} disabled={disabled}>
      {items.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {FORM_TEXTS.noItems}
        </Text>
      )}
      {items.map((item, index) => (
        <ListItemCard
          key={keys.keys[index]}
          label={itemLabel(index, item)}
          disabled={disabled}
          canMoveUp={index > 0}
          canMoveDown={index < items.length - 1}
          onMove={(offset) => {
            keys.move(index, offset);
            onChange(moveItem(items, index, offset));
          }}
          onRemove={() => {
            keys.remove(index);
            onChange(removeItem(items, index));
          }}
        >
          {renderItem(item, index, (next) => onChange(replaceItem(items, index, next)))}
        </ListItemCard>
      ))}
      <HStack gap="2" wrap="wrap">
        {addActions.map((action) => (
          <Button
            key={action.label}
            type="button"
            size="sm"
            variant="outline"
            disabled={disabled}
            onClick={() => {
              keys.append();
              onChange([...items, action.create()]);
            }}
          >
            {action.label}
          </Button>
        ))}
      </HStack>
    </FieldGroup>
  );
}
