/**
 * Whether the operator asked for a field (the assistant's proposal check, run by the server in
 * functions/src/ai/tools.ts on the operator's request as stored, never on one the browser sends):
 * prices, flags and options are proposable only when the operator's request names them, so an
 * instruction hidden in the data or the model's own idea never reaches the form.
 *
 * Precise: a field is named by its whole title (every word, in order; a plural 's'/'es' allowed; a
 * qualifier in parentheses may be left out: 'preço de custo' names 'Preço de custo (fabricante)')
 * or by its key as one word. A mention that is part of a longer title's mention names only the
 * longer one: with fields 'Preço' and 'Preço promocional', "mude o preço promocional" names the
 * second only, and a bare "preço" names none of 'Preço à vista', 'Preço de custo', 'Preço cheio'.
 */
export interface NamedField {
  name: string;
  title: string;
}

/** Lower case, accents removed, split into words of letters and digits. */
export function intentWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const sameWord = (said: string, word: string) => said === word || said === `${word}s` || said === `${word}es`;

interface Mention {
  field: string;
  start: number;
  end: number;
}

/** Where the phrase `words` occurs in `said` (word positions, end exclusive). */
function occurrences(said: readonly string[], words: readonly string[]): [number, number][] {
  const found: [number, number][] = [];
  if (words.length === 0) return found;
  for (let i = 0; i + words.length <= said.length; i++) {
    if (words.every((word, k) => sameWord(said[i + k]!, word))) found.push([i, i + words.length]);
  }
  return found;
}

/** The names of the fields the text names (see the module comment). */
export function fieldsNamedBy(text: string, fields: readonly NamedField[]): Set<string> {
  const said = intentWords(text);
  const mentions: Mention[] = [];
  for (const field of fields) {
    const key = field.name.toLowerCase();
    const phrases = [intentWords(field.title)];
    const unqualified = intentWords(field.title.replace(/\([^)]*\)/g, ' '));
    if (unqualified.length > 0 && unqualified.length < phrases[0]!.length) phrases.push(unqualified);
    // The key itself ('Price', 'ProductSiteName') as one word of the request.
    if (/^[a-z0-9]+$/.test(key)) phrases.push([key]);
    for (const phrase of phrases) for (const [start, end] of occurrences(said, phrase)) mentions.push({ field: field.name, start, end });
  }
  const within = (inner: Mention, outer: Mention) => outer.start <= inner.start && inner.end <= outer.end && outer.end - outer.start > inner.end - inner.start;
  const named = new Set<string>();
  for (const mention of mentions) if (!mentions.some((other) => within(mention, other))) named.add(mention.field);
  return named;
}

/** Kinds of free text: proposable on any request (describing the product is what the assistant is for). */
export const FREE_TEXT_FIELD_TYPES: ReadonlySet<string> = new Set(['text', 'textarea', 'editor', 'array_textarea']);

export interface IntentField extends NamedField {
  type: string;
}

/**
 * The operator-intent check: whether a proposal may change a field after the operator's `request`.
 * Free text always; prices, flags and options only when the request names the field, so an
 * instruction found in the data (prompt injection) or the model's own idea does not reach the
 * form. `fields` are all the document's fields, so 'preço promocional' does not also name 'Preço'.
 */
export function operatorAskedFor(request: string, fields: readonly IntentField[]): (field: IntentField) => boolean {
  const named = fieldsNamedBy(request, fields);
  return (field) => FREE_TEXT_FIELD_TYPES.has(field.type) || named.has(field.name);
}
