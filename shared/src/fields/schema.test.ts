import { describe, expect, it } from 'vitest';
import { fieldsSchema } from './schema.js';
import type { FieldDefinition } from './types.js';

const fields: FieldDefinition[] = [
  { type: 'text', name: 'title', title: 'Título', required: true },
  { type: 'number', name: 'order', title: 'Ordem' },
  { type: 'checkbox', name: 'visible', title: 'Visível' },
  { type: 'select', name: 'status', title: 'Status', options: [{ value: 'todo', label: 'A fazer' }] },
  { type: 'struct', name: 'address', title: 'Endereço', fields: [{ type: 'text', name: 'city', title: 'Cidade' }] },
  { type: 'image', name: 'image', title: 'Imagem' },
];

describe('zod schema derived from field definitions', () => {
  const schema = fieldsSchema(fields);

  it('accepts a plausible document and keeps keys it does not declare', () => {
    const doc = { title: 'Panelas', order: 2, visible: true, status: 'todo', address: { city: 'Carlos Barbosa' }, extra: { a: 1 } };
    expect(schema.parse(doc)).toEqual(doc);
  });

  it('keeps values of kinds owned by other editors untouched', () => {
    const image = { id: 'f1', url: 'https://cdn/x.jpg' };
    expect(schema.parse({ title: 'x', image }).image).toEqual(image);
  });

  it('rejects a missing required text with its Portuguese message', () => {
    const result = schema.safeParse({ title: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Preencha o campo Título');
  });

  it('rejects text in a number field and an unknown select option', () => {
    expect(schema.safeParse({ title: 'x', order: '2' }).success).toBe(false);
    expect(schema.safeParse({ title: 'x', status: 'done' }).success).toBe(false);
    expect(schema.safeParse({ title: 'x', order: null }).success).toBe(true);
  });
});
