/**
 * One personalisation for every channel (e-mail subject and body, WhatsApp template parameters).
 *
 * Policy (functions/src/campaigns/README.md, 'One personalisation'):
 * - Tags: {{firstName}}, {{lastName}}, {{name}}, {{email}} — case-insensitive ({{FirstName}} and
 *   {{firstname}} are {{firstName}}), spaces inside the braces allowed.
 * - One fallback for a missing value: 'cliente' for firstName and name (a recipient with no
 *   customer record reads "Oferta para cliente", never "Oferta para "); lastName and email are
 *   empty.
 * - Values are plain text; only an HTML body escapes them (the caller says so). A subject
 *   `Oferta para {{firstName}}` for `Joana D'Ávila & Cia` reads exactly that.
 * - A tag we do not know is left as written in plain text (WhatsApp parameters); in an e-mail
 *   body the template engine (Mustache) also knows the store and the products.
 */

export const PERSONAL_TAGS = ['firstName', 'lastName', 'name', 'email'] as const;
export type PersonalTag = (typeof PERSONAL_TAGS)[number];
export type PersonalValues = Record<PersonalTag, string>;

/** What a customer is called when we do not know their name. */
export const NAME_FALLBACK = 'cliente';

export interface PersonalSource {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** A customer's values for the tags, with the fallback policy applied. */
export function personalValues(source: PersonalSource): PersonalValues {
  const first = source.firstName?.trim() || '';
  const last = source.lastName?.trim() || '';
  return {
    firstName: first || NAME_FALLBACK,
    lastName: last,
    name: [first, last].filter(Boolean).join(' ') || NAME_FALLBACK,
    email: source.email?.trim() || '',
  };
}

const CANONICAL = new Map(PERSONAL_TAGS.map((t) => [t.toLowerCase(), t]));
const TAG = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The known tags of a text written in their canonical case ({{ FIRSTNAME }} → {{firstName}}); the rest untouched. */
export function canonicalTags(text: string): string {
  return text.replace(TAG, (whole, name: string) => {
    const tag = CANONICAL.get(name.toLowerCase());
    return tag ? `{{${tag}}}` : whole;
  });
}

/** A text with the known tags replaced by the values (escaped by `escape` when given: an HTML body). */
export function personaliseText(text: string, source: PersonalSource, escape: (value: string) => string = (v) => v): string {
  const values = personalValues(source);
  return text.replace(TAG, (whole, name: string) => {
    const tag = CANONICAL.get(name.toLowerCase());
    return tag ? escape(values[tag]) : whole;
  });
}
