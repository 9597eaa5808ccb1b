import { describe, expect, it } from 'vitest';
import { fieldsSchema, type FieldDefinition } from '@console/shared';
import { firstValidationMessage, validationProblems } from './validation-message';

const fields: FieldDefinition[] = [
  { name: 'name', title: 'Nome', type: 'text', required: true },
  { name: 'priority', title: 'Prioridade', type: 'number', min: 1, max: 5 },
  { name: 'kind', title: 'Tipo', type: 'select', options: [{ value: 'b2c', label: 'B2C' }] },
  {
    name: 'address',
    title: 'Endereço',
    type: 'struct',
    fields: [{ name: 'city', title: 'Cidade', type: 'text', required: true }],
  },
  {
    name: 'rules',
    title: 'Regras',
    type: 'array_struct',
    fields: [{ name: 'description', title: 'Descrição', type: 'text', required: true }],
  },
];
const schema = fieldsSchema(fields);

function messageFor(data: Record<string, unknown>): string {
  const result = schema.safeParse(data);
  if (result.success) return 'ok';
  return firstValidationMessage(result.error.issues, fields, data);
}

const valid = { name: 'Loja', address: { city: 'Curitiba' } };

describe('the first validation error, in Portuguese', () => {
  it('asks to fill a missing or blank required field', () => {
    expect(messageFor({ address: { city: 'x' } })).toBe('Preencha o campo Nome');
    expect(messageFor({ ...valid, name: '  ' })).toBe('Preencha o campo Nome');
  });

  it('names nested fields by their titles', () => {
    expect(messageFor({ name: 'Loja', address: {} })).toBe('Preencha o campo Endereço › Cidade');
    expect(messageFor({ ...valid, rules: [{ description: 'a' }, {}] })).toBe('Preencha o campo Regras 2 › Descrição');
  });

  it('explains number limits and wrong types', () => {
    expect(messageFor({ ...valid, priority: 9 })).toBe('Prioridade: o valor máximo é 5');
    expect(messageFor({ ...valid, priority: 0 })).toBe('Prioridade: o valor mínimo é 1');
    expect(messageFor({ ...valid, priority: 'x' })).toBe('Prioridade: informe um número');
  });

  it('keeps the definitions own messages', () => {
    expect(messageFor({ ...valid, kind: 'b2b' })).toBe('Tipo: opção inválida');
  });

  it('accepts a valid document', () => {
    expect(messageFor(valid)).toBe('ok');
  });
});

describe('all validation problems, with their paths', () => {
  it('names each one by path and in Portuguese', () => {
    const data = { name: '', priority: 9, address: {} };
    const result = schema.safeParse(data);
    expect(result.success).toBe(false);
    expect(validationProblems(result.error!.issues, fields, data)).toEqual([
      { path: 'name', message: 'Preencha o campo Nome' },
      { path: 'priority', message: 'Prioridade: o valor máximo é 5' },
      { path: 'address.city', message: 'Preencha o campo Endereço › Cidade' },
    ]);
  });
});
