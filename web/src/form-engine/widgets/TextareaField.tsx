import { Textarea } from '@chakra-ui/react';
import { FieldShell } from '../parts/FieldShell';
import { textValue } from './TextField';
import type { FieldOfType, FieldWidgetProps } from '../types';

export function TextareaField({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'textarea'>>) {
  return (
    <FieldShell field={field} disabled={disabled}>
      <Textarea value={textValue(value)} rows={field.rows ?? 4} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} />
    </FieldShell>
  );
}
