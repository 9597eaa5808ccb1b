import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './evaluate.js';
import { compileLike, sqlLike } from './like.js';
import { readConditionSql } from './sql-reader.js';
import { writeConditionSql } from './sql-writer.js';
import type { ConditionNode } from './types.js';

/** LIKE by its definition, over code points: a table of which prefixes match which. */
function likeByDefinition(value: string, pattern: string): boolean {
  const v = [...value];
  const p = [...pattern];
  let row = v.map(() => false);
  row.unshift(true);
  for (const ch of p) {
    const next = new Array<boolean>(v.length + 1).fill(false);
    if (ch === '%') {
      next[0] = row[0]!;
      for (let i = 1; i <= v.length; i++) next[i] = row[i]! || next[i - 1]!;
    } else for (let i = 1; i <= v.length; i++) next[i] = row[i - 1]! && (ch === '_' || v[i - 1] === ch);
    row = next;
  }
  return row[v.length]!;
}

/** Characters that mean something in regular expressions, SQL or LIKE, and a few beyond U+FFFF. */
const TRICKY = [
  '-',
  '\\',
  '/',
  '.',
  '*',
  '+',
  '?',
  '^',
  '$',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '|',
  "'",
  '"',
  '%',
  '_',
  '\n',
  ',',
  'a',
  'A',
  'é',
  'e\u0301',
  'ç',
  '😀',
  '👍🏽',
  '\u0000',
  ' ',
];
const trickyString = fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 8 });
const anyString = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 }), trickyString);

describe('LIKE on values of any text', () => {
  it('takes every character but % and _ as itself (regex metacharacters, -, backslash, quotes)', () => {
    expect(sqlLike('acessorios-churrasco', '%-%')).toBe(true);
    expect(sqlLike('acessorios-churrasco', 'acessorios-churrasco')).toBe(true);
    expect(sqlLike('https://loja.com/p/faca-chef-20cm', '%/p/%-%')).toBe(true);
    expect(sqlLike('https://loja.com/c/facas', '%/p/%-%')).toBe(false);
    expect(sqlLike('01310-100', '_____-___')).toBe(true);
    expect(sqlLike('a.b', 'a.b')).toBe(true);
    expect(sqlLike('axb', 'a.b')).toBe(false);
    expect(sqlLike('a\\b', 'a\\b')).toBe(true);
    expect(sqlLike('a_b', 'a\\_b')).toBe(false); // no escape character: \ is itself
    expect(sqlLike('(x)[y]{z}|^$', '(x)[y]{z}|^$')).toBe(true);
    expect(sqlLike('line 1\nline 2', 'line%2')).toBe(true);
  });

  it('_ is one code point: an emoji or an accented letter, not half of one', () => {
    expect(sqlLike('😀', '_')).toBe(true);
    expect(sqlLike('a😀b', 'a_b')).toBe(true);
    expect(sqlLike('ção', '___')).toBe(true);
    expect(sqlLike('e\u0301', '_')).toBe(false); // e + combining accent: two code points, as in DuckDB
    expect(sqlLike('😀', '%\uDE00')).toBe(false);
  });

  it('matches a long value against many % without backtracking blow-up', () => {
    const value = 'a'.repeat(20_000);
    expect(sqlLike(value, '%a%a%a%a%a%a%a%a%b')).toBe(false);
    expect(sqlLike(value, '%a%a%a%a%a%a%a%a%a')).toBe(true);
  });

  it('agrees with LIKE by its definition on arbitrary strings', () => {
    fc.assert(
      fc.property(anyString, anyString, (value, pattern) => {
        expect(compileLike(pattern)(value)).toBe(likeByDefinition(value, pattern));
      }),
      { numRuns: 3000 },
    );
    // Patterns made from pieces of the value, so that matches are common.
    fc.assert(
      fc.property(anyString, fc.array(fc.tuple(fc.nat(8), fc.constantFrom('%', '_', '')), { maxLength: 4 }), (value, cuts) => {
        const chars = [...value];
        const pattern = cuts.reduce((p, [at, wildcard]) => [...p.slice(0, at), wildcard, ...p.slice(at + 1)], chars).join('');
        expect(compileLike(pattern)(value)).toBe(likeByDefinition(value, pattern));
      }),
      { numRuns: 3000 },
    );
  });

  it('a string of any characters survives the SQL writer and reader, in LIKE, IN and comparisons', () => {
    const field: ConditionNode = { type: 'field', value: 'category' };
    fc.assert(
      fc.property(anyString, anyString, (a, b) => {
        const trees: ConditionNode[] = [
          { type: 'LIKE', params: [field, { type: 'string', value: a }] },
          { type: '=', params: [field, { type: 'string', value: a }] },
          { type: '<', params: [{ type: 'string', value: b }, field] },
          { type: 'IN', params: [field, { type: 'list', value: [a, b] }] },
        ];
        for (const tree of trees) {
          const read = readConditionSql(writeConditionSql(tree));
          expect(read.ok && read.map).toEqual(tree);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('the evaluator answers LIKE, = and IN for any text, never throwing', () => {
    fc.assert(
      fc.property(anyString, anyString, (value, pattern) => {
        const row = { category: value };
        const field: ConditionNode = { type: 'field', value: 'category' };
        expect(evaluateCondition({ type: 'LIKE', params: [field, { type: 'string', value: pattern }] }, row)).toBe(likeByDefinition(value, pattern));
        expect(evaluateCondition({ type: '=', params: [field, { type: 'string', value: pattern }] }, row)).toBe(value === pattern);
        expect(evaluateCondition({ type: 'IN', params: [field, { type: 'list', value: ['x', pattern] }] }, row)).toBe(value === pattern || value === 'x');
      }),
      { numRuns: 2000 },
    );
  });
});
