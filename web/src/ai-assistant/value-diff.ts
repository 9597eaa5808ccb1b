import { diffWordsWithSpace } from 'diff';
import { htmlText } from '@console/shared';

/** A run of a value's text: `changed` when the other side does not have it (marked in the panel). */
export interface DiffPart {
  text: string;
  changed: boolean;
}

/**
 * The word diff of a proposal's before and after texts (jsdiff, spaces kept): each side's parts
 * join back to exactly its text; the removed words are marked on the before side, the added ones
 * on the after side.
 */
export function wordDiff(before: string, after: string): { before: DiffPart[]; after: DiffPart[] } {
  const out = { before: [] as DiffPart[], after: [] as DiffPart[] };
  for (const change of diffWordsWithSpace(before, after)) {
    if (!change.added) out.before.push({ text: change.value, changed: change.removed });
    if (!change.removed) out.after.push({ text: change.value, changed: change.added });
  }
  return out;
}

/**
 * What a rich-text value shows: the HTML as the sanitiser leaves it (`sanitize`, the editor's
 * DOMPurify policy), rendered as text with its blocks on lines of their own — never the markup.
 */
export function richTextShown(html: string, sanitize: (html: string) => string): string {
  return htmlText(sanitize(html));
}
