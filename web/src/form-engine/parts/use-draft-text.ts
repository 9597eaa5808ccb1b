import { useState } from 'react';

/**
 * The text a widget shows for a value typed as text (a number, a list one per line, JSON): kept apart
 * from the value so a half-typed "3." or a new empty line stays on screen, and replaced when the
 * value changes from outside (another user's change taken by 'Usar o valor remoto', a reload) in
 * the same render as the value (React's 'adjusting state when a prop changes'). An effect did it a
 * render later, at a lower priority: a click on 'Usar o valor remoto' painted 'Salvo' while the
 * field still showed the edit it had just dropped (issue 33).
 * `matches(text, value)`: the text already stands for the value (typed here), so it is kept.
 */
export function useDraftText<V>(value: V, toText: (value: V) => string, matches: (text: string, value: V) => boolean): [string, (text: string) => void] {
  const [draft, setDraft] = useState(() => ({ text: toText(value), value }));
  let current = draft;
  if (!Object.is(draft.value, value)) {
    current = { text: matches(draft.text, value) ? draft.text : toText(value), value };
    setDraft(current);
  }
  return [current.text, (text: string) => setDraft({ text, value: current.value })];
}
