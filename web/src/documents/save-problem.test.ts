import { describe, expect, it } from 'vitest';
import { fieldsSchema, type FieldDefinition } from '@console/shared';
import { saveProblem } from './save-problem';

const fields: FieldDefinition[] = [
  { name: 'name', title: 'Nome', type: 'text', required: true },
  { name: 'priority', title: 'Prioridade', type: 'number', min: 1, max: 5 },
];
const schema = fieldsSchema(fields);

describe('the problem that blocks a save', () => {
  it('names the edited field that does not fit', () => {
    const values = { name: 'Loja', priority: 9 };
    expect(saveProblem(schema, fields, { keys: ['priority'], values }, values, false)).toBe('Prioridade: o valor máximo é 5');
  });

  it('lets an edit through when only a stored field nobody edited is wrong', () => {
    const values = { priority: 2 };
    expect(saveProblem(schema, fields, { keys: ['priority'], values }, values, false)).toBeNull();
  });

  it('checks every field when the whole document is written', () => {
    const values = { priority: 2 };
    expect(saveProblem(schema, fields, { keys: [], values }, values, true)).toBe('Preencha o campo Nome');
  });

  it('finds nothing in a document that fits', () => {
    const values = { name: 'Loja', priority: 3 };
    expect(saveProblem(schema, fields, { keys: ['name'], values }, values, false)).toBeNull();
  });
});
