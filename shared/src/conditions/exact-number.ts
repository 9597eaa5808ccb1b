/**
 * Exact numbers for constant arithmetic. DuckDB types a literal such as `1.5` as DECIMAL and an
 * integer literal as INTEGER, so `0.1 + 0.2 = 0.3` is TRUE there; LENGTH(column) is a BIGINT, so
 * `LENGTH(name) * 0.1` stays exact too, while a DOUBLE column or `/` makes the result DOUBLE. The
 * evaluator folds literal-only subtrees with these exact numbers and runs exact-typed subtrees
 * exactly (evaluate.ts, `exact`); anything DOUBLE is a JavaScript number.
 */
export interface ExactNumber {
  /** value = mantissa / 10^scale */
  mantissa: bigint;
  scale: number;
  /** Came from integer literals only (INTEGER in DuckDB). */
  integer: boolean;
}

export function isExact(v: unknown): v is ExactNumber {
  return typeof v === 'object' && v !== null && 'mantissa' in v;
}

/** The exact number of a literal's written text, or null when DuckDB reads it as DOUBLE (exponent). */
export function exactFromLiteral(text: string): ExactNumber | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const frac = m[3] ?? '';
  return { mantissa: BigInt(`${m[1]}${m[2]}${frac}`), scale: frac.length, integer: m[3] === undefined };
}

export function exactToNumber(v: ExactNumber): number {
  if (v.scale === 0) return Number(v.mantissa);
  const neg = v.mantissa < 0n;
  const digits = (neg ? -v.mantissa : v.mantissa).toString().padStart(v.scale + 1, '0');
  return Number(`${neg ? '-' : ''}${digits.slice(0, -v.scale)}.${digits.slice(-v.scale)}`);
}

const TEN = 10n;
function scaleUp(v: ExactNumber, scale: number): bigint {
  return v.mantissa * TEN ** BigInt(scale - v.scale);
}

export function exactAdd(a: ExactNumber, b: ExactNumber, sign: 1n | -1n): ExactNumber {
  const scale = Math.max(a.scale, b.scale);
  return { mantissa: scaleUp(a, scale) + sign * scaleUp(b, scale), scale, integer: a.integer && b.integer };
}

export function exactMultiply(a: ExactNumber, b: ExactNumber): ExactNumber {
  return { mantissa: a.mantissa * b.mantissa, scale: a.scale + b.scale, integer: a.integer && b.integer };
}

export function exactCompare(a: ExactNumber, b: ExactNumber): number {
  const scale = Math.max(a.scale, b.scale);
  const x = scaleUp(a, scale);
  const y = scaleUp(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** ROUND of a DECIMAL: half away from zero, exactly. */
export function exactRound(v: ExactNumber, digits: number): ExactNumber {
  if (digits >= v.scale) return v;
  const factor = TEN ** BigInt(v.scale - digits);
  const neg = v.mantissa < 0n;
  const abs = neg ? -v.mantissa : v.mantissa;
  let q = abs / factor;
  if ((abs % factor) * 2n >= factor) q += 1n;
  const mantissa = neg ? -q : q;
  return digits >= 0 ? { mantissa, scale: digits, integer: v.integer } : { mantissa: mantissa * TEN ** BigInt(-digits), scale: 0, integer: v.integer };
}

/** ROUND of a DOUBLE as DuckDB computes it: round(x · 10^d) / 10^d, half away from zero. */
export function roundDouble(x: number, digits: number): number {
  if (digits < 0) {
    const modifier = 10 ** -digits;
    const r = roundHalfAway(x / modifier) * modifier;
    return Number.isFinite(r) ? r : 0;
  }
  const modifier = 10 ** digits;
  const r = roundHalfAway(x * modifier) / modifier;
  return Number.isFinite(r) ? r : x;
}

function roundHalfAway(x: number): number {
  // C's round(): half away from zero (Math.round goes half up).
  return x < 0 ? -Math.round(-x) : Math.round(x);
}
