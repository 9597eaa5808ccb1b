import { FormDataProvider, NO_FORM_DATA, type FormData } from './data/form-document';
import { FieldRenderingContext } from './field-rendering';
import { ENGINE_RENDERING } from './FieldRenderer';
import { FormFields, type FormFieldsProps } from './parts/FormFields';

export interface DocumentFormProps extends FormFieldsProps {
  /**
   * What widgets read and write beyond their value (the document edited, other collections):
   * the document screen gives it (web/src/documents/form-data.ts). Without it, widgets that read
   * other documents read nothing.
   */
  data?: FormData;
}

/** The form of a document: the engine and the data handed down, then one widget per field. */
export function DocumentForm({ data = NO_FORM_DATA, ...fields }: DocumentFormProps) {
  return (
    <FieldRenderingContext.Provider value={ENGINE_RENDERING}>
      <FormDataProvider value={data}>
        <FormFields {...fields} />
      </FormDataProvider>
    </FieldRenderingContext.Provider>
  );
}
