import type { FieldDefinition } from '@console/shared';
import { FieldErrorBoundary } from './parts/FieldErrorBoundary';
import { widgetFor } from './registry';

export interface FieldRendererProps {
  field: FieldDefinition;
  value: unknown;
  onChange(value: unknown): void;
  disabled?: boolean;
}

/** The one place that picks a field's widget; each field sits in its own error boundary. */
export function FieldRenderer({ field, value, onChange, disabled }: FieldRendererProps) {
  const Widget = widgetFor(field.type);
  return (
    <FieldErrorBoundary field={field}>
      <Widget field={field} value={value} onChange={onChange} disabled={disabled || field.readOnly} />
    </FieldErrorBoundary>
  );
}
