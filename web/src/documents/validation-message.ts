import type { z } from 'zod';
import type { FieldDefinition } from '@console/shared';
import { fieldKey } from '../form-engine/value-formats';
import { formatNumber } from '../lib/format';
import { requiredFieldMessage } from './constants';

type Issue = z.core.$ZodIssue;

/** Titles of the fields along a zod path ("Endereço › Cidade", "Regras 2 › Descrição"). */
function describePath(path: readonly PropertyKey[], fields: readonly FieldDefinition[]): string {
  const titles: string[] = [];
  let level: readonly FieldDefinition[] | null = fields;
  let i = 0;
  while (level && i < path.length) {
    const field: FieldDefinition | undefined = level.find((f) => fieldKey(f) === String(path[i]));
    if (!field) break;
    titles.push(field.title);
    i++;
    level = null;
    // Lists and maps consume their index or key, then continue into their item's fields.
    let current: FieldDefinition = field;
    for (;;) {
      if (current.type === 'struct') {
        level = current.fields;
      } else if (current.type === 'array_struct' || current.type === 'array_field' || current.type === 'collection_doc_form') {
        if (i >= path.length) break;
        const step = path[i++];
        const last = titles.length - 1;
        titles[last] = typeof step === 'number' ? `${titles[last]} ${step + 1}` : `${titles[last]} (${String(step)})`;
        if (current.type === 'array_field') {
          current = current.of;
          continue;
        }
        level = current.fields;
      }
      break;
    }
  }
  return titles.join(' › ');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = data;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The first problem zod found, as one Portuguese sentence naming the field by its title. Zod's
 * own messages are English; the definitions' custom ones (already Portuguese) are kept.
 */
export function firstValidationMessage(issues: readonly Issue[], fields: readonly FieldDefinition[], data: Record<string, unknown>): string {
  const issue = issues[0];
  return issue ? issueMessage(issue, fields, data) : 'Dados inválidos.';
}

export interface ValidationProblem {
  /** Where in the document, as a dotted path ("address.city", "rules.1.description"). */
  path: string;
  message: string;
}

/** Every problem zod found, each with its path: the JSON editor names them all before refusing. */
export function validationProblems(issues: readonly Issue[], fields: readonly FieldDefinition[], data: Record<string, unknown>): ValidationProblem[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issueMessage(issue, fields, data) }));
}

function issueMessage(issue: Issue, fields: readonly FieldDefinition[], data: Record<string, unknown>): string {
  const title = describePath(issue.path, fields) || String(issue.path.join('.')) || 'Documento';
  const value = valueAt(data, issue.path);

  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value)) return requiredFieldMessage(title);
      if (issue.expected === 'number') return `${title}: informe um número`;
      if (issue.expected === 'boolean') return `${title}: marque ou desmarque a opção`;
      return `${title}: valor inválido`;
    case 'too_small':
      if (issue.origin === 'string') return requiredFieldMessage(title);
      if (issue.origin === 'number') return `${title}: o valor mínimo é ${formatNumber(Number(issue.minimum))}`;
      if (issue.origin === 'array') return `${title}: inclua pelo menos ${issue.minimum} ${Number(issue.minimum) === 1 ? 'item' : 'itens'}`;
      return `${title}: valor muito pequeno`;
    case 'too_big':
      if (issue.origin === 'number') return `${title}: o valor máximo é ${formatNumber(Number(issue.maximum))}`;
      if (issue.origin === 'string') return `${title}: texto muito longo (máximo ${issue.maximum} caracteres)`;
      return `${title}: valor muito grande`;
    case 'invalid_value':
      return `${title}: opção inválida`;
    case 'invalid_format':
      return `${title}: formato inválido`;
    case 'custom':
      return issue.message.includes(title) || issue.message.startsWith('Preencha') ? issue.message : `${title}: ${issue.message}`;
    default:
      return `${title}: valor inválido`;
  }
}
