import { exactAdd, exactCompare, exactFromLiteral, exactMultiply, exactRound, exactToNumber, isExact, roundDouble, type ExactNumber } from './exact-number.js';
import { sqlLike } from './like.js';
import { writeNumber } from './sql-writer.js';
import type { ConditionNode, ListItem, NodePath } from './types.js';

/**
 * A row a condition runs on: attribute name → value. A dotted name (`event.name`) is looked up as
 * that key first, then as a path into nested objects (a struct column in SQL). Values other than
 * numbers, strings and booleans (undefined, objects, arrays) are NULL; a Date is its ISO string.
 */
export type ConditionRow = Readonly<Record<string, unknown>>;

/** SQL's three values: true, false and NULL (unknown). */
export type ConditionResult = boolean | null;

type Scalar = number | string | boolean | null;
type Value = Scalar | ListItem[];
/** Constant values keep exact numbers (DuckDB's DECIMAL/INTEGER literals). */
type ConstValue = Value | ExactNumber;

interface Compiled {
  run(row: ConditionRow): Value;
  /** Set when the subtree reads no field: its value, exact where DuckDB's is. */
  constant?: { value: ConstValue };
  /**
   * Set when DuckDB types the subtree INTEGER, BIGINT or DECIMAL though it reads a field
   * (`LENGTH(name) * 0.1`): its value exactly, so `3 * 0.1` is 0.3 as there, not 0.30000000000000004.
   */
  exact?(row: ConditionRow): ExactNumber | null;
}

export type CompiledCondition = (row: ConditionRow) => ConditionResult;

/**
 * Compiles a tree into a function of a row, with SQL's semantics as DuckDB runs the written SQL:
 * three-valued AND/OR, NULL through comparisons and arithmetic, IF taking ELSE on NULL, LIKE with
 * % and _ (no escape character), IEEE division (x/0 is ±Infinity, 0/0 NaN, NaN equal to itself and
 * above every number), strings ordered by code point. A top-level value that is not a boolean is
 * NULL. Compile once and run over many rows.
 */
export function compileCondition(map: ConditionNode): CompiledCondition {
  const compiled = compile(map, [], undefined);
  return (row) => asResult(compiled.run(row));
}

/** `map` evaluated on one row (compile with compileCondition for many rows). */
export function evaluateCondition(map: ConditionNode, row: ConditionRow): ConditionResult {
  return compileCondition(map)(row);
}

/** What each node evaluated to, by path ("" root, "0.1" = params[0].params[1]). */
export interface ConditionTrace {
  result: ConditionResult;
  values: Map<string, Scalar | ListItem[]>;
  /** Paths of the nodes that decided the result (see decidingPaths). */
  deciding: string[];
}

/** Evaluates and records every node's value, for the layout preview's "what decided it". */
export function traceCondition(map: ConditionNode, row: ConditionRow): ConditionTrace {
  const values = new Map<string, Value>();
  const compiled = compile(map, [], values);
  const result = asResult(compiled.run(row));
  return { result, values, deciding: decidingPaths(map, values) };
}

export function pathKey(path: NodePath): string {
  return path.join('.');
}

/**
 * The nodes that decided a result: under AND/OR, the operands whose value equals the result
 * (the false ones make an AND false; all of them make it true), followed down; any other node
 * decides by itself.
 */
function decidingPaths(node: ConditionNode, values: Map<string, Value>, path: number[] = []): string[] {
  const own = values.get(pathKey(path));
  if ((node.type === 'AND' || node.type === 'OR') && node.params.length > 0) {
    const out: string[] = [];
    node.params.forEach((p, i) => {
      if (values.get(pathKey([...path, i])) === own) out.push(...decidingPaths(p, values, [...path, i]));
    });
    return out;
  }
  return [pathKey(path)];
}

function asResult(v: Value): ConditionResult {
  return typeof v === 'boolean' ? v : null;
}

function rowValue(row: ConditionRow, name: string): Scalar {
  let v: unknown = row[name];
  if (v === undefined && name.includes('.')) {
    v = row;
    for (const part of name.split('.')) {
      if (v === null || typeof v !== 'object') return null;
      v = (v as Record<string, unknown>)[part];
    }
  }
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  return null;
}

function toRuntime(v: ConstValue): Value {
  return isExact(v) ? exactToNumber(v) : v;
}

function constant(value: ConstValue): Compiled {
  const runtime = toRuntime(value);
  return { run: () => runtime, constant: { value } };
}

function compile(node: ConditionNode, path: number[], trace: Map<string, Value> | undefined): Compiled {
  const compiled = compileNode(node, path, trace);
  if (!trace) return compiled;
  const key = pathKey(path);
  const exact = compiled.exact;
  return {
    constant: compiled.constant,
    run(row) {
      const v = compiled.run(row);
      trace.set(key, v);
      return v;
    },
    ...(exact && {
      exact(row: ConditionRow) {
        const v = exact(row);
        trace.set(key, v === null ? null : exactToNumber(v));
        return v;
      },
    }),
  };
}

/** The subtree's exact value on a row, when DuckDB's type for it is exact. */
function exactRunner(c: Compiled): ((row: ConditionRow) => ExactNumber | null) | undefined {
  if (c.exact) return c.exact;
  const v = c.constant?.value;
  if (v === null) return () => null;
  return isExact(v) ? () => v : undefined;
}

/** A node whose exact value is computed by `exact`; its runtime value is that as a number. */
function exactNode(exact: (row: ConditionRow) => ExactNumber | null): Compiled {
  return {
    exact,
    run: (row) => {
      const v = exact(row);
      return v === null ? null : exactToNumber(v);
    },
  };
}

/** Compares two operands exactly when both are exact (DECIMAL against BIGINT), else as DOUBLEs. */
function comparer(a: Compiled, b: Compiled): (row: ConditionRow) => number | null {
  const x = exactRunner(a);
  const y = exactRunner(b);
  if (x && y && (a.exact || b.exact))
    return (row) => {
      const l = x(row);
      const r = y(row);
      return l === null || r === null ? null : exactCompare(l, r);
    };
  return (row) => compareValues(a.run(row), b.run(row));
}

function compileNode(node: ConditionNode, path: number[], trace: Map<string, Value> | undefined): Compiled {
  switch (node.type) {
    case 'field': {
      const name = node.value;
      return { run: (row) => rowValue(row, name) };
    }
    case 'string':
      return constant(node.value);
    case 'bool':
      return constant(node.value);
    case 'null':
      return constant(null);
    case 'numeric':
      return constant(Number.isFinite(node.value) ? (exactFromLiteral(writeNumber(node.value)) ?? node.value) : null);
    case 'list':
      return constant(node.value.slice());
    default:
      break;
  }
  const params = node.params.map((p, i) => compile(p, [...path, i], trace));
  const allConstant = params.every((p) => p.constant);
  switch (node.type) {
    case 'AND':
    case 'OR':
      return logic(node.type, params, trace !== undefined);
    case 'IF': {
      const [c, a, b] = params;
      if (!c || !a || !b) return constant(null);
      if (allConstant && !trace) return constant(c.constant!.value === true ? a.constant!.value : b.constant!.value);
      const [x, y] = [exactRunner(a), exactRunner(b)];
      if (x && y && (a.exact || b.exact)) return exactNode((row) => (c.run(row) === true ? x(row) : y(row)));
      return { run: (row) => (c.run(row) === true ? a.run(row) : b.run(row)) };
    }
    case 'IS NULL':
    case 'IS NOT NULL': {
      const [a] = params;
      if (!a) return constant(null);
      const wantNull = node.type === 'IS NULL';
      return { run: (row) => (a.run(row) === null) === wantNull };
    }
    case '=':
    case '!=':
    case '>':
    case '>=':
    case '<':
    case '<=': {
      const [a, b] = params;
      if (!a || !b) return constant(null);
      const test = COMPARISONS[node.type];
      if (allConstant) {
        const r = compareConstants(a.constant!.value, b.constant!.value);
        return constantOr(r === null ? null : test(r), params, trace);
      }
      const compare = comparer(a, b);
      return {
        run: (row) => {
          const r = compare(row);
          return r === null ? null : test(r);
        },
      };
    }
    case 'BETWEEN': {
      const [a, lo, hi] = params;
      if (!a || !lo || !hi) return constant(null);
      if (allConstant) {
        const x = a.constant!.value;
        return constantOr(and3(ge(compareConstants(x, lo.constant!.value)), le(compareConstants(x, hi.constant!.value))), params, trace);
      }
      const [low, high] = [comparer(a, lo), comparer(a, hi)];
      return { run: (row) => and3(ge(low(row)), le(high(row))) };
    }
    case 'IN': {
      const [a, list] = params;
      if (!a || !list) return constant(null);
      return { run: (row) => inList(a.run(row), list.run(row)) };
    }
    case 'LIKE': {
      const [a, pattern] = params;
      if (!a || !pattern) return constant(null);
      return { run: (row) => like(a.run(row), pattern.run(row)) };
    }
    case '+':
    case '-':
    case '*':
    case '/':
      return arithmetic(node.type, params, trace);
    case 'ROUND': {
      const [x, d] = params;
      if (!x) return constant(null);
      const digits = d ? d.constant?.value : 0;
      const n = digits === undefined || digits === null ? null : isExact(digits) ? exactToNumber(digits) : typeof digits === 'number' ? digits : null;
      if (n === null || !Number.isInteger(n)) return constant(null);
      if (x.constant && !trace) {
        const v = x.constant.value;
        return constant(v === null ? null : isExact(v) ? exactRound(v, n) : typeof v === 'number' ? roundDouble(v, n) : null);
      }
      const exact = exactRunner(x);
      if (exact && x.exact)
        return exactNode((row) => {
          const v = exact(row);
          return v === null ? null : exactRound(v, n);
        });
      return {
        run: (row) => {
          const v = x.run(row);
          return typeof v === 'number' ? roundDouble(v, n) : null;
        },
      };
    }
    case 'function':
      return callFunction(node.value.toUpperCase(), params);
  }
}

/** A folded constant, unless tracing (then every node must run to record its value). */
function constantOr(value: ConstValue, params: Compiled[], trace: Map<string, Value> | undefined): Compiled {
  if (!trace) return constant(value);
  const runtime = toRuntime(value);
  return {
    constant: { value },
    run: (row) => {
      for (const p of params) p.run(row);
      return runtime;
    },
  };
}

function logic(type: 'AND' | 'OR', params: Compiled[], tracing: boolean): Compiled {
  if (params.length === 0) return constant(type === 'AND');
  if (params.length === 1) return params[0]!;
  const dominant = type === 'OR';
  return {
    run(row) {
      // A trace runs every operand to record it; otherwise the first dominant value decides.
      let unknown = false;
      let decided = false;
      for (let i = 0; i < params.length; i++) {
        const v = params[i]!.run(row);
        if (v === dominant) {
          if (!tracing) return dominant;
          decided = true;
        } else if (typeof v !== 'boolean') unknown = true;
      }
      return decided ? dominant : unknown ? null : !dominant;
    },
  };
}

const COMPARISONS: Record<'=' | '!=' | '>' | '>=' | '<' | '<=', (r: number) => boolean> = {
  '=': (r) => r === 0,
  '!=': (r) => r !== 0,
  '>': (r) => r > 0,
  '>=': (r) => r >= 0,
  '<': (r) => r < 0,
  '<=': (r) => r <= 0,
};

function ge(r: number | null): boolean | null {
  return r === null ? null : r >= 0;
}
function le(r: number | null): boolean | null {
  return r === null ? null : r <= 0;
}
function and3(a: boolean | null, b: boolean | null): boolean | null {
  if (a === false || b === false) return false;
  return a === null || b === null ? null : true;
}

/** -1/0/1, or null when either side is NULL or their types differ. */
export function compareValues(a: Value, b: Value): number | null {
  if (a === null || b === null) return null;
  if (typeof a === 'number' && typeof b === 'number') return compareDoubles(a, b);
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return null;
}

function compareConstants(a: ConstValue, b: ConstValue): number | null {
  if (isExact(a) && isExact(b)) return exactCompare(a, b);
  return compareValues(toRuntime(a), toRuntime(b));
}

/** DuckDB's DOUBLE order: NaN equals NaN and sorts above every number. */
function compareDoubles(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  const na = Number.isNaN(a);
  const nb = Number.isNaN(b);
  return na && nb ? 0 : na ? 1 : -1;
}

const SURROGATE = /[\uD800-\uDFFF]/;
/** By code point (UTF-8 byte order, as DuckDB compares); UTF-16 order differs only past U+FFFF. */
function compareStrings(a: string, b: string): number {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

function inList(v: Value, list: Value): boolean | null {
  if (v === null) return null;
  const items: Value[] = Array.isArray(list) ? list : [list];
  let unknown = false;
  for (const item of items) {
    const r = compareValues(v, item);
    if (r === 0) return true;
    if (r === null) unknown = true;
  }
  return unknown ? null : false;
}

function like(v: Value, pattern: Value): boolean | null {
  if (typeof v !== 'string' || typeof pattern !== 'string') return null;
  return sqlLike(v, pattern);
}

function arithmetic(op: '+' | '-' | '*' | '/', params: Compiled[], trace: Map<string, Value> | undefined): Compiled {
  const [a, b] = params;
  if (!a || !b) return constant(null);
  if (a.constant && b.constant) {
    const x = a.constant.value;
    const y = b.constant.value;
    let value: ConstValue;
    if (x === null || y === null) value = null;
    else if (isExact(x) && isExact(y) && op !== '/') value = op === '*' ? exactMultiply(x, y) : exactAdd(x, y, op === '+' ? 1n : -1n);
    else value = doubleOp(op, toRuntime(x), toRuntime(y));
    return constantOr(value, params, trace);
  }
  // INTEGER/BIGINT/DECIMAL on both sides stays exact in DuckDB, except `/`, which is DOUBLE.
  const [x, y] = [exactRunner(a), exactRunner(b)];
  if (x && y && op !== '/')
    return exactNode((row) => {
      const l = x(row);
      const r = y(row);
      if (l === null || r === null) return null;
      return op === '*' ? exactMultiply(l, r) : exactAdd(l, r, op === '+' ? 1n : -1n);
    });
  return { run: (row) => doubleOp(op, a.run(row), b.run(row)) };
}

function doubleOp(op: '+' | '-' | '*' | '/', x: Value, y: Value): number | null {
  if (typeof x !== 'number' || typeof y !== 'number') return null;
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return x / y;
  }
}

function callFunction(name: string, params: Compiled[]): Compiled {
  const [a] = params;
  const fn = a && params.length === 1 ? FUNCTIONS[name] : undefined;
  if (!a || !fn) return constant(null);
  if (a.constant) {
    const v = a.constant.value;
    // ABS keeps a DECIMAL exact, as DuckDB does.
    if (name === 'ABS' && isExact(v)) return constant(v.mantissa < 0n ? { ...v, mantissa: -v.mantissa } : v);
    return constant(fn(toRuntime(v)));
  }
  // LENGTH is a BIGINT, and ABS keeps an exact operand exact.
  if (name === 'LENGTH')
    return exactNode((row) => {
      const v = a.run(row);
      return typeof v === 'string' ? { mantissa: BigInt([...v].length), scale: 0, integer: true } : null;
    });
  const exact = a.exact;
  if (name === 'ABS' && exact)
    return exactNode((row) => {
      const v = exact(row);
      return v === null || v.mantissa >= 0n ? v : { ...v, mantissa: -v.mantissa };
    });
  return { run: (row) => fn(a.run(row)) };
}

const FUNCTIONS: Record<string, (v: Value) => Value> = {
  LOWER: (v) => (typeof v === 'string' ? v.toLowerCase() : null),
  UPPER: (v) => (typeof v === 'string' ? v.toUpperCase() : null),
  LENGTH: (v) => (typeof v === 'string' ? [...v].length : null),
  ABS: (v) => (typeof v === 'number' ? Math.abs(v) : null),
};
