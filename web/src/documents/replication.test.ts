import { describe, expect, it } from 'vitest';
import { findCollection, findSettings, type Project } from '@console/shared';
import { canReplicate, outcomeText, replicateTo, replicationTargets } from './replication';

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
});
