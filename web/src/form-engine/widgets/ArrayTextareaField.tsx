import { Textarea } from '@chakra-ui/react';
import { arrayText, parseArrayText, textMatchesList } from '../values/array-text';
import { FieldShell } from '../parts/FieldShell';
import { useDraftText } from '../parts/use-draft-text';
import { ReadOnlyField } from './ReadOnlyField';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** A list of texts typed one per line (SKUs, e-mails, node ids); stored trimmed, blanks dropped. */
export function ArrayTextareaField(props: FieldWidgetProps<FieldOfType<'array_textarea'>>) {
  const { field, value, onChange, disabled } = props;
  // The typed text is kept apart from the list, so a new empty line stays on screen while typing.
  // A list changed from outside (another tab, a reload) replaces the text; a value that is not a list keeps it.
  const [text, setText] = useDraftText(
    value,
    (list) => arrayText(list) ?? '',
    (current, list) => textMatchesList(current, list) || arrayText(list) === null,
  );

  if (arrayText(value) === null) return <ReadOnlyField {...props} />;
  return (
    <FieldShell field={field} disabled={disabled}>
      <Textarea
        value={text}
        rows={Math.min(12, Math.max(4, text.split('\n').length + 1))}
        placeholder={field.placeholder}
        fontFamily="mono"
        fontSize="sm"
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseArrayText(e.target.value));
        }}
      />
    </FieldShell>
  );
}
