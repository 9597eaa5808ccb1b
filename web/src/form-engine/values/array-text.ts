/** array_textarea (document 1 §5 'Array of text'): one item per line, trimmed, blanks dropped. */
export function parseArrayText(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The text shown for a stored list, or null when the stored value is not a list of texts (then the
 * widget shows it read-only instead of rewriting it). Numbers (old imports of SKUs) are shown as text.
 */
export function arrayText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' || typeof item === 'number')) return null;
  return value.map(String).join('\n');
}

/** Whether `text` already says what `value` holds (so typing blank lines does not reset the text). */
export function textMatchesList(text: string, value: unknown): boolean {
  const shown = arrayText(value);
  return shown !== null && parseArrayText(text).join('\n') === parseArrayText(shown).join('\n');
}
