/**
 * Numbers as Brazilian operators type them: "1.234,56", "99,9" or "99.9" (a lone point is a
 * decimal point), "-7". Null when the text is not a number.
 */
export function parsePtBrNumber(text: string): number | null {
  let t = text.trim().replace(/\s/g, '');
  if (t === '' || t === '-') return null;
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The text of a stored number in the input: decimal comma, no grouping ("1234,5"). */
export function ptBrNumberText(value: number): string {
  return String(value).replace('.', ',');
}
