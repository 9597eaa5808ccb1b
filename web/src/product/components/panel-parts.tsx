import { Badge, Box, Button, Flex, Heading, Image, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatMoney, formatNumber } from '../../lib/format';
import { PANEL_TEXTS, type PanelField, type ValueFormat } from '../constants';

/** A value as the panel shows it: money in BRL, numbers in pt-BR, a dash for nothing. */
export function displayValue(value: unknown, format: ValueFormat = 'text'): string {
  if (value === null || value === undefined || value === '') return PANEL_TEXTS.empty;
  if (typeof value === 'boolean') return value ? PANEL_TEXTS.yes : PANEL_TEXTS.no;
  if (typeof value === 'number') {
    if (format === 'money') return formatMoney(value);
    if (format === 'percent') return `${formatNumber(value)}%`;
    return format === 'text' ? String(value) : formatNumber(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h3" size="sm" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** How an overridden field shows: the mark, upstream's value when it differs, and the way back. */
export interface OverrideState {
  /** Upstream's value when it now differs from the override. */
  upstreamDiffers: { upstream: unknown } | null;
  /** Upstream moved after the override was made: the sentence and its two answers (issue 29 point 4). */
  stale: { sentence: string; actions: ReactNode } | null;
  onRemove(): void;
}

/** 'Alterado manualmente', 'Origem agora: …' and 'Remover alteração' beside an overridden field. */
export function OverrideNote({
  label,
  format,
  state,
  busy,
  testId,
}: {
  label: string;
  format: ValueFormat;
  state: OverrideState;
  busy: boolean;
  testId: string;
}) {
  return (
    <Flex align="center" gap="2" fontSize="xs" wrap="wrap" data-testid={testId}>
      <Badge size="sm" colorPalette="orange">
        {PANEL_TEXTS.overridden}
      </Badge>
      {state.stale ? (
        <>
          <Text color="fg.warning" data-testid={`${testId}-stale`}>
            {state.stale.sentence}
          </Text>
          {state.stale.actions}
        </>
      ) : (
        state.upstreamDiffers && <Text color="fg.warning">{PANEL_TEXTS.upstreamNow(displayValue(state.upstreamDiffers.upstream, format))}</Text>
      )}
      <Button size="2xs" variant="ghost" aria-label={PANEL_TEXTS.removeOverrideLabel(label)} disabled={busy} onClick={state.onRemove}>
        {PANEL_TEXTS.removeOverride}
      </Button>
    </Flex>
  );
}

interface FieldRowProps {
  field: PanelField;
  value: unknown;
  /** Set when the field is overridden. */
  override?: OverrideState;
  /** Shown next to the value (e.g. why a blank is fine). */
  note?: string;
  busy: boolean;
  onOverride?: () => void;
}

/** One field: label, value and, for overridable fields, the 'Alterar' button. */
export function FieldRow({ field, value, note, busy, onOverride, override }: FieldRowProps) {
  const shown = displayValue(value, field.format);
  return (
    <Flex align="center" gap="3" py="1" borderBottomWidth="1px" borderColor="border.muted" data-field={field.field}>
      <Text flex="0 0 13rem" fontSize="sm" color="fg.muted">
        {field.label}
      </Text>
      <Flex flex="1" minW="0" align="center" gap="2">
        {field.format === 'image' && typeof value === 'string' && value ? (
          <Image src={value} alt={field.label} maxH="16" onError={(e) => (e.currentTarget.hidden = true)} />
        ) : null}
        <Text fontSize="sm" truncate data-testid={`value-${field.field}`}>
          {shown}
        </Text>
        {note && (
          <Text fontSize="xs" color="fg.subtle">
            ({note})
          </Text>
        )}
        {override && (
          <OverrideNote
            label={field.label}
            format={field.format === 'image' ? 'text' : field.format}
            state={override}
            busy={busy}
            testId={`override-${field.field}`}
          />
        )}
      </Flex>
      {onOverride && (
        <Button size="xs" variant="ghost" aria-label={PANEL_TEXTS.overrideLabel(field.label)} disabled={busy} onClick={onOverride}>
          {PANEL_TEXTS.override}
        </Button>
      )}
    </Flex>
  );
}
