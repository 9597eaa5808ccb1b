import type { ConditionNodeType } from './types.js';

/**
 * The value types the type checker knows. A `date` attribute is an ISO-8601 string (compared as
 * text, which orders ISO dates correctly); `any` is a free field whose type is unknown.
 */
export type ValueType = 'boolean' | 'number' | 'string' | 'list' | 'null' | 'any';

/**
 * What an operand slot accepts: a value type; `comparable` (number or string, for ordering);
 * `equatable` (number, string or boolean); `same` (the type of the first operand);
 * `integer-literal` (a whole numeric literal, ROUND's digits); `list` (IN's values).
 */
export type SlotType = ValueType | 'comparable' | 'equatable' | 'same' | 'integer-literal';

export interface OperandSlot {
  /** Portuguese name of the slot, shown in the editor where the operand is empty. */
  label: string;
  accepts: SlotType;
}

/**
 * How the SQL writer and reader spell a node. Precedence follows PostgreSQL/DuckDB (higher binds
 * tighter): OR 1, AND 2, IS 4, = < > 5, BETWEEN IN LIKE 6, + - 8, * / 9, atoms 10.
 */
export type SqlForm =
  | { form: 'infix'; op: string; precedence: number }
  | { form: 'postfix'; op: string; precedence: number }
  | { form: 'between'; precedence: number }
  | { form: 'in'; precedence: number }
  | { form: 'call'; name?: string }
  | { form: 'leaf' };

export interface NodeSignature {
  type: ConditionNodeType;
  /** Portuguese label of the node type in the editor's menus. */
  label: string;
  group: 'logic' | 'comparison' | 'arithmetic' | 'value' | 'function';
  /** Operand count; a leaf has 0. `max` Infinity for AND/OR. */
  minParams: number;
  maxParams: number;
  /** One slot per operand; the last slot repeats for variadic nodes. */
  slots: OperandSlot[];
  /** The result type; `second` is IF's (the type of its THEN operand). */
  result: ValueType | 'second';
  sql: SqlForm;
}

const condition = { label: 'condição', accepts: 'boolean' } as const;
const number = (label: string): OperandSlot => ({ label, accepts: 'number' });

function comparison(type: ConditionNodeType, label: string, accepts: SlotType): NodeSignature {
  return {
    type,
    label,
    group: 'comparison',
    minParams: 2,
    maxParams: 2,
    slots: [
      { label: 'valor', accepts },
      { label: 'comparado a', accepts: 'same' },
    ],
    result: 'boolean',
    sql: { form: 'infix', op: type, precedence: 5 },
  };
}

function arithmetic(type: '/' | '*' | '+' | '-', label: string, precedence: number): NodeSignature {
  return {
    type,
    label,
    group: 'arithmetic',
    minParams: 2,
    maxParams: 2,
    slots: [number('número'), number('número')],
    result: 'number',
    sql: { form: 'infix', op: type, precedence },
  };
}

function leaf(type: ConditionNodeType, label: string, result: ValueType): NodeSignature {
  return { type, label, group: 'value', minParams: 0, maxParams: 0, slots: [], result, sql: { form: 'leaf' } };
}

/**
 * The one table of node types (document 1 §3): the editor's operand slots, the type checker and
 * the SQL writer and reader all read it.
 */
export const NODE_SIGNATURES: Record<ConditionNodeType, NodeSignature> = {
  AND: {
    type: 'AND',
    label: 'E (todas)',
    group: 'logic',
    minParams: 2,
    maxParams: Infinity,
    slots: [condition],
    result: 'boolean',
    sql: { form: 'infix', op: 'AND', precedence: 2 },
  },
  OR: {
    type: 'OR',
    label: 'OU (alguma)',
    group: 'logic',
    minParams: 2,
    maxParams: Infinity,
    slots: [condition],
    result: 'boolean',
    sql: { form: 'infix', op: 'OR', precedence: 1 },
  },
  IF: {
    type: 'IF',
    label: 'SE … ENTÃO … SENÃO',
    group: 'logic',
    minParams: 3,
    maxParams: 3,
    slots: [condition, { label: 'então', accepts: 'any' }, { label: 'senão', accepts: 'same' }],
    result: 'second',
    sql: { form: 'call', name: 'IF' },
  },
  '=': comparison('=', 'igual a (=)', 'equatable'),
  '!=': comparison('!=', 'diferente de (!=)', 'equatable'),
  '>': comparison('>', 'maior que (>)', 'comparable'),
  '>=': comparison('>=', 'maior ou igual a (>=)', 'comparable'),
  '<': comparison('<', 'menor que (<)', 'comparable'),
  '<=': comparison('<=', 'menor ou igual a (<=)', 'comparable'),
  BETWEEN: {
    type: 'BETWEEN',
    label: 'entre (BETWEEN)',
    group: 'comparison',
    minParams: 3,
    maxParams: 3,
    slots: [
      { label: 'valor', accepts: 'comparable' },
      { label: 'de', accepts: 'same' },
      { label: 'até', accepts: 'same' },
    ],
    result: 'boolean',
    sql: { form: 'between', precedence: 6 },
  },
  LIKE: {
    type: 'LIKE',
    label: 'parecido com (LIKE)',
    group: 'comparison',
    minParams: 2,
    maxParams: 2,
    slots: [
      { label: 'texto', accepts: 'string' },
      { label: 'padrão (% e _)', accepts: 'string' },
    ],
    result: 'boolean',
    sql: { form: 'infix', op: 'LIKE', precedence: 6 },
  },
  IN: {
    type: 'IN',
    label: 'está na lista (IN)',
    group: 'comparison',
    minParams: 2,
    maxParams: 2,
    slots: [
      { label: 'valor', accepts: 'equatable' },
      { label: 'lista', accepts: 'list' },
    ],
    result: 'boolean',
    sql: { form: 'in', precedence: 6 },
  },
  'IS NULL': {
    type: 'IS NULL',
    label: 'está vazio (IS NULL)',
    group: 'comparison',
    minParams: 1,
    maxParams: 1,
    slots: [{ label: 'valor', accepts: 'any' }],
    result: 'boolean',
    sql: { form: 'postfix', op: 'IS NULL', precedence: 4 },
  },
  'IS NOT NULL': {
    type: 'IS NOT NULL',
    label: 'está preenchido (IS NOT NULL)',
    group: 'comparison',
    minParams: 1,
    maxParams: 1,
    slots: [{ label: 'valor', accepts: 'any' }],
    result: 'boolean',
    sql: { form: 'postfix', op: 'IS NOT NULL', precedence: 4 },
  },
  '+': arithmetic('+', 'soma (+)', 8),
  '-': arithmetic('-', 'subtração (-)', 8),
  '*': arithmetic('*', 'multiplicação (*)', 9),
  '/': arithmetic('/', 'divisão (/)', 9),
  ROUND: {
    type: 'ROUND',
    label: 'arredondar (ROUND)',
    group: 'arithmetic',
    minParams: 1,
    maxParams: 2,
    slots: [number('número'), { label: 'casas decimais', accepts: 'integer-literal' }],
    result: 'number',
    sql: { form: 'call', name: 'ROUND' },
  },
  function: {
    type: 'function',
    label: 'função',
    group: 'function',
    minParams: 0,
    maxParams: Infinity,
    slots: [{ label: 'argumento', accepts: 'any' }],
    result: 'any',
    sql: { form: 'call' },
  },
  field: leaf('field', 'campo', 'any'),
  string: leaf('string', 'texto', 'string'),
  numeric: leaf('numeric', 'número', 'number'),
  bool: leaf('bool', 'verdadeiro/falso', 'boolean'),
  null: leaf('null', 'vazio (NULL)', 'null'),
  list: leaf('list', 'lista', 'list'),
};

/**
 * The functions a `function` node may call: the ones the evaluator implements with the same
 * meaning in DuckDB and BigQuery. Stored nodes naming another function are kept and written, but
 * the type checker flags them and the evaluator answers NULL.
 */
export interface FunctionSignature {
  name: string;
  label: string;
  params: ValueType[];
  result: ValueType;
}

export const CONDITION_FUNCTIONS: Record<string, FunctionSignature> = {
  LOWER: { name: 'LOWER', label: 'minúsculas', params: ['string'], result: 'string' },
  UPPER: { name: 'UPPER', label: 'maiúsculas', params: ['string'], result: 'string' },
  LENGTH: { name: 'LENGTH', label: 'tamanho do texto', params: ['string'], result: 'number' },
  ABS: { name: 'ABS', label: 'valor absoluto', params: ['number'], result: 'number' },
};

/** The operand slot of `index` in a node of `type` (the last slot repeats). */
export function slotOf(type: ConditionNodeType, index: number): OperandSlot | undefined {
  const slots = NODE_SIGNATURES[type].slots;
  return slots[Math.min(index, slots.length - 1)];
}
