import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '@console/shared';

/**
 * Label, required mark and hint around one input. Chakra's Field wires the label to the input
 * inside it (id / htmlFor), so every widget is reachable by its title. A control that is not a
 * form input (a contentEditable editor) names the label through `labelId` and aria-labelledby.
 */
export function FieldShell({
  field,
  disabled,
  labelId,
  error,
  children,
}: {
  field: FieldDefinition;
  disabled?: boolean;
  labelId?: string;
  /** Shown under the input, which is then marked invalid. */
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <Field.Root disabled={disabled} required={field.required} readOnly={field.readOnly} invalid={Boolean(error)} ids={labelId ? { label: labelId } : undefined}>
      <Field.Label>
        {field.title}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {error && <Field.ErrorText role="alert">{error}</Field.ErrorText>}
      {field.description && <Field.HelperText>{field.description}</Field.HelperText>}
    </Field.Root>
  );
}
