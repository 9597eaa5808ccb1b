/**
 * Rich text (sanitised HTML: p, br, ul, ol, li, b, i, em, strong, a) as plain text that keeps its
 * blocks: each paragraph and list item on a line of its own, list items marked '• ' (or '1. ' in
 * an ordered list), so '<li>…Master</li><li>Código: …</li>' never reads '…MasterCódigo: …'.
 * Pure (no DOM): it runs in the browser, the server and the unit tests alike. The result is text,
 * to be shown as text, never as markup.
 */

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The characters of HTML entities (named ones of the policy's output, decimal and hex). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS = new Set(['p', 'div', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'tr', 'section', 'article']);

/** The lines of `html`'s text, one per block (empty blocks dropped, spaces within a line collapsed). */
export function htmlTextLines(html: string): string[] {
  const lines: string[] = [];
  let line = '';
  // The list marker this line was started with: a line holding only it is an empty item (dropped),
  // while text that merely looks like one ('0.') is kept.
  let marker = '';
  const lists: { ordered: boolean; count: number }[] = [];
  const breakLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text && text !== marker.trim()) lines.push(text);
    line = '';
    marker = '';
  };
  const source = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const tag = /<\/?([a-z][a-z0-9]*)\b[^>]*>/gi;
  let at = 0;
  for (let match = tag.exec(source); match; match = tag.exec(source)) {
    line += decodeEntities(source.slice(at, match.index));
    at = match.index + match[0].length;
    const name = match[1]!.toLowerCase();
    const closing = match[0][1] === '/';
    if (name === 'br') {
      breakLine();
      continue;
    }
    if (!BLOCK_TAGS.has(name)) continue;
    breakLine();
    if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else lists.push({ ordered: name === 'ol', count: 0 });
    } else if (name === 'li' && !closing) {
      const list = lists.at(-1);
      marker = line = list?.ordered ? `${++list.count}. ` : '• ';
    }
  }
  // A tag cut off at the end (a truncated text) is not text.
  line += decodeEntities(source.slice(at).replace(/<[a-z/][^>]*$/i, ''));
  breakLine();
  return lines;
}

/** `html`'s text with its blocks on lines of their own (see htmlTextLines). */
export function htmlText(html: string): string {
  return htmlTextLines(html).join('\n');
}
