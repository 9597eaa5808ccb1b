import { describe, expect, it } from 'vitest';
import { buildOptionTree, indentedLabel, toTreeEntry, withoutSubtree, type TreeEntry } from './option-tree';

const entry = (id: string, parent: string | null, order: number | null = null, label = id): TreeEntry => ({
  id,
  parent,
  order,
  label,
});

const shape = (options: ReturnType<typeof buildOptionTree>) => options.map((o) => `${'-'.repeat(o.depth)}${o.id}`);

describe('select_nested options', () => {
  it('indents children under their parents, siblings by order then label', () => {
    const tree = buildOptionTree([
      entry('facas', 'cozinha', 30),
      entry('cozinha', 'departamentos', 10),
      entry('churrasco', 'departamentos', 20),
      entry('panelas', 'cozinha', 10),
      entry('departamentos', null, 10),
      entry('acessorios', 'churrasco', null, 'Acessórios'),
      entry('churrasqueiras', 'churrasco', null, 'Churrasqueiras'),
    ]);
    expect(shape(tree)).toEqual(['departamentos', '-cozinha', '--panelas', '--facas', '-churrasco', '--acessorios', '--churrasqueiras']);
  });

  it('shows orphans (parent not in the list) and self-parented entries as roots', () => {
    const tree = buildOptionTree([entry('a', 'apagada', 2), entry('b', 'b', 1), entry('c', 'a')]);
    expect(shape(tree)).toEqual(['b', 'a', '-c']);
  });

  it('shows every member of a parent cycle once, starting from its first member', () => {
    const tree = buildOptionTree([entry('x', 'z', 1), entry('y', 'x', 2), entry('z', 'y', 3), entry('raiz', null, 9)]);
    expect(shape(tree)).toEqual(['raiz', 'x', '-y', '--z']);
    expect(tree).toHaveLength(4);
  });

  it('walks a very deep chain without overflowing', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => entry(`n${i}`, i === 0 ? null : `n${i - 1}`));
    const tree = buildOptionTree(chain);
    expect(tree).toHaveLength(5000);
    expect(tree[4999].depth).toBe(4999);
  });

  it('drops a document and its descendants, so nothing is offered as its own ancestor', () => {
    const tree = buildOptionTree([entry('root', null, 1), entry('a', 'root', 1), entry('a1', 'a', 1), entry('a11', 'a1', 1), entry('b', 'root', 2)]);
    expect(shape(withoutSubtree(tree, 'a'))).toEqual(['root', '-b']);
    expect(shape(withoutSubtree(tree, 'nada'))).toEqual(shape(tree));
  });

  it('labels an entry by the label field, then title, then name, then id', () => {
    expect(toTreeEntry('x', { name: 'Nome', title: 'Título', custom: 'Meu' }, 'custom').label).toBe('Meu');
    expect(toTreeEntry('x', { name: 'Nome', title: 'Título' }).label).toBe('Título');
    expect(toTreeEntry('x', { name: 'Nome', title: '  ' }).label).toBe('Nome');
    expect(toTreeEntry('x', { title: { pt: 'objeto' } }).label).toBe('x');
  });

  it('reads parent and order only when they have the expected types', () => {
    expect(toTreeEntry('x', { parent: 'p', order: 3 })).toMatchObject({ parent: 'p', order: 3 });
    expect(toTreeEntry('x', { parent: '', order: '3' })).toMatchObject({ parent: null, order: null });
    expect(toTreeEntry('x', { parent: 7 })).toMatchObject({ parent: null });
  });

  it('indents the option text by depth', () => {
    expect(indentedLabel({ id: 'a', label: 'Facas', depth: 2 })).toBe('\u00a0'.repeat(8) + 'Facas');
  });
});
