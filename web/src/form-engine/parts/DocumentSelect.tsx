import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '@console/shared';
import { FieldShell } from './FieldShell';
import { indentedLabel, type TreeOption } from '../values/option-tree';

/** A labelled native select of documents shown as a tree; '' (the first option) means none. */
export function DocumentSelect({
  field,
  disabled,
  error,
  value,
  emptyLabel,
  extraOptions,
  options,
  onSelect,
}: {
  field: FieldDefinition;
  disabled?: boolean;
  error?: string | null;
  value: string;
  emptyLabel: string;
  /** Options shown before the tree (a stored id the list does not hold). */
  extraOptions?: ReactNode;
  options: readonly TreeOption[];
  onSelect(id: string | null): void;
}) {
  return (
    <FieldShell field={field} disabled={disabled} error={error}>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onSelect(e.currentTarget.value === '' ? null : e.currentTarget.value)}>
          <option value="">{emptyLabel}</option>
          {extraOptions}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {indentedLabel(o)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}
