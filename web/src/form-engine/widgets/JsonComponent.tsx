import { Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { FieldShell } from '../parts/FieldShell';
import { jsonEditText, parseJsonEdit } from '../values/json-text';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** The 'json' component: a JSON value edited as text; while the text is not valid JSON the stored value stays. */
export function JsonComponent({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'component'>>) {
  const [text, setText] = useState(() => jsonEditText(value));
  const [error, setError] = useState<string | null>(null);
  /** The value last reported: a value with the same JSON came from this text. */
  const reported = useRef<unknown>(value);

  useEffect(() => {
    // Compared by content: a save hands the same value back as a new object.
    if (jsonEditText(value) !== jsonEditText(reported.current)) {
      reported.current = value;
      setText(jsonEditText(value));
      setError(null);
    }
  }, [value]);

  return (
    <FieldShell field={field} disabled={disabled} error={error}>
      <Textarea
        value={text}
        rows={Math.min(20, Math.max(4, text.split('\n').length + 1))}
        fontFamily="mono"
        fontSize="xs"
        spellCheck={false}
        placeholder={field.placeholder}
        onChange={(e) => {
          setText(e.target.value);
          const edit = parseJsonEdit(e.target.value, value);
          if (!edit.ok) {
            setError(edit.message);
            return;
          }
          setError(null);
          reported.current = edit.value;
          onChange(edit.value);
        }}
      />
    </FieldShell>
  );
}
