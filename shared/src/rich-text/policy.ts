/**
 * The console's rich-text policy (document 1 §5), declared once: what an `editor` field may hold.
 * The browser applies it with DOMPurify (web/src/form-engine/values/rich-text.ts), the server with
 * sanitize-html (functions/src/ai/sanitize.ts); both are held to the same hostile corpus
 * (hostile-html.ts) so the two libraries keep the same tags and attributes.
 */

/** The tags rich text keeps; any other tag is dropped and its text kept (unless listed below). */
export const RICH_TEXT_TAGS = ['b', 'i', 'em', 'strong', 'a', 'p', 'br', 'ol', 'ul', 'li'] as const;

/** The attributes kept, per tag: a link's target only (no handlers, styles, classes, data-*). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href'] };

/**
 * Tags dropped with everything inside: code, other vocabularies (SVG, MathML), embedded pages and
 * media, form controls. Their text is not the operator's prose, and what they hold may be markup.
 */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'xmp',
  'plaintext',
  'audio',
  'video',
] as const;

/**
 * Where a link may go: web pages, or e-mail (as the stores' contact pages do). Absolute only: a
 * relative or protocol-relative href, or any other scheme (javascript:, data:), is dropped.
 */
export const RICH_TEXT_HREF_PREFIXES = ['http://', 'https://', 'mailto:'] as const;

/** The schemes of RICH_TEXT_HREF_PREFIXES ('http', 'https', 'mailto'). */
export const RICH_TEXT_HREF_SCHEMES = [...new Set(RICH_TEXT_HREF_PREFIXES.map((prefix) => prefix.slice(0, prefix.indexOf(':'))))];

/** An href that starts with one of RICH_TEXT_HREF_PREFIXES (case aside): DOMPurify's ALLOWED_URI_REGEXP. */
export const RICH_TEXT_HREF = new RegExp(`^(?:${RICH_TEXT_HREF_PREFIXES.map((prefix) => prefix.replace(/[/.]/g, '\\$&')).join('|')})`, 'i');

/** Spaces and controls a browser skips inside a URL, removed before the check (as DOMPurify does). */
// eslint-disable-next-line no-control-regex
const URL_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** Whether a link may keep this href (its entities already decoded, as both parsers give it). */
export function richTextHrefAllowed(href: string): boolean {
  return RICH_TEXT_HREF.test(href.trim().replace(URL_WHITESPACE, ''));
}
