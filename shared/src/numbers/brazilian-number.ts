/**
 * The one reader of numbers an operator types or imports (the panel's override prompt, CSV cells,
 * the number input, numeric filters). Operators write pt-BR ('1.234,56', '89,90'); files exported
 * by the console and by other tools write a decimal point ('1234.56'). The rules:
 *  - an optional leading minus, then digits;
 *  - both ',' and '.': the last one is the decimal mark, the other groups thousands and must sit
 *    every three digits ('1.234.567,8', '1,234.5');
 *  - one ',' alone is the decimal mark ('89,90', ',5');
 *  - one '.' alone is the decimal mark too ('1.5', '1.234' = 1.234): the console's own exports
 *    write numbers that way, so they import back unchanged;
 *  - several '.' alone group thousands ('1.234.567'); several ',' alone are refused.
 * Anything else (letters, 'R$', spaces inside, '1.23.4') is not a number: null.
 */
export function readBrazilianNumber(text: string): number | null {
  const trimmed = text.trim();
  const match = /^(-?)([\d.,]+)$/.exec(trimmed);
  if (!match) return null;
  const [, sign, body] = match as unknown as [string, string, string];
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  let integer: string;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const mark = lastComma > lastDot ? ',' : '.';
    const group = mark === ',' ? '.' : ',';
    const at = body.lastIndexOf(mark);
    fraction = body.slice(at + 1);
    if (body.slice(0, at).includes(mark)) return null;
    integer = groupedInteger(body.slice(0, at), group) ?? '';
    if (!integer) return null;
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.';
    const parts = body.split(mark);
    if (parts.length === 2) {
      [integer, fraction] = parts as [string, string];
      if (integer === '') integer = '0';
    } else if (mark === '.') {
      integer = groupedInteger(body, '.') ?? '';
      if (!integer) return null;
    } else {
      return null;
    }
  } else {
    integer = body;
  }
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction) || (fraction === '' && /[.,]$/.test(body))) return null;
  const value = Number(`${sign}${integer}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(value) ? value : null;
}

/** '1.234.567' with group '.' → '1234567'; null when the groups are not of three digits. */
function groupedInteger(text: string, group: string): string | null {
  const parts = text.split(group);
  if (parts.length === 1) return /^\d+$/.test(text) ? text : null;
  const [first, ...rest] = parts as [string, ...string[]];
  if (!/^\d{1,3}$/.test(first) || !rest.every((part) => /^\d{3}$/.test(part))) return null;
  return parts.join('');
}
