import { Box, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { findConditionAttribute, type ConditionAttribute, type LeafNode, type ListItem } from '@console/shared';
import { FieldPicker } from './FieldPicker';
import { pathOf, useConditionEditor, useDraftProblem } from './editor-context';
import { parsePtBrNumber, ptBrNumberText } from './pt-br-number';

/**
 * The input of a leaf: the field picker, text, pt-BR number, date (when compared with a date
 * attribute), true/false, or a list with one item per line. `attributeName` is the field the value
 * is compared with, which chooses the input and its suggestions.
 */
export function LeafEditor({ node, pathKey, label, attributeName }: { node: LeafNode; pathKey: string; label: string; attributeName?: string }) {
  const { dispatch, context, disabled } = useConditionEditor();
  const attribute = attributeName ? findConditionAttribute(context, attributeName) : undefined;
  const replace = (next: LeafNode) => dispatch({ type: 'replace', path: pathOf(pathKey), node: next, coalesce: pathKey });
  switch (node.type) {
    case 'field':
      return (
        <FieldPicker
          value={node.value}
          context={context}
          disabled={disabled}
          label={label}
          onChange={(value) => dispatch({ type: 'replace', path: pathOf(pathKey), node: { type: 'field', value } })}
        />
      );
    case 'string':
      if (attribute?.type === 'date') {
        return (
          <Input
            size="xs"
            type="date"
            width="40"
            aria-label={label}
            disabled={disabled}
            value={node.value.slice(0, 10)}
            onChange={(e) => replace({ type: 'string', value: e.target.value })}
          />
        );
      }
      return <TextValue value={node.value} label={label} disabled={disabled} attribute={attribute} onChange={(value) => replace({ type: 'string', value })} />;
    case 'numeric':
      return <NumberValue value={node.value} label={label} pathKey={pathKey} disabled={disabled} onChange={(value) => replace({ type: 'numeric', value })} />;
    case 'bool':
      return (
        <NativeSelect.Root size="xs" width="32" disabled={disabled}>
          <NativeSelect.Field aria-label={label} value={String(node.value)} onChange={(e) => replace({ type: 'bool', value: e.target.value === 'true' })}>
            <option value="true">verdadeiro</option>
            <option value="false">falso</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'null':
      return (
        <Text fontSize="xs" color="fg.muted" aria-label={label}>
          vazio (NULL)
        </Text>
      );
    case 'list':
      return (
        <ListValue
          items={node.value}
          label={label}
          pathKey={pathKey}
          disabled={disabled}
          numeric={attribute ? attribute.type === 'number' : node.value.length > 0 && node.value.every((v) => typeof v === 'number')}
          onChange={(value) => replace({ type: 'list', value })}
        />
      );
  }
}

function TextValue({
  value,
  label,
  disabled,
  attribute,
  onChange,
}: {
  value: string;
  label: string;
  disabled: boolean;
  attribute?: ConditionAttribute;
  onChange(v: string): void;
}) {
  const id = useId();
  const listId = attribute?.options ? `${id}-options` : undefined;
  return (
    <>
      <Input
        size="xs"
        width="44"
        aria-label={label}
        disabled={disabled}
        value={value}
        list={listId}
        placeholder={attribute?.hint ?? 'texto'}
        onChange={(e) => onChange(e.target.value)}
      />
      {listId && (
        <datalist id={listId}>
          {attribute!.options!.map((o) => (
            <option key={String(o)} value={String(o)} />
          ))}
        </datalist>
      )}
    </>
  );
}

/** Shown beside a number box whose text is not a number (the stored value keeps the last number). */
export const INVALID_NUMBER_MESSAGE = 'Número inválido: use algarismos, como 1.234,56. Não salvo.';
/** Shown beside a list of numbers with a line that is not one. */
export const INVALID_NUMBER_LIST_MESSAGE = 'Lista inválida: um número por linha, como 1.234,56. Não salva.';

function NumberValue({
  value,
  label,
  pathKey,
  disabled,
  onChange,
}: {
  value: number;
  label: string;
  pathKey: string;
  disabled: boolean;
  onChange(v: number): void;
}) {
  // The text is kept apart from the value so "12," and "-" stay on screen while typing.
  const [text, setText] = useState(() => ptBrNumberText(value));
  useEffect(() => {
    setText((current) => (parsePtBrNumber(current) === value ? current : ptBrNumberText(value)));
  }, [value]);
  const invalid = parsePtBrNumber(text) === null;
  useDraftProblem(pathKey, invalid);
  const messageId = useId();
  return (
    <Box>
      <Input
        size="xs"
        width="28"
        inputMode="decimal"
        aria-label={label}
        disabled={disabled}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? messageId : undefined}
        borderColor={invalid ? 'red.500' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const n = parsePtBrNumber(e.target.value);
          if (n !== null) onChange(n);
        }}
      />
      {invalid && (
        <Text id={messageId} role="alert" fontSize="xs" color="red.600" maxW="44">
          {INVALID_NUMBER_MESSAGE}
        </Text>
      )}
    </Box>
  );
}

/** One item per line, trimmed, blanks dropped (document 1 §5); numbers in pt-BR for a number field. */
export function parseListText(text: string, numeric: boolean): ListItem[] | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (!numeric) return lines;
  const numbers = lines.map(parsePtBrNumber);
  return numbers.every((n) => n !== null) ? (numbers as number[]) : null;
}

function ListValue({
  items,
  label,
  pathKey,
  disabled,
  numeric,
  onChange,
}: {
  items: ListItem[];
  label: string;
  pathKey: string;
  disabled: boolean;
  numeric: boolean;
  onChange(v: ListItem[]): void;
}) {
  const textOf = (list: ListItem[]) => list.map((v) => (typeof v === 'number' ? ptBrNumberText(v) : v)).join('\n');
  const [text, setText] = useState(() => textOf(items));
  useEffect(() => {
    setText((current) => (JSON.stringify(parseListText(current, numeric)) === JSON.stringify(items) ? current : textOf(items)));
  }, [items, numeric]);
  const parsed = parseListText(text, numeric);
  useDraftProblem(pathKey, parsed === null);
  const messageId = useId();
  return (
    <Box>
      <Textarea
        size="xs"
        width="44"
        rows={Math.min(6, Math.max(2, items.length + 1))}
        aria-label={label}
        disabled={disabled}
        placeholder="um valor por linha"
        value={text}
        aria-invalid={parsed === null || undefined}
        aria-describedby={parsed === null ? messageId : undefined}
        borderColor={parsed === null ? 'red.500' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const next = parseListText(e.target.value, numeric);
          if (next) onChange(next);
        }}
      />
      {parsed === null && (
        <Text id={messageId} role="alert" fontSize="xs" color="red.600" maxW="44">
          {INVALID_NUMBER_LIST_MESSAGE}
        </Text>
      )}
    </Box>
  );
}
