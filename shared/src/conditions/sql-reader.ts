import { CONDITION_FUNCTIONS } from './signatures.js';
import { RESERVED_WORDS } from './sql-writer.js';
import type { ConditionNode, ListItem, OperatorType } from './types.js';

/**
 * Reads the SQL the writer writes (and the same expressions typed by hand) back into a tree:
 * PostgreSQL/DuckDB precedence, `<>` as `!=`, keywords in any case, comments skipped. Whatever the
 * node types cannot express (NOT, CASE, NOT IN, IS TRUE, %, ILIKE, unknown functions, subqueries…)
 * is refused with a Portuguese message and its position: nothing is ever half-imported.
 */
export type ReadConditionResult = { ok: true; map: ConditionNode } | { ok: false; error: SqlReadError };

export interface SqlReadError {
  /** Portuguese, with the position: 'Posição 12: ...'. */
  message: string;
  /** Character offsets of the offending text in the SQL. */
  from: number;
  to: number;
}

export function readConditionSql(sql: string): ReadConditionResult {
  try {
    const parser = new Parser(tokenize(sql), sql);
    const map = parser.parseExpression();
    parser.expectEnd();
    return { ok: true, map };
  } catch (e) {
    if (e instanceof ReadError) {
      return { ok: false, error: { message: `Posição ${e.from + 1}: ${e.message}`, from: e.from, to: e.to } };
    }
    throw e;
  }
}

class ReadError extends Error {
  constructor(
    message: string,
    readonly from: number,
    readonly to: number,
  ) {
    super(message);
  }
}

type TokenKind = 'number' | 'string' | 'ident' | 'quoted' | 'op' | 'punct' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  /** string and quoted identifier contents, unescaped. */
  value: string;
  from: number;
  to: number;
}

const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const IDENT = /[A-Za-z_\u00C0-\u024F][A-Za-z0-9_\u00C0-\u024F]*/y;
const OPERATORS = ['!=', '<>', '<=', '>=', '=', '<', '>', '+', '-', '*', '/', '%', '||', '::'];

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, from: number, to: number, value = sql.slice(from, to)) => tokens.push({ kind, text: sql.slice(from, to), value, from, to });
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || /\s/.test(ch)) {
      i++;
      continue;
    }
    if (sql.startsWith('--', i)) {
      while (i < sql.length && sql[i] !== '\n') i++;
      continue;
    }
    if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw new ReadError('comentário /* sem o */ que o fecha.', i, sql.length);
      i = end + 2;
      continue;
    }
    if (ch === "'" || ch === '"') {
      const from = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= sql.length)
          throw new ReadError(ch === "'" ? 'texto sem a aspa que o fecha.' : 'nome entre aspas duplas sem a aspa que o fecha.', from, sql.length);
        if (sql[i] === ch) {
          if (sql[i + 1] === ch) {
            value += ch;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += sql[i];
        i++;
      }
      push(ch === "'" ? 'string' : 'quoted', from, i, value);
      continue;
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(sql);
    if (number) {
      push('number', i, i + number[0].length);
      i += number[0].length;
      continue;
    }
    IDENT.lastIndex = i;
    const ident = IDENT.exec(sql);
    if (ident) {
      push('ident', i, i + ident[0].length);
      i += ident[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => sql.startsWith(o, i));
    if (op) {
      push('op', i, i + op.length);
      i += op.length;
      continue;
    }
    if ('(),.'.includes(ch)) {
      push('punct', i, i + 1);
      i++;
      continue;
    }
    throw new ReadError(`caractere inesperado '${ch}'.`, i, i + 1);
  }
  tokens.push({ kind: 'end', text: '', value: '', from: sql.length, to: sql.length });
  return tokens;
}

const COMPARISON_OPS: Record<string, OperatorType> = { '=': '=', '!=': '!=', '<>': '!=', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/** Words that are syntax, not field names, when unquoted. */
const KEYWORDS = new Set(['and', 'or', 'not', 'is', 'null', 'true', 'false', 'in', 'like', 'between', 'case', 'ilike', 'similar', 'exists', 'select']);

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly sql: string,
  ) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.at + offset, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    this.at++;
    return t;
  }
  private isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'ident' && t.text.toLowerCase() === word;
  }
  private isPunct(p: string): boolean {
    const t = this.peek();
    return t.kind === 'punct' && t.text === p;
  }
  private fail(message: string, token: Token = this.peek()): never {
    throw new ReadError(message, token.from, Math.max(token.to, token.from + 1));
  }
  private expectPunct(p: string, what: string): void {
    if (!this.isPunct(p)) this.fail(`esperava ${what}${this.found()}.`);
    this.next();
  }
  private found(): string {
    const t = this.peek();
    return t.kind === 'end' ? ', mas o texto acabou' : `, encontrei '${t.text}'`;
  }

  expectEnd(): void {
    if (this.peek().kind !== 'end') this.fail(`texto a mais depois da condição: '${this.sql.slice(this.peek().from, this.peek().from + 30)}'.`);
  }

  parseExpression(): ConditionNode {
    if (this.peek().kind === 'end') this.fail('a condição está vazia.');
    return this.parseLogic('OR');
  }

  private parseLogic(type: 'AND' | 'OR'): ConditionNode {
    const operand = () => (type === 'OR' ? this.parseLogic('AND') : this.parseNot());
    const params = [operand()];
    while (this.isWord(type.toLowerCase())) {
      this.next();
      params.push(operand());
    }
    return params.length === 1 ? params[0]! : { type, params };
  }

  private parseNot(): ConditionNode {
    if (this.isWord('not')) this.fail('NOT não pode ser representado no construtor; use !=, IS NOT NULL ou inverta a comparação.');
    if (this.isWord('exists')) this.fail('subconsultas (EXISTS) não são aceitas em condições.');
    return this.parseIs();
  }

  private parseIs(): ConditionNode {
    let node = this.parseComparison();
    while (this.isWord('is')) {
      const is = this.next();
      const negated = this.isWord('not');
      if (negated) this.next();
      if (!this.isWord('null')) this.fail(`depois de IS${negated ? ' NOT' : ''} só é aceito NULL (IS TRUE, IS DISTINCT FROM… não são representáveis).`, is);
      this.next();
      node = { type: negated ? 'IS NOT NULL' : 'IS NULL', params: [node] };
    }
    return node;
  }

  private parseComparison(): ConditionNode {
    const left = this.parseSpecial();
    const t = this.peek();
    const op = t.kind === 'op' ? COMPARISON_OPS[t.text] : undefined;
    if (!op) return left;
    this.next();
    const right = this.parseSpecial();
    const after = this.peek();
    if (after.kind === 'op' && COMPARISON_OPS[after.text]) this.fail('comparações encadeadas precisam de parênteses.', after);
    return { type: op, params: [left, right] };
  }

  /** BETWEEN, IN and LIKE (one level above = < >, as in PostgreSQL). */
  private parseSpecial(): ConditionNode {
    const left = this.parseAdditive();
    if (this.isWord('not') && (this.isWord('in', 1) || this.isWord('like', 1) || this.isWord('between', 1) || this.isWord('ilike', 1))) {
      this.fail(`NOT ${this.peek(1).text.toUpperCase()} não pode ser representado no construtor.`);
    }
    if (this.isWord('ilike') || this.isWord('similar'))
      this.fail(`${this.peek().text.toUpperCase()} não é aceito; use LIKE (diferencia maiúsculas) com LOWER().`);
    if (this.isWord('between')) {
      this.next();
      if (this.isWord('symmetric') || this.isWord('asymmetric')) this.fail('BETWEEN SYMMETRIC não é aceito.');
      const low = this.parseAdditive();
      if (!this.isWord('and')) this.fail(`esperava AND no BETWEEN${this.found()}.`);
      this.next();
      const high = this.parseAdditive();
      return this.noSecondSpecial({ type: 'BETWEEN', params: [left, low, high] });
    }
    if (this.isWord('like')) {
      this.next();
      const pattern = this.parseAdditive();
      if (this.isWord('escape')) this.fail('LIKE … ESCAPE não é aceito.');
      return this.noSecondSpecial({ type: 'LIKE', params: [left, pattern] });
    }
    if (this.isWord('in')) {
      this.next();
      return this.noSecondSpecial({ type: 'IN', params: [left, this.parseInList()] });
    }
    return left;
  }

  private noSecondSpecial(node: ConditionNode): ConditionNode {
    if (this.isWord('between') || this.isWord('like') || this.isWord('in')) this.fail('use parênteses para encadear BETWEEN, IN e LIKE.');
    return node;
  }

  private parseInList(): ConditionNode {
    const open = this.peek();
    this.expectPunct('(', "'(' depois de IN");
    if (this.isWord('select')) this.fail('subconsultas (IN SELECT) não são aceitas em condições.');
    const items: ConditionNode[] = [];
    if (!this.isPunct(')')) {
      for (;;) {
        items.push(this.parseLogic('OR'));
        if (!this.isPunct(',')) break;
        this.next();
      }
    }
    this.expectPunct(')', "')' ou ',' na lista do IN");
    if (items.every((n) => n.type === 'string' || n.type === 'numeric')) {
      return { type: 'list', value: items.map((n) => n.value as ListItem) };
    }
    if (items.length === 1) return items[0]!;
    throw new ReadError('a lista do IN só pode ter textos e números.', open.from, this.peek(-1).to);
  }

  private parseAdditive(): ConditionNode {
    let node = this.parseMultiplicative();
    for (;;) {
      const t = this.peek();
      if (t.kind === 'op' && (t.text === '+' || t.text === '-')) {
        this.next();
        node = { type: t.text, params: [node, this.parseMultiplicative()] };
      } else if (t.kind === 'op' && t.text === '||') {
        this.fail('concatenação (||) não é aceita em condições.');
      } else return node;
    }
  }

  private parseMultiplicative(): ConditionNode {
    let node = this.parseUnary();
    for (;;) {
      const t = this.peek();
      if (t.kind === 'op' && (t.text === '*' || t.text === '/')) {
        this.next();
        node = { type: t.text, params: [node, this.parseUnary()] };
      } else if (t.kind === 'op' && t.text === '%') {
        this.fail('o operador % (resto) não é aceito.');
      } else return node;
    }
  }

  private parseUnary(): ConditionNode {
    const t = this.peek();
    if (t.kind === 'op' && (t.text === '-' || t.text === '+')) {
      const n = this.peek(1);
      if (t.text === '-' && n.kind === 'number') {
        this.next();
        return this.numberNode(this.next(), true);
      }
      this.fail(t.text === '-' ? 'o sinal de menos só é aceito diante de um número; use 0 - valor.' : 'o sinal + sozinho não é aceito.');
    }
    const node = this.parsePrimary();
    if (this.peek().kind === 'op' && this.peek().text === '::') this.fail('conversões de tipo (::) não são aceitas.');
    return node;
  }

  private numberNode(t: Token, negative: boolean): ConditionNode {
    const value = Number(t.text) * (negative ? -1 : 1);
    if (!Number.isFinite(value)) throw new ReadError('número fora do intervalo.', t.from, t.to);
    if (/^\d+$/.test(t.text) && !Number.isSafeInteger(value)) throw new ReadError('número inteiro grande demais (máximo 9007199254740991).', t.from, t.to);
    return { type: 'numeric', value: value === 0 ? 0 : value };
  }

  private parsePrimary(): ConditionNode {
    const t = this.peek();
    switch (t.kind) {
      case 'number':
        this.next();
        return this.numberNode(t, false);
      case 'string':
        this.next();
        return { type: 'string', value: t.value };
      case 'punct':
        if (t.text === '(') {
          this.next();
          if (this.isWord('select')) this.fail('subconsultas não são aceitas em condições.');
          const inner = this.parseLogic('OR');
          this.expectPunct(')', "')'");
          return inner;
        }
        return this.fail(`esperava um valor, um campo ou '('${this.found()}.`);
      case 'end':
        return this.fail('a condição termina no meio: falta um valor.');
      case 'op':
        return this.fail(`operador '${t.text}' fora do lugar.`);
      case 'quoted':
      case 'ident':
        break;
    }
    const word = t.text.toLowerCase();
    if (t.kind === 'ident') {
      if (word === 'true' || word === 'false') {
        this.next();
        return { type: 'bool', value: word === 'true' };
      }
      if (word === 'null') {
        this.next();
        return { type: 'null', value: null };
      }
      if (word === 'case') this.fail('CASE não é aceito; use IF(condição, então, senão).');
      if (this.peek(1).kind === 'punct' && this.peek(1).text === '(') return this.parseCall();
      if (KEYWORDS.has(word) || RESERVED_WORDS.has(word))
        this.fail(`'${t.text}' é uma palavra reservada; um campo com esse nome vai entre aspas duplas ("${t.text}").`);
    }
    return this.parseField();
  }

  private parseField(): ConditionNode {
    const parts: string[] = [];
    for (;;) {
      const t = this.next();
      if (t.kind === 'quoted') {
        if (t.value === '') throw new ReadError('nome de campo vazio.', t.from, t.to);
        if (t.value.includes('.')) throw new ReadError('um nome de campo entre aspas não pode conter ponto.', t.from, t.to);
        parts.push(t.value);
      } else if (t.kind === 'ident' && !(KEYWORDS.has(t.text.toLowerCase()) || RESERVED_WORDS.has(t.text.toLowerCase()))) {
        parts.push(t.text);
      } else {
        throw new ReadError(`esperava o nome de um campo depois do ponto, encontrei '${t.text}'.`, t.from, Math.max(t.to, t.from + 1));
      }
      if (!this.isPunct('.')) break;
      this.next();
    }
    return { type: 'field', value: parts.join('.') };
  }

  private parseCall(): ConditionNode {
    const nameToken = this.next();
    const name = nameToken.text.toUpperCase();
    this.next(); // (
    const args: ConditionNode[] = [];
    if (!this.isPunct(')')) {
      for (;;) {
        if (this.isWord('distinct')) this.fail('DISTINCT não é aceito em funções.');
        args.push(this.parseLogic('OR'));
        if (!this.isPunct(',')) break;
        this.next();
      }
    }
    this.expectPunct(')', "')' ou ',' nos argumentos");
    const arity = (min: number, max: number) => {
      if (args.length < min || args.length > max) {
        const expected = min === max ? `${min}` : `${min} ou ${max}`;
        throw new ReadError(`${name} recebe ${expected} argumento${max > 1 ? 's' : ''}, não ${args.length}.`, nameToken.from, this.peek(-1).to);
      }
    };
    if (name === 'IF') {
      arity(3, 3);
      return { type: 'IF', params: args };
    }
    if (name === 'ROUND') {
      arity(1, 2);
      if (args[1] && !(args[1].type === 'numeric' && Number.isInteger(args[1].value))) {
        throw new ReadError('as casas decimais do ROUND devem ser um número inteiro.', nameToken.from, this.peek(-1).to);
      }
      return { type: 'ROUND', params: args };
    }
    const fn = CONDITION_FUNCTIONS[name];
    if (!fn) {
      const known = ['IF', 'ROUND', ...Object.keys(CONDITION_FUNCTIONS)].join(', ');
      throw new ReadError(`a função ${name} não é aceita (aceitas: ${known}).`, nameToken.from, nameToken.to);
    }
    arity(fn.params.length, fn.params.length);
    return { type: 'function', value: name, params: args };
  }
}
