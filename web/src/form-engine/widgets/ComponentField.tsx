import { fieldComponents } from '../field-components';
import { ReadOnlyField } from './ReadOnlyField';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** A `component` field: the widget registered under its name, or the stored value read-only. */
export function ComponentField(props: FieldWidgetProps<FieldOfType<'component'>>) {
  const Widget = Object.hasOwn(fieldComponents, props.field.component) ? fieldComponents[props.field.component] : ReadOnlyField;
  return <Widget {...props} />;
}
