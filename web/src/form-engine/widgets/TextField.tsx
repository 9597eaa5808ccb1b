import { Input } from '@chakra-ui/react';
import { FieldShell } from '../parts/FieldShell';
import type { FieldOfType, FieldWidgetProps } from '../types';

export function textValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

export function TextField({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'text'>>) {
  return (
    <FieldShell field={field} disabled={disabled}>
      <Input value={textValue(value)} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} />
    </FieldShell>
  );
}
