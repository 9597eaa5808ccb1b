import { describe, expect, it } from 'vitest';
import { defineCollection } from '@console/shared';
import { listQueryConstraints } from './list-query';

const kinds = (constraints: ReturnType<typeof listQueryConstraints>) => constraints.map((c) => c.type);

describe('the collection list query', () => {
  const byDate = defineCollection({
    id: 'rating-store',
    title: 'Avaliações',
    fields: [{ name: 'comment', title: 'Comentário', type: 'text' }],
    orderBy: { field: 'createdAt' },
    filter: { field: 'comment', mode: 'prefix' },
  });

  it('orders and limits when the filter box is empty', () => {
    expect(kinds(listQueryConstraints(byDate, '  '))).toEqual(['orderBy', 'limit']);
  });

  it('drops the order when a prefix range applies to another field', () => {
    expect(kinds(listQueryConstraints(byDate, 'Ót'))).toEqual(['where', 'where', 'limit']);
  });

  it('keeps the order with an equality filter', () => {
    const byEmail = defineCollection({ ...byDate, filter: { field: 'comment', mode: 'equality' } });
    expect(kinds(listQueryConstraints(byEmail, 'x'))).toEqual(['where', 'orderBy', 'limit']);
  });

  it('uses the definition limit', () => {
    const big = defineCollection({ id: 'category', title: 'Categorias', fields: [], listLimit: 1000 });
    expect(kinds(listQueryConstraints(big, 'ab'))).toEqual(['where', 'where', 'limit']);
  });
});
