import { NativeSelect } from '@chakra-ui/react';
import { FieldShell } from '../parts/FieldShell';
import type { FieldOfType, FieldWidgetProps } from '../types';

export function SelectField({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'select'>>) {
  const selected = value === null || value === undefined ? '' : String(value);
  // A stored value the options no longer list is still shown, rather than a silently blank select.
  const unknown = selected !== '' && !field.options.some((o) => o.value === selected);
  return (
    <FieldShell field={field} disabled={disabled}>
      <NativeSelect.Root>
        <NativeSelect.Field value={selected} onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}>
          <option value="">{field.placeholder ?? 'Selecione...'}</option>
          {unknown && <option value={selected}>{selected} (valor atual)</option>}
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}
