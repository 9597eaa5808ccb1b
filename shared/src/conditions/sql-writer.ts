import { NODE_SIGNATURES } from './signatures.js';
import type { ConditionNode, ListItem } from './types.js';

/**
 * The SQL of a condition tree, in DuckDB's dialect (PostgreSQL's expression grammar), which the
 * local warehouse runs; README "Condition builder" lists what differs for BigQuery.
 *
 * - AND/OR are written flat (`a AND b AND c`); an AND/OR inside another is always parenthesised,
 *   so the reader gives back the same nesting. A single-parameter AND/OR is just that parameter
 *   (document 1 §5); an empty AND is TRUE, an empty OR FALSE.
 * - Other operands are parenthesised only where precedence needs it, and a comparison inside a
 *   comparison always is (DuckDB and BigQuery rank IS/BETWEEN/IN/LIKE differently).
 * - Strings in single quotes, a quote doubled; a newline stays as it is. Fields plain when they are
 *   simple identifiers (dots reach into structs: `event.name`), else each part in double quotes.
 */
export function writeConditionSql(node: ConditionNode): string {
  return write(node);
}

const ATOM = 10;

/** Each node type's precedence, read once from the signature table (the writer runs per keystroke). */
const PRECEDENCE: Record<string, number> = Object.fromEntries(
  Object.values(NODE_SIGNATURES).map((sig) => [sig.type, 'precedence' in sig.sql ? sig.sql.precedence : ATOM]),
);

function write(node: ConditionNode): string {
  switch (node.type) {
    case 'field':
      return writeField(node.value);
    case 'string':
      return writeString(node.value);
    case 'numeric':
      return writeNumber(node.value);
    case 'bool':
      return node.value ? 'TRUE' : 'FALSE';
    case 'null':
      return 'NULL';
    case 'list':
      return writeList(node.value);
    case 'function':
      return `${node.value.toUpperCase()}(${writeArguments(node.params)})`;
    case 'AND':
    case 'OR': {
      const params = node.params;
      if (params.length === 0) return node.type === 'AND' ? 'TRUE' : 'FALSE';
      if (params.length === 1) return write(params[0]!);
      const separator = node.type === 'AND' ? ' AND ' : ' OR ';
      let out = '';
      for (let i = 0; i < params.length; i++) out += (i === 0 ? '' : separator) + operand(params[i], 3);
      return out;
    }
    case 'IF':
    case 'ROUND':
      return `${node.type}(${writeArguments(node.params)})`;
    case 'IS NULL':
    case 'IS NOT NULL':
      return `${operand(node.params[0], 7)} ${node.type}`;
    case 'BETWEEN':
      return `${operand(node.params[0], 7)} BETWEEN ${operand(node.params[1], 7)} AND ${operand(node.params[2], 7)}`;
    case 'IN': {
      const b = node.params[1];
      return `${operand(node.params[0], 7)} IN ${b?.type === 'list' ? write(b) : `(${b ? write(b) : ''})`}`;
    }
    case '+':
    case '-':
    case '*':
    case '/': {
      const precedence = PRECEDENCE[node.type]!;
      return `${operand(node.params[0], precedence)} ${node.type} ${operand(node.params[1], precedence + 1)}`;
    }
    default:
      // = != > >= < <= LIKE
      return `${operand(node.params[0], 7)} ${node.type} ${operand(node.params[1], 7)}`;
  }
}

function writeArguments(params: readonly ConditionNode[]): string {
  let out = '';
  for (let i = 0; i < params.length; i++) out += (i === 0 ? '' : ', ') + write(params[i]!);
  return out;
}

/** An operand, in parentheses when its own precedence is below `min`. A missing one is NULL. */
function operand(node: ConditionNode | undefined, min: number): string {
  if (!node) return 'NULL';
  const text = write(node);
  return precedenceOf(node) < min ? `(${text})` : text;
}

function precedenceOf(node: ConditionNode): number {
  if (node.type === 'AND' || node.type === 'OR') {
    if (node.params.length === 1) return precedenceOf(node.params[0]!);
    if (node.params.length === 0) return ATOM;
  }
  return PRECEDENCE[node.type] ?? ATOM;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Words DuckDB (and PostgreSQL) reserve: a field part named so is quoted. */
export const RESERVED_WORDS = new Set(
  (
    'all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create ' +
    'default deferrable desc describe distinct do else end except false fetch for foreign from grant group having ' +
    'in initially intersect into lateral leading limit null offset on only or order placing primary references ' +
    'returning select show some summarize symmetric table then to trailing true union unique using variadic when ' +
    'where window with between is like not if interval qualify pivot unpivot ilike similar exists escape'
  ).split(' '),
);

const fieldCache = new Map<string, string>();
export function writeField(name: string): string {
  let sql = fieldCache.get(name);
  if (sql === undefined) {
    sql = quoteField(name);
    if (fieldCache.size > 5000) fieldCache.clear();
    fieldCache.set(name, sql);
  }
  return sql;
}

function quoteField(name: string): string {
  return name
    .split('.')
    .map((part) => (IDENTIFIER.test(part) && !RESERVED_WORDS.has(part.toLowerCase()) ? part : `"${part.replace(/"/g, '""')}"`))
    .join('.');
}

export function writeString(value: string): string {
  return value.includes("'") ? `'${value.replace(/'/g, "''")}'` : `'${value}'`;
}

/** JavaScript's shortest round-trip form (`1e+21` for huge values, read back by DuckDB as DOUBLE). */
export function writeNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'NULL';
}

function writeListItem(item: ListItem): string {
  return typeof item === 'number' ? writeNumber(item) : writeString(item);
}

export function writeList(items: readonly ListItem[]): string {
  let out = '(';
  for (let i = 0; i < items.length; i++) out += (i === 0 ? '' : ', ') + writeListItem(items[i]!);
  return `${out})`;
}
