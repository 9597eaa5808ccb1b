import { Input } from '@chakra-ui/react';
import { FieldShell } from '../parts/FieldShell';
import { fromDatetimeInputValue, toDatetimeInputValue } from '../values/timestamps';
import type { FieldOfType, FieldWidgetProps } from '../types';

export function DatetimeField({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'datetime'>>) {
  return (
    <FieldShell field={field} disabled={disabled}>
      <Input type="datetime-local" value={toDatetimeInputValue(value)} onChange={(e) => onChange(fromDatetimeInputValue(e.target.value))} />
    </FieldShell>
  );
}
