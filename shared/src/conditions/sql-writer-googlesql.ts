import { findConditionAttribute } from './attributes.js';
import { CONDITION_FUNCTIONS, NODE_SIGNATURES, type ValueType } from './signatures.js';
import type { ConditionContext, ConditionNode, ListItem } from './types.js';

/**
 * The SQL of a condition tree in BigQuery's dialect (GoogleSQL), giving the answers DuckDB gives
 * for writeConditionSql's text (and so the evaluator's). README 'SQL dialect' lists the
 * differences; this writer spells each one the GoogleSQL way:
 *
 * - every field part in backticks (a double-quoted name is a string there);
 * - strings with backslash escapes (`\'`, `\\`, `\n`; a doubled quote is two literals there);
 * - LIKE: GoogleSQL's `\` is an escape character, DuckDB's pattern has none, so a pattern's
 *   backslashes are doubled (in the literal, or with REPLACE when the pattern is not a literal);
 * - a number with a fraction is `BIGNUMERIC '…'` (DuckDB reads `1.5` as an exact DECIMAL, BigQuery
 *   as FLOAT64; `0.1 + 0.2 = 0.3` must stay TRUE), an integer beyond INT64's safe range too;
 * - division is IEEE_DIVIDE (DuckDB's `x / 0` is ±Infinity or NaN, BigQuery's `/` raises);
 * - a literal NULL where GoogleSQL refuses one (an operand of a comparison, LIKE or arithmetic,
 *   two NULL branches of an IF) is a NULL typed by its siblings: the answer is NULL in both.
 *
 * `column` renames a field (the segment query reads flat columns: `event.name` → `event__name`);
 * types are read from the catalogue of `context` on the field's own name.
 */
export interface GoogleSqlOptions {
  context: ConditionContext;
  column?: (field: string) => string;
  /** A field's type when the catalogue does not say (a test's free columns). */
  fieldType?: (field: string) => ValueType | undefined;
}

type SqlType = 'STRING' | 'FLOAT64' | 'BOOL';

const SQL_TYPE: Partial<Record<ValueType, SqlType>> = { string: 'STRING', number: 'FLOAT64', boolean: 'BOOL' };

const ATOM = 10;
const PRECEDENCE: Record<string, number> = Object.fromEntries(
  Object.values(NODE_SIGNATURES).map((sig) => [sig.type, 'precedence' in sig.sql ? sig.sql.precedence : ATOM]),
);

const COMPARISONS = new Set(['=', '!=', '>', '>=', '<', '<=', 'LIKE']);
const ARITHMETIC = new Set(['+', '-', '*', '/']);

export function writeConditionGoogleSql(node: ConditionNode, options: GoogleSqlOptions): string {
  return new GoogleSqlWriter(options).write(node);
}

class GoogleSqlWriter {
  constructor(private readonly options: GoogleSqlOptions) {}

  private typeOf(node: ConditionNode | undefined): SqlType | undefined {
    if (!node) return undefined;
    switch (node.type) {
      case 'null':
        return undefined;
      case 'field': {
        const attribute = findConditionAttribute(this.options.context, node.value);
        const type = attribute ? (attribute.type === 'date' ? 'string' : attribute.type) : this.options.fieldType?.(node.value);
        return type ? SQL_TYPE[type] : undefined;
      }
      case 'IF':
        return this.typeOf(node.params[1]) ?? this.typeOf(node.params[2]);
      case 'function': {
        const result = CONDITION_FUNCTIONS[node.value.toUpperCase()]?.result;
        return result ? SQL_TYPE[result] : undefined;
      }
      default: {
        const result = NODE_SIGNATURES[node.type].result;
        return result === 'second' ? undefined : SQL_TYPE[result];
      }
    }
  }

  /** A NULL of `type` (an untyped NULL is INT64 in GoogleSQL, refused beside a text). */
  private typedNull(type: SqlType | undefined): string {
    return type ? `CAST(NULL AS ${type})` : 'NULL';
  }

  /** Whether the node is NULL whatever the row: a NULL leaf, or an IF whose two branches are. */
  private alwaysNull(node: ConditionNode | undefined): boolean {
    if (!node) return true;
    if (node.type === 'null') return true;
    return node.type === 'IF' && this.alwaysNull(node.params[1]) && this.alwaysNull(node.params[2]);
  }

  write(node: ConditionNode, want?: SqlType): string {
    switch (node.type) {
      case 'field':
        return (this.options.column ? [this.options.column(node.value)] : node.value.split('.')).map(backticked).join('.');
      case 'string':
        return googleString(node.value);
      case 'numeric':
        return googleNumber(node.value);
      case 'bool':
        return node.value ? 'TRUE' : 'FALSE';
      case 'null':
        return this.typedNull(want);
      case 'list':
        return googleList(node.value);
      case 'function': {
        const params = CONDITION_FUNCTIONS[node.value.toUpperCase()]?.params ?? [];
        return `${node.value.toUpperCase()}(${node.params.map((p, i) => this.write(p, SQL_TYPE[params[i] ?? 'any'])).join(', ')})`;
      }
      case 'AND':
      case 'OR': {
        const params = node.params;
        if (params.length === 0) return node.type === 'AND' ? 'TRUE' : 'FALSE';
        if (params.length === 1) return this.write(params[0]!, 'BOOL');
        return params.map((p) => this.operand(p, 3, 'BOOL')).join(node.type === 'AND' ? ' AND ' : ' OR ');
      }
      case 'IF': {
        const [c, a, b] = node.params;
        const type = this.typeOf(node) ?? want;
        if (this.alwaysNull(a) && this.alwaysNull(b)) return this.typedNull(type);
        return `IF(${c ? this.write(c, 'BOOL') : 'NULL'}, ${a ? this.write(a, type) : this.typedNull(type)}, ${b ? this.write(b, type) : this.typedNull(type)})`;
      }
      case 'ROUND': {
        const [x, d] = node.params;
        const digits = d?.type === 'numeric' ? d.value : 0;
        if (!x || this.alwaysNull(x)) return 'CAST(NULL AS FLOAT64)';
        if (!digits || literalOnly(x)) return `ROUND(${node.params.map((p) => this.write(p, 'FLOAT64')).join(', ')})`;
        // DuckDB rounds a DOUBLE as round(x · 10^d) / 10^d (2.675 → 2.68; GoogleSQL's exact ROUND
        // gives 2.67), keeping x when that overflows (0 for negative digits).
        const value = this.write(x, 'FLOAT64');
        const m = `1E${Math.abs(digits)}`;
        const r = digits > 0 ? `ROUND((${value}) * ${m}) / ${m}` : `ROUND((${value}) / ${m}) * ${m}`;
        return `IF(IS_INF(${r}) OR IS_NAN(${r}), ${digits > 0 ? value : '0'}, ${r})`;
      }
      case 'IS NULL':
      case 'IS NOT NULL':
        return `${this.operand(node.params[0], 7)} ${node.type}`;
      case 'BETWEEN': {
        const type = node.params.map((p) => this.typeOf(p)).find(Boolean);
        const [a, b, c] = node.params;
        if (!type && [a, b, c].every((p) => this.alwaysNull(p))) return 'CAST(NULL AS BOOL)';
        if (type === 'FLOAT64' && [a, b, c].some(mayBeNaN)) {
          // a BETWEEN b AND c is a >= b AND a <= c in DuckDB, NaN included.
          const [x, lo, hi] = [a, b, c].map((p) => this.operand(p, 7, type));
          return `(${nanAware('>=', x!, lo!)} AND ${nanAware('<=', x!, hi!)})`;
        }
        return `${this.operand(a, 7, type)} BETWEEN ${this.operand(b, 7, type)} AND ${this.operand(c, 7, type)}`;
      }
      case 'IN': {
        const [a, b] = node.params;
        if (this.alwaysNull(a)) return 'CAST(NULL AS BOOL)';
        return `${this.operand(a, 7)} IN ${b?.type === 'list' ? googleList(b.value) : `(${b ? this.write(b) : ''})`}`;
      }
      default: {
        const [a, b] = node.params;
        if (COMPARISONS.has(node.type)) {
          // A comparison with a NULL operand is NULL (GoogleSQL refuses the literal there).
          if (this.alwaysNull(a) || this.alwaysNull(b)) return 'CAST(NULL AS BOOL)';
          if (node.type === 'LIKE') return `${this.operand(a, 7)} LIKE ${likePattern(b!, (p) => this.operand(p, 7))}`;
          if ((mayBeNaN(a) || mayBeNaN(b)) && (this.typeOf(a) === 'FLOAT64' || this.typeOf(b) === 'FLOAT64'))
            return nanAware(node.type, this.operand(a, 7, 'FLOAT64'), this.operand(b, 7, 'FLOAT64'));
          return `${this.operand(a, 7)} ${node.type} ${this.operand(b, 7)}`;
        }
        if (ARITHMETIC.has(node.type)) {
          if (this.alwaysNull(a) || this.alwaysNull(b)) return 'CAST(NULL AS FLOAT64)';
          if (node.type === '/') return `IEEE_DIVIDE(${this.write(a!)}, ${this.write(b!)})`;
          const precedence = PRECEDENCE[node.type]!;
          return `${this.operand(a, precedence)} ${node.type} ${this.operand(b, precedence + 1)}`;
        }
        throw new Error(`Nó de condição desconhecido: ${node.type}`);
      }
    }
  }

  /** An operand, in parentheses when its own precedence is below `min` (as the DuckDB writer). */
  private operand(node: ConditionNode | undefined, min: number, want?: SqlType): string {
    if (!node) return this.typedNull(want);
    const text = this.write(node, want);
    return precedenceOf(node) < min ? `(${text})` : text;
  }
}

/** Literal-only arithmetic: exact (DECIMAL in DuckDB, BIGNUMERIC or INT64 here), rounded exactly by both. */
function literalOnly(node: ConditionNode): boolean {
  if (node.type === 'numeric') return true;
  return ['+', '-', '*', 'ROUND'].includes(node.type) && 'params' in node && node.params.every(literalOnly);
}

/**
 * Whether a numeric operand can be NaN: by dividing (0 / 0, ∞ / ∞), or by arithmetic on a field,
 * which may hold ±Infinity (∞ − ∞, 0 · ∞: CONDITIONS_SEED=1305163538 found `n2 + (n3 - n2)` with
 * n2 = ∞ above every number in DuckDB and below in GoogleSQL). Literals alone are finite.
 */
function mayBeNaN(node: ConditionNode | undefined): boolean {
  if (!node || !('params' in node)) return false;
  if (node.type === '/' || (['+', '-', '*'].includes(node.type) && node.params.some(readsField))) return true;
  return node.params.some(mayBeNaN);
}

function readsField(node: ConditionNode): boolean {
  return node.type === 'field' || ('params' in node && node.params.some(readsField));
}

/**
 * A comparison of numbers as DuckDB makes it: NaN equals NaN and is above every other number
 * (GoogleSQL's NaN is unequal to everything). A NULL operand still gives NULL (the IF's
 * condition is then NULL, and the plain comparison answers).
 */
function nanAware(op: string, a: string, b: string): string {
  const nanA = `IS_NAN(${a})`;
  const nanB = `IS_NAN(${b})`;
  const whenNaN: Record<string, string> = {
    '=': `${nanA} AND ${nanB}`,
    '!=': `NOT (${nanA} AND ${nanB})`,
    '<': `NOT ${nanA}`,
    '<=': nanB,
    '>': `NOT ${nanB}`,
    '>=': nanA,
  };
  return `IF(${a} IS NOT NULL AND ${b} IS NOT NULL AND (${nanA} OR ${nanB}), ${whenNaN[op]}, ${a} ${op} ${b})`;
}

function precedenceOf(node: ConditionNode): number {
  if (node.type === 'AND' || node.type === 'OR') {
    if (node.params.length === 1) return precedenceOf(node.params[0]!);
    if (node.params.length === 0) return ATOM;
  }
  // IEEE_DIVIDE(…) is a call.
  if (node.type === '/') return ATOM;
  return PRECEDENCE[node.type] ?? ATOM;
}

function backticked(part: string): string {
  return `\`${part.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

/** A GoogleSQL string literal: quotes and backslashes escaped, control characters as \u escapes. */
export function googleString(value: string): string {
  let out = "'";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/**
 * A number as DuckDB types the writer's text: an integer is INT64 (INTEGER/BIGINT there), a
 * fraction an exact BIGNUMERIC (DECIMAL there), an exponent FLOAT64 (DOUBLE there).
 */
export function googleNumber(value: number): string {
  if (!Number.isFinite(value)) return 'CAST(NULL AS FLOAT64)';
  const text = String(value);
  if (/e/i.test(text)) return text.replace(/e\+?/i, 'E');
  if (/^-?\d+$/.test(text) && Number.isSafeInteger(value)) return text;
  return `BIGNUMERIC '${text}'`;
}

function googleList(items: readonly ListItem[]): string {
  return `(${items.map((item) => (typeof item === 'number' ? googleNumber(item) : googleString(item))).join(', ')})`;
}

/** LIKE's pattern with every backslash doubled: DuckDB's LIKE has no escape character, GoogleSQL's has `\`. */
function likePattern(pattern: ConditionNode, operand: (node: ConditionNode) => string): string {
  if (pattern.type === 'string') return googleString(pattern.value.replaceAll('\\', '\\\\'));
  return `REPLACE(${operand(pattern)}, '\\\\', '\\\\\\\\')`;
}
