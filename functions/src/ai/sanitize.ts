import type SanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_HREF_SCHEMES, RICH_TEXT_TAGS, richTextHrefAllowed } from '@console/shared';
import { lazyRequire } from '../lib/lazy-module.js';

const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');

/** An element's attributes with an href the policy refuses left out (sanitize-html would keep a relative one). */
function withAllowedHref(tagName: string, attribs: SanitizeHtml.Attributes): SanitizeHtml.Tag {
  const { href, ...rest } = attribs;
  return { tagName, attribs: href !== undefined && richTextHrefAllowed(href) ? { ...rest, href: href.trim() } : rest };
}

/**
 * The rich-text policy of the console (shared/src/rich-text/policy.ts, document 1 §5) on the
 * server, as DOMPurify applies it in the browser (web/src/form-engine/values/rich-text.ts): its
 * tags and per-tag attributes, links to http(s) or mailto only, its listed tags removed with their
 * content, other tags dropped keeping their text.
 */
export function sanitizeRichTextHtml(html: string): string {
  return sanitizeHtml()(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: RICH_TEXT_HREF_SCHEMES,
    allowProtocolRelative: false,
    transformTags: Object.fromEntries(Object.keys(RICH_TEXT_ATTRIBUTES).map((tag) => [tag, withAllowedHref])),
    disallowedTagsMode: 'discard',
    nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
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
