import { Stack } from '@chakra-ui/react';
import type { FieldDefinition } from '@console/shared';
import { withContentBlocks } from './widgets/ContentBlocksField';
import { FormDocumentProvider, type FormDocument } from './data/form-document';
import { ObjectFields } from './parts/ObjectFields';

export interface DocumentFormProps {
  /** The definition's fields; none means the document is edited as content blocks (`content`). */
  fields: readonly FieldDefinition[];
  /** The whole document; keys without a field are never touched. */
  values: Record<string, unknown>;
  /** Called with the top-level key and its new value. */
  onChange(key: string, value: unknown): void;
  disabled?: boolean;
  /** Per-field lock (the id input outside creation). */
  isFieldDisabled?(field: FieldDefinition): boolean;
  /**
   * The document being edited, for widgets that read other documents (nested selects, embedded
   * lists). Without it they use the document the console's route opens.
   */
  document?: FormDocument;
}

export function DocumentForm({ fields, values, onChange, disabled, isFieldDisabled, document }: DocumentFormProps) {
  const form = (
    <Stack gap="5">
      <ObjectFields
        fields={withContentBlocks(fields)}
        values={values}
        onChange={onChange}
        disabled={disabled}
        isFieldDisabled={isFieldDisabled}
      />
    </Stack>
  );
  return document ? <FormDocumentProvider value={document}>{form}</FormDocumentProvider> : form;
}
