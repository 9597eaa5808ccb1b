import { chakra, Field, HStack } from '@chakra-ui/react';
import { useId } from 'react';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** A native checkbox: keyboard, label click and browser tests (`check()`) all work as usual. */
export function CheckboxField({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'checkbox'>>) {
  const id = useId();
  return (
    <Field.Root disabled={disabled}>
      <HStack gap="2" align="center">
        <chakra.input
          id={id}
          type="checkbox"
          boxSize="4"
          accentColor="blue.600"
          cursor={disabled ? 'not-allowed' : 'pointer'}
          checked={value === true}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" cursor={disabled ? 'not-allowed' : 'pointer'}>
          {field.title}
        </chakra.label>
      </HStack>
      {field.description && <Field.HelperText>{field.description}</Field.HelperText>}
    </Field.Root>
  );
}
