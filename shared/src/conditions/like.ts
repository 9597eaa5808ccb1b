/**
 * SQL LIKE as DuckDB runs it: `%` any run of characters, `_` exactly one character (a Unicode code
 * point, so one emoji or one accented letter), every other character itself — no escape character
 * (DuckDB's LIKE has none unless ESCAPE is written, and the writer never writes one), case-sensitive.
 *
 * Matched by hand rather than through a RegExp: a pattern is any text an operator types (slugs,
 * CEPs, URLs with `-`, `/`, `?`, `\`), and each `%` of a regular expression is a backtracking
 * point, so `%a%a%a%b` against a long value would take polynomial time. Here the pattern is cut at
 * each `%` into fixed-length pieces; the first is anchored at the start, the last at the end, and
 * each middle piece is taken at its leftmost place (leftmost is always safe: a later piece can only
 * gain room) — O(value × pattern) at worst.
 */
export type LikeMatcher = (value: string) => boolean;

/** `_` in a compiled piece. */
const ANY = -1;
const SURROGATE = /[\uD800-\uDFFF]/;

function codePoints(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) out.push(ch.codePointAt(0)!);
  return out;
}

/** The value as code points; a value without surrogates is its UTF-16 units, read in place. */
interface Units {
  length: number;
  at(i: number): number;
}

function unitsOf(value: string): Units {
  if (!SURROGATE.test(value)) return { length: value.length, at: (i) => value.charCodeAt(i) };
  const points = codePoints(value);
  return { length: points.length, at: (i) => points[i]! };
}

function pieceAt(piece: readonly number[], units: Units, start: number): boolean {
  for (let j = 0; j < piece.length; j++) {
    const p = piece[j]!;
    if (p !== ANY && p !== units.at(start + j)) return false;
  }
  return true;
}

export function compileLike(pattern: string): LikeMatcher {
  const pieces: number[][] = [[]];
  for (const point of codePoints(pattern)) {
    if (point === 0x25 /* % */) pieces.push([]);
    else pieces[pieces.length - 1]!.push(point === 0x5f /* _ */ ? ANY : point);
  }
  const first = pieces[0]!;
  if (pieces.length === 1) {
    // No `%`: a pattern of plain characters is equality (the common case for IDs and codes).
    if (!first.includes(ANY)) return (value) => value === pattern;
    return (value) => {
      const units = unitsOf(value);
      return units.length === first.length && pieceAt(first, units, 0);
    };
  }
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((p) => p.length > 0);
  const minimum = pieces.reduce((sum, p) => sum + p.length, 0);
  return (value) => {
    const units = unitsOf(value);
    if (units.length < minimum) return false;
    if (!pieceAt(first, units, 0) || !pieceAt(last, units, units.length - last.length)) return false;
    let from = first.length;
    const end = units.length - last.length;
    for (const piece of middle) {
      let at = from;
      while (at + piece.length <= end && !pieceAt(piece, units, at)) at++;
      if (at + piece.length > end) return false;
      from = at + piece.length;
    }
    return true;
  };
}

const cache = new Map<string, LikeMatcher>();

/** `value LIKE pattern` (both non-NULL); matchers are kept for the last few hundred patterns. */
export function sqlLike(value: string, pattern: string): boolean {
  let matcher = cache.get(pattern);
  if (!matcher) {
    matcher = compileLike(pattern);
    if (cache.size > 500) cache.clear();
    cache.set(pattern, matcher);
  }
  return matcher(value);
}
