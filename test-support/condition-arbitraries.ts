import fc from 'fast-check';
import { countNodes, type ConditionNode } from '@console/shared';

/**
 * Random well-typed condition trees and rows with NULLs and mixed types, for the differential test
 * (evaluator vs DuckDB running the written SQL) and the benchmark. Test support only: never
 * imported by the product.
 *
 * The rows have DOUBLE columns n1..n3, VARCHAR s1, s2 and "group" (a reserved word, so quoted),
 * BOOLEAN b1, and a struct `event` {name VARCHAR, value DOUBLE} reached as event.name.
 */
export const NUMBER_FIELDS = ['n1', 'n2', 'n3', 'event.value'] as const;
export const STRING_FIELDS = ['s1', 's2', 'group', 'event.name'] as const;
export const BOOLEAN_FIELDS = ['b1'] as const;

const STRINGS = ['', 'a', 'A', 'abc', "O'Brien", 'a,b', 'linha 1\nlinha 2', 'ção', 'São Paulo', '%', '_', 'page_view', 'purchase', 'x%y', "it's, done\n"];
const PATTERNS = ['%', 'a%', '%a%', '_', 'a_c', '%ão%', 'page\\_%', "O'%", '%,%', '%\n%', '', 'S%o', '__'];
const NUMBERS = [0, 1, -1, 2, 2.5, -2.5, 0.1, 0.2, 0.3, 1.005, 2.675, 100, -7, 0.001, 15, 150];

const int = fc.integer({ min: -100, max: 100 });
const decimal = fc.tuple(fc.integer({ min: -9999, max: 9999 }), fc.constantFrom(1, 2)).map(([m, s]) => Number((m / 10 ** s).toFixed(s)));
const numericLiteral: fc.Arbitrary<ConditionNode> = fc
  .oneof(int, decimal, fc.constantFrom(...NUMBERS))
  .map((value) => ({ type: 'numeric', value: value === 0 ? 0 : value }));
const stringLiteral: fc.Arbitrary<ConditionNode> = fc
  .oneof(fc.constantFrom(...STRINGS), fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'b', 'Z', "'", ',', '\n', 'é', ' ', '%') }))
  .map((value) => ({ type: 'string', value }));
const nullLeaf: fc.Arbitrary<ConditionNode> = fc.constant({ type: 'null', value: null });
const field = (names: readonly string[]): fc.Arbitrary<ConditionNode> => fc.constantFrom(...names).map((value) => ({ type: 'field', value }));
const op = (type: string, ...params: fc.Arbitrary<ConditionNode>[]): fc.Arbitrary<ConditionNode> =>
  fc.tuple(...params).map((p) => ({ type, params: p }) as ConditionNode);

interface Typed {
  bool: fc.Arbitrary<ConditionNode>;
  num: fc.Arbitrary<ConditionNode>;
  str: fc.Arbitrary<ConditionNode>;
}

/** Numeric subtrees stay shallow so literal-only arithmetic never overflows DuckDB's INTEGER/DECIMAL. */
function numeric(depth: number, bool: () => fc.Arbitrary<ConditionNode>, str: () => fc.Arbitrary<ConditionNode>): fc.Arbitrary<ConditionNode> {
  const leaf = fc.oneof({ weight: 4, arbitrary: numericLiteral }, { weight: 4, arbitrary: field(NUMBER_FIELDS) }, { weight: 1, arbitrary: nullLeaf });
  if (depth <= 0) return leaf;
  const sub = numeric(depth - 1, bool, str);
  return fc.oneof(
    { weight: 5, arbitrary: leaf },
    { weight: 2, arbitrary: fc.constantFrom('+', '-', '*', '/').chain((t) => op(t, sub, sub)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(sub, fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }))
        .map(([x, d]) => ({ type: 'ROUND', params: d === undefined ? [x] : [x, { type: 'numeric', value: d }] }) as ConditionNode),
    },
    { weight: 1, arbitrary: op('IF', bool(), sub, sub) },
    { weight: 1, arbitrary: sub.map((x) => ({ type: 'function', value: 'ABS', params: [x] }) as ConditionNode) },
    { weight: 1, arbitrary: str().map((x) => ({ type: 'function', value: 'LENGTH', params: [x] }) as ConditionNode) },
  );
}

function text(depth: number, bool: () => fc.Arbitrary<ConditionNode>): fc.Arbitrary<ConditionNode> {
  const leaf = fc.oneof({ weight: 4, arbitrary: stringLiteral }, { weight: 4, arbitrary: field(STRING_FIELDS) }, { weight: 1, arbitrary: nullLeaf });
  if (depth <= 0) return leaf;
  const sub = text(depth - 1, bool);
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc.constantFrom('LOWER', 'UPPER').chain((name) => sub.map((x) => ({ type: 'function', value: name, params: [x] }) as ConditionNode)),
    },
    { weight: 1, arbitrary: op('IF', bool(), sub, sub) },
  );
}

function typed(depth: number): Typed {
  const boolAt = (d: number): fc.Arbitrary<ConditionNode> => {
    const leafBool = fc.oneof(
      { weight: 2, arbitrary: fc.boolean().map((value) => ({ type: 'bool', value }) as ConditionNode) },
      { weight: 2, arbitrary: field(BOOLEAN_FIELDS) },
      { weight: 1, arbitrary: nullLeaf },
    );
    const shallowBool = () => (d > 0 ? boolAt(d - 1) : leafBool);
    const num = numeric(Math.min(2, d), shallowBool, () => text(1, shallowBool));
    const str = text(Math.min(2, d), shallowBool);
    const comparisons = fc.oneof(
      fc.constantFrom('=', '!=', '>', '>=', '<', '<=').chain((t) => fc.oneof(op(t, num, num), op(t, str, str))),
      fc.constantFrom('=', '!=').chain((t) => op(t, leafBool, leafBool)),
      fc.oneof(op('BETWEEN', num, num, num), op('BETWEEN', str, str, str)),
      op(
        'LIKE',
        str,
        fc.oneof(
          fc.constantFrom(...PATTERNS).map((value) => ({ type: 'string', value }) as ConditionNode),
          str,
        ),
      ),
      fc.oneof(
        op(
          'IN',
          num,
          fc
            .array(fc.oneof(int, decimal, fc.constantFrom(...NUMBERS)), { minLength: 1, maxLength: 5 })
            .map((value) => ({ type: 'list', value }) as ConditionNode),
        ),
        op(
          'IN',
          str,
          fc.array(fc.constantFrom(...STRINGS), { minLength: 1, maxLength: 5 }).map((value) => ({ type: 'list', value }) as ConditionNode),
        ),
      ),
      fc.constantFrom('IS NULL', 'IS NOT NULL').chain((t) => fc.oneof(num, str, leafBool).map((x) => ({ type: t, params: [x] }) as ConditionNode)),
    );
    if (d <= 0) return fc.oneof({ weight: 1, arbitrary: leafBool }, { weight: 4, arbitrary: comparisons });
    const sub = boolAt(d - 1);
    return fc.oneof(
      { weight: 3, arbitrary: comparisons },
      { weight: 1, arbitrary: leafBool },
      {
        weight: 3,
        arbitrary: fc
          .constantFrom('AND', 'OR')
          .chain((t) => fc.array(sub, { minLength: 2, maxLength: 4 }).map((params) => ({ type: t, params }) as ConditionNode)),
      },
      { weight: 1, arbitrary: op('IF', sub, sub, sub) },
      { weight: 1, arbitrary: fc.constantFrom('=', '!=').chain((t) => op(t, sub, sub)) },
      { weight: 1, arbitrary: fc.constantFrom('IS NULL', 'IS NOT NULL').chain((t) => sub.map((x) => ({ type: t, params: [x] }) as ConditionNode)) },
    );
  };
  const bool = boolAt(depth);
  return {
    bool,
    num: numeric(
      2,
      () => boolAt(0),
      () => text(1, () => boolAt(0)),
    ),
    str: text(2, () => boolAt(0)),
  };
}

/** A boolean condition tree of at most `depth` logical levels. */
export function conditionTreeArbitrary(depth = 3): fc.Arbitrary<ConditionNode> {
  return typed(depth).bool;
}

/** A large tree of about `size` nodes: an AND of random conditions (for the benchmark). */
export function largeConditionTree(size: number, seed: number): ConditionNode {
  const pool = fc.sample(conditionTreeArbitrary(2), { seed, numRuns: size });
  const params: ConditionNode[] = [];
  let count = 1;
  for (const part of pool) {
    const n = countNodes(part);
    if (count + n > size && params.length >= 2) break;
    params.push(part);
    count += n;
  }
  return { type: 'AND', params };
}

export type TestRow = {
  n1: number | null;
  n2: number | null;
  n3: number | null;
  s1: string | null;
  s2: string | null;
  group: string | null;
  b1: boolean | null;
  event: { name: string | null; value: number | null } | null;
};

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { freq: 5, nil: null });
const rowNumber = fc.oneof(
  { weight: 8, arbitrary: fc.oneof(fc.constantFrom(...NUMBERS), int, decimal) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0) },
);
const rowString = fc.oneof(fc.constantFrom(...STRINGS), fc.string({ maxLength: 5, unit: fc.constantFrom('a', 'b', 'A', "'", ',', '\n', 'ã', '%', '_') }));

export const testRowArbitrary: fc.Arbitrary<TestRow> = fc.record({
  n1: maybe(rowNumber),
  n2: maybe(rowNumber),
  n3: maybe(rowNumber),
  s1: maybe(rowString),
  s2: maybe(rowString),
  group: maybe(rowString),
  b1: maybe(fc.boolean()),
  event: fc.option(fc.record({ name: maybe(rowString), value: maybe(rowNumber) }), { freq: 6, nil: null }),
});
