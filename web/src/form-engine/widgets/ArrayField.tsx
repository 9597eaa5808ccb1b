import { emptyValue } from '../values/empty-value';
import { useFieldRendering } from '../field-rendering';
import { ItemList } from '../parts/ItemList';
import { ListUrlDownload } from '../parts/ListUrlDownload';
import { ReadOnlyField } from './ReadOnlyField';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** A list of values each edited with the inner field's widget (payment methods, a segment's conditions...). */
export function ArrayField(props: FieldWidgetProps<FieldOfType<'array_field'>>) {
  const { field, disabled } = props;
  const { FieldRenderer, widgetFor } = useFieldRendering();
  // A list of kinds shown read-only (layouts) stays read-only as a whole: no empty
  // item could be filled in, and saving must leave it as stored.
  if (widgetFor(field.of.type) === ReadOnlyField) return <ReadOnlyField {...props} />;
  return (
    <ItemList
      widget={props}
      addActions={[{ label: FORM_TEXTS.add, create: () => emptyValue(field.of) }]}
      footer={field.of.type === 'image' ? <ListUrlDownload {...props} /> : undefined}
      renderItem={(item, index, replace) => (
        <FieldRenderer field={{ ...field.of, title: `${field.of.title} ${index + 1}` }} value={item} disabled={disabled} onChange={replace} />
      )}
    />
  );
}
