import { Box, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FORM_TEXTS } from '../texts';
import { ToolButton, WidgetButton } from './WidgetParts';

export interface ListItemCardProps {
  /** Names the item: its heading and its group (tests and screen readers find it by this). */
  label: string;
  /** Smaller text beside the label (a document id). */
  detail?: string;
  disabled?: boolean;
  /** Omitted for maps, whose entries have no order. */
  onMove?(offset: -1 | 1): void;
  canMoveUp?: boolean;
  canMoveDown?: boolean;
  /** Called only after the operator confirms 'Tem certeza que deseja remover este item?'. */
  onRemove(): void;
  children: ReactNode;
}

const MOVES = [
  { offset: -1, label: FORM_TEXTS.moveUp, arrow: '↑' },
  { offset: 1, label: FORM_TEXTS.moveDown, arrow: '↓' },
] as const;

/** One item of a list or map widget: heading, up / down / remove, then the item's own inputs. */
export function ListItemCard({ label, detail, disabled, onMove, canMoveUp, canMoveDown, onRemove, children }: ListItemCardProps) {
  return (
    <Box role="group" aria-label={label} borderWidth="1px" rounded="md" bg="bg.subtle" px="3" py="2">
      <HStack justify="space-between" gap="2" mb="2">
        <Text fontSize="sm" fontWeight="medium" truncate>
          {label}
          {detail && (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              ({detail})
            </Text>
          )}
        </Text>
        <HStack gap="1">
          {onMove &&
            MOVES.map((move) => (
              <ToolButton
                key={move.offset}
                label={move.label}
                disabled={disabled || !(move.offset < 0 ? canMoveUp : canMoveDown)}
                onClick={() => onMove(move.offset)}
              >
                {move.arrow}
              </ToolButton>
            ))}
          <WidgetButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            disabled={disabled}
            onClick={() => {
              if (window.confirm(FORM_TEXTS.confirmRemove)) onRemove();
            }}
          >
            {FORM_TEXTS.remove}
          </WidgetButton>
        </HStack>
      </HStack>
      {children}
    </Box>
  );
}
