import { Input } from '@chakra-ui/react';
import { FieldShell } from '../parts/FieldShell';
import { useDraftText } from '../parts/use-draft-text';
import { acceptNumberText, numberText, parseNumberText } from '../values/number-text';
import type { FieldOfType, FieldWidgetProps } from '../types';

export function NumberField({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'number'>>) {
  // The text is kept apart from the value so "-", "3." and "0.0" stay on screen while typing.
  const [text, setText] = useDraftText(value, numberText, (current, next) => parseNumberText(current) === (typeof next === 'number' ? next : null));

  return (
    <FieldShell field={field} disabled={disabled}>
      <Input
        inputMode="decimal"
        autoComplete="off"
        value={text}
        placeholder={field.placeholder}
        onChange={(e) => {
          const accepted = acceptNumberText(e.target.value);
          if (accepted === null) return;
          setText(accepted);
          onChange(parseNumberText(accepted));
        }}
      />
    </FieldShell>
  );
}
