/**
 * Company by product-code prefix (document 1 §9). The first two characters decide; codes whose
 * first character alone is listed ('8' and '0') match by that character when the two-character
 * prefix is not itself listed.
 */
const TWO_CHAR_RANGES: [from: number, to: number, company: number][] = [
  [10, 14, 1],
  [20, 29, 2],
  [33, 33, 3],
  [40, 46, 4],
  [56, 58, 5],
  [60, 69, 6],
  [77, 79, 7],
  [80, 82, 28],
  [71, 71, 70],
  [91, 91, 91],
  [92, 92, 92],
  [96, 96, 92],
  [0, 0, 93],
  [93, 95, 93],
];

const ONE_CHAR: Record<string, number> = { '8': 28, '0': 93 };

export function companyFromProductCode(code: string): number | null {
  const trimmed = code.trim();
  const two = trimmed.slice(0, 2);
  if (/^\d\d$/.test(two)) {
    const n = Number(two);
    for (const [from, to, company] of TWO_CHAR_RANGES) if (n >= from && n <= to) return company;
  }
  const one = trimmed.slice(0, 1);
  return ONE_CHAR[one] ?? null;
}
