import { useContext } from 'react';
import { FieldRenderingContext, type FieldRendering } from './field-rendering';
import { FieldErrorBoundary } from './parts/FieldErrorBoundary';
import { widgetFor } from './registry';
import type { FieldRendererProps } from './types';

export type { FieldRendererProps };

/** The one place that picks a field's widget; each field sits in its own error boundary. */
export function FieldRenderer({ field, value, onChange, disabled }: FieldRendererProps) {
  const provided = useContext(FieldRenderingContext);
  const Widget = widgetFor(field.type);
  const rendered = (
    <FieldErrorBoundary field={field}>
      <Widget field={field} value={value} onChange={onChange} disabled={disabled || field.readOnly} />
    </FieldErrorBoundary>
  );
  // A field rendered on its own (outside DocumentForm) hands the engine to the fields inside it.
  return provided ? rendered : <FieldRenderingContext.Provider value={ENGINE_RENDERING}>{rendered}</FieldRenderingContext.Provider>;
}

/** The engine as container widgets receive it (field-rendering.ts). */
export const ENGINE_RENDERING: FieldRendering = { FieldRenderer, widgetFor };
