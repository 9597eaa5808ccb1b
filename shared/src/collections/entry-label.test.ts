import { describe, expect, it } from 'vitest';
import { defineCollection } from './define.js';
import { entryLabel } from './entry-label.js';

describe('entry labels', () => {
  const def = defineCollection({ id: 'page', title: 'Páginas', fields: [], labelField: 'title' });
  it('shows the label field, or the id when it is empty', () => {
    expect(entryLabel(def, 'p1', { title: 'Sobre nós' })).toBe('Sobre nós');
    expect(entryLabel(def, 'p1', { title: '  ' })).toBe('p1');
    expect(entryLabel(def, 'p1', {})).toBe('p1');
  });
});
