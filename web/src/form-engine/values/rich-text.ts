import DOMPurify, { type Config } from 'dompurify';

/** Rich text keeps these tags only, and of attributes only a link's href (document 1 §5). */
export const RICH_TEXT_TAGS = ['b', 'i', 'em', 'strong', 'a', 'p', 'br', 'ol', 'ul', 'li'];

const POLICY: Config = {
  ALLOWED_TAGS: RICH_TEXT_TAGS,
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Links go to web pages (or e-mail, as the stores' contact pages do); any other href is dropped.
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:)/i,
  KEEP_CONTENT: true,
};

const SCRIPT_OR_STYLE = /<(script|style)\b[\s\S]*?<\/\1\s*>/gi;

/** Text only: what is left of `html` when no DOM is there to sanitise it (fails closed). */
export function textOnlyHtml(html: string): string {
  return html
    .replace(SCRIPT_OR_STYLE, '')
    .replace(/<[^>]*>?/g, '')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The HTML that may be stored: DOMPurify with the rich-text policy (tags outside it keep their text). */
export function sanitizeRichText(html: string): string {
  // Without a DOM (server, unit tests) DOMPurify would hand the input back untouched.
  if (!DOMPurify.isSupported) return textOnlyHtml(html);
  return DOMPurify.sanitize(html, POLICY);
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
