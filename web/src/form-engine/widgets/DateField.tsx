import { Input } from '@chakra-ui/react';
import { FieldShell } from '../parts/FieldShell';
import { fromDateInputValue, toDateInputValue } from '../values/timestamps';
import type { FieldOfType, FieldWidgetProps } from '../types';

export function DateField({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'date'>>) {
  return (
    <FieldShell field={field} disabled={disabled}>
      <Input type="date" value={toDateInputValue(value)} onChange={(e) => onChange(fromDateInputValue(e.target.value))} />
    </FieldShell>
  );
}
