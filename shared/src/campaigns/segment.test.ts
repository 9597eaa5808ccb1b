import { describe, expect, it } from 'vitest';
import { membersWithinParent, segmentCustomerIds, segmentGroups } from './segment.js';

// Conditions are names here; `matches` says which customers each one selects.
const sets: Record<string, string[]> = { sp: ['a', 'b', 'c'], rj: ['d'], buyer: ['b', 'd'], vip: ['a', 'b', 'd'], bot: ['c'] };
const matches = (c: string) => new Set(sets[c]);
const all = ['a', 'b', 'c', 'd', 'e'];
const ids = (groups: { rulesIn?: string[]; rulesInOnly?: string[]; rulesNotIn?: string[] }[]) =>
  [
    ...segmentCustomerIds(
      groups.map((g) => ({ rulesIn: g.rulesIn ?? [], rulesInOnly: g.rulesInOnly ?? [], rulesNotIn: g.rulesNotIn ?? [] })),
      all,
      matches,
    ),
  ].sort();

describe('how a segment combines rulesIn, rulesInOnly and rulesNotIn', () => {
  it('rulesIn widens: customers matching any of them', () => {
    expect(ids([{ rulesIn: ['sp', 'rj'] }])).toEqual(['a', 'b', 'c', 'd']);
  });
  it('rulesInOnly narrows to customers matching every one of them', () => {
    expect(ids([{ rulesIn: ['sp', 'rj'], rulesInOnly: ['vip', 'buyer'] }])).toEqual(['b', 'd']);
  });
  it('rulesNotIn removes customers matching any of them', () => {
    expect(ids([{ rulesIn: ['sp'], rulesNotIn: ['bot', 'buyer'] }])).toEqual(['a']);
  });
  it('without rulesIn the base is every customer', () => {
    expect(ids([{ rulesInOnly: ['vip'] }])).toEqual(['a', 'b', 'd']);
    expect(ids([{ rulesNotIn: ['sp'] }])).toEqual(['d', 'e']);
  });
  it('a group without conditions adds nobody; groups are united', () => {
    expect(ids([{}])).toEqual([]);
    expect(ids([{ rulesIn: ['rj'] }, { rulesIn: ['sp'], rulesNotIn: ['vip'] }])).toEqual(['c', 'd']);
  });
  it('reads the stored rules field, tolerating missing lists', () => {
    expect(segmentGroups([{ rulesIn: [{ sql: 'x' }] }, null, 'x'])).toEqual([{ rulesIn: [{ sql: 'x' }], rulesInOnly: [], rulesNotIn: [] }]);
    expect(segmentGroups(undefined)).toEqual([]);
  });
});

describe('a segment with a parent', () => {
  it('keeps only members of the parent (by customer, or by e-mail for an address without a customer)', () => {
    const parent = [
      { customerId: 'a', email: 'a@x.com' },
      { customerId: null, email: 'Solto@X.com' },
    ];
    const child = [
      { customerId: 'a', email: 'a@x.com' },
      { customerId: 'b', email: 'b@x.com' },
      { customerId: null, email: 'solto@x.com' },
      { customerId: null, email: 'outro@x.com' },
    ];
    expect(membersWithinParent(child, parent)).toEqual([child[0], child[2]]);
    expect(membersWithinParent(child, [])).toEqual([]);
  });
});
