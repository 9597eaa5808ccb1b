import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldDefinition } from '@console/shared';

/**
 * Label, required mark and hint around one input. Chakra's Field wires the label to the input
 * inside it (id / htmlFor), so every widget is reachable by its title.
 */
export function FieldShell({
  field,
  disabled,
  children,
}: {
  field: FieldDefinition;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root disabled={disabled} required={field.required} readOnly={field.readOnly}>
      <Field.Label>
        {field.title}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {field.description && <Field.HelperText>{field.description}</Field.HelperText>}
    </Field.Root>
  );
}
