import { describe, expect, it } from 'vitest';
import { findCollection, findSettings, type Project } from '@console/shared';
import { canReplicate, movedFields, outcomeText, replicateTo, replicationDiff, replicationTargets, TargetMovedError } from './replication';

const page = findCollection('main', 'page')!;
const customer = findCollection('main', 'customer')!;
const store = findSettings('main', 'store')!;

const projects: Project[] = [
  { id: 'cdlbox', name: 'CDL Box', domains: [] },
  { id: 'cookstore', name: 'Cook Store', domains: [] },
  { id: 'main', name: 'Loja Principal', domains: [] },
];

describe('replication', () => {
  it('is offered in the super-project only, for existing records of replicable collections', () => {
    expect(canReplicate(page, 'main', 'main', false)).toBe(true);
    expect(canReplicate(page, 'cookstore', 'main', false)).toBe(false);
    expect(canReplicate(page, 'main', 'main', true)).toBe(false);
    expect(canReplicate(customer, 'main', 'main', false)).toBe(false);
    expect(canReplicate(store, 'main', 'main', false)).toBe(false);
  });

  it('targets the other projects that have the collection', () => {
    expect(replicationTargets(projects, 'main', 'page').map((p) => p.id)).toEqual(['cdlbox', 'cookstore']);
    expect(replicationTargets(projects, 'main', 'brand').map((p) => p.id)).toEqual(['cookstore']);
  });

  it('reports per project what happened, one refusal not stopping the others', async () => {
    const outcomes = await replicateTo(['cookstore', 'cdlbox'], async (projectId) => {
      if (projectId === 'cdlbox') throw Object.assign(new Error('denied'), { code: 'permission-denied' });
    });
    expect(outcomes.map((o) => [o.projectId, outcomeText(o)])).toEqual([
      ['cookstore', 'Replicado'],
      ['cdlbox', 'Sem permissão para salvar este registro.'],
    ]);
  });

  it('diffs field by field what a merge-write would change in the target, maps leaf by leaf, stamps left out', () => {
    const stored = { name: 'Regra A', order: 2, options: { minMarkup: 1.3, priceManual: false }, tags: ['a'], updatedAt: 1 };
    const target = { name: 'Regra A', order: 1, options: { minMarkup: 1.2, priceManual: false, extra: true }, tags: ['a', 'b'], only: 'fica', updatedAt: 2 };
    expect(replicationDiff(stored, target)).toEqual([
      { field: 'options.minMarkup', from: 1.2, to: 1.3 },
      { field: 'order', from: 1, to: 2 },
      { field: 'tags', from: ['a', 'b'], to: ['a'] },
    ]);
    expect(replicationDiff({ name: 'x' }, null)).toEqual([{ field: 'name', from: undefined, to: 'x' }]);
  });

  it('names the fields that moved in a target since the preview, and says so in the outcome', async () => {
    expect(movedFields({ name: 'a', order: 1, updatedAt: 1 }, { name: 'b', order: 1, updatedAt: 2 })).toEqual(['name']);
    const [outcome] = await replicateTo(['cookstore'], () => Promise.reject(new TargetMovedError(['name'])));
    expect(outcome).toEqual({ projectId: 'cookstore', ok: false, message: expect.stringContaining('mudou neste projeto desde a pré-visualização (name)') });
  });
});
