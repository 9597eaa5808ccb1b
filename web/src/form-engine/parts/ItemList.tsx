import { HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FieldGroup } from './FieldGroup';
import { ListItemCard } from './ListItemCard';
import { listItems, moveItem, removeItem, replaceItem } from '../values/list-items';
import { ReadOnlyField } from '../widgets/ReadOnlyField';
import { FORM_TEXTS } from '../texts';
import type { FieldWidgetProps } from '../types';
import { useItemKeys } from './use-item-keys';
import { WidgetButton, WidgetNote } from './WidgetParts';

export interface AddAction {
  label: string;
  create(): unknown;
}

/**
 * The frame every list widget shares: one card per item with up / down / remove (after the
 * confirm), then the add buttons. Each widget says how an item is edited. A stored value that is
 * not a list is shown read-only.
 */
export function ItemList({
  widget,
  items = listItems(widget.value),
  onItemsChange = widget.onChange,
  itemLabel = (index) => `${FORM_TEXTS.item} ${index + 1}`,
  renderItem,
  addActions,
  footer,
}: {
  /** The list widget's own props. */
  widget: FieldWidgetProps;
  /** The items, when the stored value is not the list itself (content blocks); null = read-only. */
  items?: readonly unknown[] | null;
  onItemsChange?(items: unknown[]): void;
  itemLabel?(index: number, item: unknown): string;
  renderItem(item: unknown, index: number, replace: (next: unknown) => void): ReactNode;
  addActions: AddAction[];
  /** Under the add buttons (a list of images: 'Baixar de URLs'). */
  footer?: ReactNode;
}) {
  const keys = useItemKeys(items?.length ?? 0);
  if (!items) return <ReadOnlyField {...widget} />;
  const { field, disabled } = widget;
  const onChange = onItemsChange;
  return (
    <FieldGroup field={field} disabled={disabled}>
      {items.length === 0 && <WidgetNote>{FORM_TEXTS.noItems}</WidgetNote>}
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
          <WidgetButton
            key={action.label}
            disabled={disabled}
            onClick={() => {
              keys.append();
              onChange([...items, action.create()]);
            }}
          >
            {action.label}
          </WidgetButton>
        ))}
      </HStack>
      {footer}
    </FieldGroup>
  );
}
