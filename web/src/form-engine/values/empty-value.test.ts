import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@console/shared';
import { emptyValue } from './empty-value';

const field = (type: string, extra: object = {}) => ({ name: 'x', title: 'X', type, ...extra }) as FieldDefinition;

describe('empty value of a new item', () => {
  it('is the empty shape each widget stores', () => {
    expect(emptyValue(field('text'))).toBe('');
    expect(emptyValue(field('number'))).toBeNull();
    expect(emptyValue(field('checkbox'))).toBe(false);
    expect(emptyValue(field('select', { options: [] }))).toBeNull();
    expect(emptyValue(field('select_nested', { collection: 'stock' }))).toBeNull();
    expect(emptyValue(field('array_textarea'))).toEqual([]);
    expect(emptyValue(field('struct', { fields: [] }))).toEqual({});
    expect(emptyValue(field('date'))).toBeNull();
  });
});
