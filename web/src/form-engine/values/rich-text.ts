import DOMPurify, { type Config } from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_HREF, RICH_TEXT_TAGS } from '@console/shared';

/**
 * DOMPurify's form of the rich-text policy (shared/src/rich-text/policy.ts, document 1 §5); the
 * server applies the same policy with sanitize-html (functions/src/ai/sanitize.ts).
 */
export const RICH_TEXT_PURIFY_CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  // Every attribute some tag may keep; the hook below keeps each on its own tags only.
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: RICH_TEXT_HREF,
  FORBID_CONTENTS: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  KEEP_CONTENT: true,
  // Rich text is a fragment of a page's body: without this, leading <noscript>, <title>… would be
  // parsed as the head's, and what follows them moved out of the tag that should drop it.
  FORCE_BODY: true,
};

/** An instance of its own, so the per-tag hook applies to rich text only (unsupported without a DOM). */
const purifier = DOMPurify();
if (purifier.isSupported) {
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (!RICH_TEXT_ATTRIBUTES[node.nodeName.toLowerCase()]?.includes(data.attrName)) data.keepAttr = false;
  });
}

// The policy's tags dropped with their content (script, style, svg…), content and all.
const DROPPED_WITH_CONTENT = new RegExp(`<(${RICH_TEXT_DROPPED_WITH_CONTENT.join('|')})\\b[\\s\\S]*?<\\/\\1\\s*>`, 'gi');

/** Text only: what is left of `html` when no DOM is there to sanitise it (fails closed). */
export function textOnlyHtml(html: string): string {
  return html
    .replace(DROPPED_WITH_CONTENT, '')
    .replace(/<[^>]*>?/g, '')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The HTML that may be stored: DOMPurify with the rich-text policy (tags outside it keep their text). */
export function sanitizeRichText(html: string): string {
  // Without a DOM (server, unit tests) DOMPurify would hand the input back untouched.
  if (!purifier.isSupported) return textOnlyHtml(html);
  return purifier.sanitize(html, RICH_TEXT_PURIFY_CONFIG);
}

/** An editor left empty holds '' (not the browser's leftover <br> or empty paragraph). */
export function isBlankRichText(html: string): boolean {
  return /^(?:\s|&nbsp;|<br\s*\/?>|<\/?p>)*$/i.test(html);
}

/** What the editor stores for its current HTML. */
export function storedRichText(html: string): string {
  return isBlankRichText(html) ? '' : sanitizeRichText(html);
}

/** A link target the operator may paste or type: http:// or https:// and a host. */
export function isWebUrl(text: string): boolean {
  const candidate = text.trim();
  if (!/^https?:\/\/\S+$/i.test(candidate)) return false;
  try {
    return new URL(candidate).hostname !== '';
  } catch {
    return false;
  }
}

/** Pasted text meant as an address (a scheme, `//` or `www.`), which then must be a web URL. */
export function looksLikeUrl(text: string): boolean {
  const candidate = text.trim();
  if (candidate === '' || /\s/.test(candidate)) return false;
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(candidate) ||
    /^(?:javascript|data|vbscript|file|mailto|tel|blob):/i.test(candidate) ||
    candidate.startsWith('//') ||
    /^www\./i.test(candidate)
  );
}

/** What a paste into the editor does. */
export type PastePlan = { kind: 'refuse' } | { kind: 'link'; url: string } | { kind: 'html'; html: string } | { kind: 'text'; text: string };

export function pastePlan(text: string, html: string): PastePlan {
  if (looksLikeUrl(text)) return isWebUrl(text) ? { kind: 'link', url: text.trim() } : { kind: 'refuse' };
  if (html.trim() !== '') return { kind: 'html', html };
  return { kind: 'text', text };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A link to `url` showing the address itself (a pasted URL with nothing selected). */
export function linkHtml(url: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
}
