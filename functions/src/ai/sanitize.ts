import type SanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../lib/lazy-module.js';

const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');

/**
 * The rich-text policy of the console (web/src/form-engine/rich-text.ts, document 1 §5) on the
 * server: b, i, em, strong, a (href to http(s) or mailto only), p, br, ol, ul, li; script and
 * style removed with their content, other tags dropped keeping their text.
 */
export function sanitizeRichTextHtml(html: string): string {
  return sanitizeHtml()(html, {
    allowedTags: ['b', 'i', 'em', 'strong', 'a', 'p', 'br', 'ol', 'ul', 'li'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript'],
  }).trim();
}

/** Plain text (titles, badges, facets): markup removed, spaces collapsed; shown as text, never as HTML. */
export function plainText(text: string): string {
  return text
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>?/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
