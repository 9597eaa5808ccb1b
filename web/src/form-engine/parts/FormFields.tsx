import { Stack } from '@chakra-ui/react';
import type { FieldDefinition } from '@console/shared';
import { withContentBlocks } from '../widgets/ContentBlocksField';
import { ObjectFields } from './ObjectFields';

export interface FormFieldsProps {
  /** The definition's fields; none means the document is edited as content blocks (`content`). */
  fields: readonly FieldDefinition[];
  /** The whole document; keys without a field are never touched. */
  values: Record<string, unknown>;
  /** Called with the top-level key and its new value. */
  onChange(key: string, value: unknown): void;
  disabled?: boolean;
  /** Per-field lock (the id input outside creation). */
  isFieldDisabled?(field: FieldDefinition): boolean;
}

/** The fields of a whole document (the main form's, or one edited inside it). */
export function FormFields({ fields, values, onChange, disabled, isFieldDisabled }: FormFieldsProps) {
  return (
    <Stack gap="5">
      <ObjectFields fields={withContentBlocks(fields)} values={values} onChange={onChange} disabled={disabled} isFieldDisabled={isFieldDisabled} />
    </Stack>
  );
}
