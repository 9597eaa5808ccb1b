import { findConditionAttribute } from './attributes.js';
import { MAX_CONDITION_TEXT_LENGTH, NUL_CHARACTER_MESSAGE, TEXT_TOO_LONG_MESSAGE } from './limits.js';
import { CONDITION_FUNCTIONS, NODE_SIGNATURES, slotOf, type ValueType } from './signatures.js';
import type { ConditionContext, ConditionNode } from './types.js';
import { isOperatorNode } from './types.js';

/** A problem in a tree: the node it is about and a Portuguese message for the operator. */
export interface ConditionIssue {
  path: number[];
  message: string;
}

const TYPE_NAMES: Record<ValueType, string> = {
  boolean: 'verdadeiro/falso',
  number: 'número',
  string: 'texto',
  list: 'lista',
  null: 'vazio (NULL)',
  any: 'qualquer valor',
};

/** The type a node yields (a free field, not in the catalogue, is `any`). */
export function conditionTypeOf(node: ConditionNode, context: ConditionContext): ValueType {
  switch (node.type) {
    case 'field': {
      const a = findConditionAttribute(context, node.value);
      if (!a) return 'any';
      return a.type === 'date' ? 'string' : a.type;
    }
    case 'IF': {
      const then = node.params[1] ? conditionTypeOf(node.params[1], context) : 'null';
      return then === 'null' && node.params[2] ? conditionTypeOf(node.params[2], context) : then;
    }
    case 'function':
      return CONDITION_FUNCTIONS[node.value.toUpperCase()]?.result ?? 'any';
    default: {
      const result = NODE_SIGNATURES[node.type].result;
      return result === 'second' ? 'any' : result;
    }
  }
}

function fits(actual: ValueType, wanted: ValueType): boolean {
  return actual === wanted || actual === 'any' || actual === 'null' || wanted === 'any';
}

/**
 * Type-checks a tree against the attribute catalogue of `context`. An empty list means the tree is
 * well typed, its SQL runs in DuckDB and the evaluator gives the same answers.
 */
export interface CheckConditionOptions {
  /**
   * Refuse fields outside the catalogue (`Campo desconhecido`). The builder keeps a typed unknown
   * name as a free field (it stays editable and is stored), but the server's previews answer 400
   * for one: its rows carry only the catalogue, so such a field is NULL on every row.
   */
  knownFieldsOnly?: boolean;
}

export function checkCondition(root: ConditionNode, context: ConditionContext, options: CheckConditionOptions = {}): ConditionIssue[] {
  const issues: ConditionIssue[] = [];
  if (options.knownFieldsOnly) visitFields(root, [], context, issues);
  const rootType = conditionTypeOf(root, context);
  if (!fits(rootType, 'boolean') || rootType === 'null') {
    issues.push({ path: [], message: `A condição precisa resultar em verdadeiro ou falso, não em ${TYPE_NAMES[rootType]}.` });
  }
  visit(root, [], context, issues);
  return issues;
}

function visit(node: ConditionNode, path: number[], context: ConditionContext, issues: ConditionIssue[]): void {
  const issue = (message: string, at = path) => issues.push({ path: at, message });
  switch (node.type) {
    case 'field':
      if (node.value.length > MAX_CONDITION_TEXT_LENGTH) issue(TEXT_TOO_LONG_MESSAGE);
      else if (node.value.trim() === '') issue('Escolha um campo.');
      else if (node.value.split('.').some((p) => p === '')) issue(`O nome de campo «${node.value}» tem uma parte vazia.`);
      return;
    case 'numeric':
      if (!Number.isFinite(node.value)) issue('Número inválido.');
      return;
    case 'list': {
      if (node.value.length === 0) issue('A lista está vazia: informe ao menos um valor.');
      const kinds = new Set(node.value.map((v) => typeof v));
      if (kinds.size > 1) issue('A lista mistura textos e números.');
      if (node.value.some((v) => typeof v === 'string' && v.length > MAX_CONDITION_TEXT_LENGTH)) issue(TEXT_TOO_LONG_MESSAGE);
      else if (node.value.some((v) => typeof v === 'string' && v.includes('\0'))) issue(NUL_CHARACTER_MESSAGE);
      if (node.value.some((v) => typeof v === 'number' && !Number.isFinite(v))) issue('Número inválido na lista.');
      return;
    }
    case 'string':
      if (node.value.length > MAX_CONDITION_TEXT_LENGTH) issue(TEXT_TOO_LONG_MESSAGE);
      else if (node.value.includes('\0')) issue(NUL_CHARACTER_MESSAGE);
      return;
    case 'bool':
    case 'null':
      return;
    default:
      break;
  }
  if (!isOperatorNode(node)) return;
  const sig = NODE_SIGNATURES[node.type];
  const count = node.params.length;
  if (node.type === 'AND' || node.type === 'OR') {
    if (count < 2) issue(`${node.type === 'AND' ? 'E' : 'OU'} precisa de pelo menos duas condições.`);
  } else if (node.type === 'function') {
    const fn = CONDITION_FUNCTIONS[node.value.toUpperCase()];
    if (!fn) issue(`Função desconhecida: ${node.value.slice(0, 40)}.`);
    else if (count !== fn.params.length) issue(`${fn.name} recebe ${fn.params.length} argumento(s).`);
    else node.params.forEach((p, i) => expect(p, [...path, i], fn.params[i]!, 'argumento', context, issues));
  } else if (count < sig.minParams || count > sig.maxParams) {
    const expected = sig.minParams === sig.maxParams ? `${sig.minParams}` : `${sig.minParams} a ${sig.maxParams}`;
    issue(`${sig.label} precisa de ${expected} operando(s), tem ${count}.`);
  }
  node.params.forEach((p, i) => visit(p, [...path, i], context, issues));
  if (node.type === 'function') return;

  const firstType = node.params[0] ? conditionTypeOf(node.params[0], context) : 'any';
  node.params.forEach((param, i) => {
    const slot = slotOf(node.type, i);
    if (!slot) return;
    const at = [...path, i];
    const actual = conditionTypeOf(param, context);
    switch (slot.accepts) {
      case 'comparable':
        if (!(fits(actual, 'number') || fits(actual, 'string')))
          issues.push({ path: at, message: `Esperava um número ou texto em «${slot.label}», mas aqui há ${TYPE_NAMES[actual]}.` });
        return;
      case 'equatable':
        if (actual === 'list') issues.push({ path: at, message: `Uma lista só pode ser usada com IN.` });
        return;
      case 'same':
        if (node.type === 'IF' && i === 2) {
          const then = node.params[1] ? conditionTypeOf(node.params[1], context) : 'any';
          if (!fits(actual, then) && !fits(then, actual))
            issues.push({ path: at, message: `«senão» deve ser do mesmo tipo que «então» (${TYPE_NAMES[then]}).` });
          return;
        }
        if (actual === 'list') issues.push({ path: at, message: 'Uma lista só pode ser usada com IN.' });
        else if (!fits(actual, firstType) && !fits(firstType, actual)) {
          issues.push({ path: at, message: `Tipos diferentes: ${TYPE_NAMES[firstType]} comparado a ${TYPE_NAMES[actual]}.` });
        }
        return;
      case 'integer-literal':
        if (!(param.type === 'numeric' && Number.isInteger(param.value))) issues.push({ path: at, message: 'As casas decimais devem ser um número inteiro.' });
        return;
      case 'list':
        if (param.type === 'list') {
          const itemType = param.value.length > 0 ? (typeof param.value[0] === 'number' ? 'number' : 'string') : null;
          if (itemType && firstType !== 'any' && firstType !== 'null' && firstType !== itemType) {
            issues.push({ path: at, message: `Os valores da lista devem ser do tipo ${TYPE_NAMES[firstType]}.` });
          }
        } else if (!fits(actual, firstType)) {
          issues.push({ path: at, message: `Esperava uma lista de valores do tipo ${TYPE_NAMES[firstType]}.` });
        }
        return;
      default:
        if (!fits(actual, slot.accepts)) {
          issues.push({ path: at, message: `Esperava ${TYPE_NAMES[slot.accepts]} em «${slot.label}», mas aqui há ${TYPE_NAMES[actual]}.` });
        }
    }
  });
}

function expect(param: ConditionNode, at: number[], wanted: ValueType, label: string, context: ConditionContext, issues: ConditionIssue[]) {
  const actual = conditionTypeOf(param, context);
  if (!fits(actual, wanted)) issues.push({ path: at, message: `Esperava ${TYPE_NAMES[wanted]} no ${label}, mas aqui há ${TYPE_NAMES[actual]}.` });
}

function visitFields(node: ConditionNode, path: number[], context: ConditionContext, issues: ConditionIssue[]): void {
  if (node.type === 'field') {
    const name = node.value;
    if (name.trim() !== '' && name.length <= MAX_CONDITION_TEXT_LENGTH && !findConditionAttribute(context, name)) {
      issues.push({ path, message: `Campo desconhecido: «${name.length > 80 ? `${name.slice(0, 80)}…` : name}».` });
    }
    return;
  }
  if (isOperatorNode(node)) node.params.forEach((p, i) => visitFields(p, [...path, i], context, issues));
}
