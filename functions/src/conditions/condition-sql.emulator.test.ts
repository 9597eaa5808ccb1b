import { afterAll, describe, expect, it } from 'vitest';
import { writeConditionSql, type ConditionNode } from '@console/shared';
import { testFirestore, waitFor } from '../../../test-support/stack.js';
import { settleWrittenConditions } from './condition-sql.js';

// A store of its own per run, so the seeded stores stay as they are.
const project = `conditions-${Date.now().toString(36)}`;
const db = () => testFirestore();
const field = (value: string): ConditionNode => ({ type: 'field', value });
const priced: ConditionNode = { type: '>', params: [field('Price'), { type: 'numeric', value: 10 }] };
const emptyIn: ConditionNode = { type: 'IN', params: [field('ProductLine'), { type: 'list', value: [] }] };
const url: ConditionNode = { type: 'LIKE', params: [field('event.url'), { type: 'string', value: '%/p/%-%' }] };

afterAll(async () => {
  await db().recursiveDelete(db().collection('project').doc(project));
});

const settled = async (path: string, key: (d: Record<string, unknown>) => unknown, want: (v: unknown) => boolean, what: string) =>
  waitFor(
    async () => {
      const snap = await db().doc(path).get();
      const v = key(snap.data() ?? {});
      return want(v) ? snap : undefined;
    },
    30_000,
    what,
  );

describe('conditionSql trigger', () => {
  it('recomputes a client-sent sql from the map (an import’s "TRUE" beside a map)', async () => {
    const path = `project/${project}/pricing-rule/imported`;
    await db()
      .doc(path)
      .set({ name: 'Importada', rules: { map: priced, sql: 'TRUE' } });
    const snap = await settled(
      path,
      (d) => (d.rules as { sql: string }).sql,
      (sql) => sql === 'Price > 10',
      'the recomputed sql',
    );
    expect(snap.data()!.rules).toEqual({ map: priced, sql: 'Price > 10' });
  });

  it('stores the normal form of a map written in another shape (a group of one, an OR inside an OR), and then writes nothing more', async () => {
    const path = `project/${project}/pricing-rule/other-shape`;
    const cheap: ConditionNode = { type: '<', params: [field('Price'), { type: 'numeric', value: 5 }] };
    const written = { type: 'OR', params: [priced, { type: 'OR', params: [{ type: 'AND', params: [cheap] }, url] }] } as ConditionNode;
    const normal = { type: 'OR', params: [priced, cheap, url] } as ConditionNode;
    await db()
      .doc(path)
      .set({ name: 'Outra forma', rules: { map: written, sql: writeConditionSql(written) } });
    const snap = await settled(
      path,
      (d) => (d.rules as { map: ConditionNode }).map,
      (map) => JSON.stringify(map) === JSON.stringify(normal),
      'the normal form',
    );
    expect(snap.data()!.rules).toEqual({ map: normal, sql: "Price > 10 OR Price < 5 OR event.url LIKE '%/p/%-%'" });
    // Its own write settles nothing more: the update time stays.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await db().doc(path).get()).updateTime!.isEqual(snap.updateTime!)).toBe(true);
  });

  it('marks a map that does not validate, keeps its sql the writer’s, and clears the mark when fixed', async () => {
    const path = `project/${project}/layout-rule/banner`;
    const broken = { type: 'AND', params: [emptyIn, priced] };
    await db()
      .doc(path)
      .set({ name: 'Banner', rules: { map: broken, sql: 'TRUE' } });
    const snap = await settled(
      path,
      (d) => (d.rules as { problem?: string }).problem,
      (p) => typeof p === 'string',
      'the problem mark',
    );
    expect(snap.data()!.rules).toEqual({
      map: broken,
      sql: writeConditionSql(broken as ConditionNode),
      problem: 'A lista está vazia: informe ao menos um valor.',
    });

    await db()
      .doc(path)
      .update({ rules: { map: url, sql: writeConditionSql(url), problem: 'antigo' } });
    const fixed = await settled(
      path,
      (d) => (d.rules as { problem?: string }).problem,
      (p) => p === undefined,
      'the mark cleared',
    );
    expect(fixed.data()!.rules).toEqual({ map: url, sql: "event.url LIKE '%/p/%-%'" });
  });

  it('settles conditions inside a segment’s rules, and writes nothing more afterwards (no loop)', async () => {
    const path = `project/${project}/customer-segment/seg`;
    const good = { map: url, sql: writeConditionSql(url) };
    await db()
      .doc(path)
      .set({ name: 'Seg', rules: [{ rulesIn: [good], rulesInOnly: [], rulesNotIn: [{ map: priced, sql: 'FALSE' }] }] });
    const snap = await settled(
      path,
      (d) => (d.rules as { rulesNotIn: { sql: string }[] }[])[0]!.rulesNotIn[0]!.sql,
      (sql) => sql === 'Price > 10',
      'the nested sql',
    );
    // Price is no customer attribute: a free field of any type, so it validates.
    expect((snap.data()!.rules as { rulesIn: unknown[] }[])[0]!.rulesIn).toEqual([good]);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const later = await db().doc(path).get();
    expect(later.updateTime!.isEqual(snap.updateTime!)).toBe(true);
  });

  it('the handler is idempotent and never overwrites a newer version of the document', async () => {
    const ref = db().doc(`project/${project}/pricing-rule/direct`);
    const written = await ref.get().then(async () => {
      await ref.set({ name: 'Direta', rules: { map: priced, sql: 'TRUE' } });
      return ref.get();
    });
    // The trigger has its own event for this write; the handler run by hand on the same version
    // either settles it or finds it already settled (changed since) — once settled, nothing more.
    await settled(
      ref.path,
      (d) => (d.rules as { sql: string }).sql,
      (sql) => sql === 'Price > 10',
      'the settled sql',
    );
    const stale = { ref, collection: 'pricing-rule', after: written.data(), updateTime: written.updateTime };
    expect(await settleWrittenConditions(stale)).toEqual([]);
    const now = await ref.get();
    expect(await settleWrittenConditions({ ...stale, after: now.data(), updateTime: now.updateTime })).toEqual([]);
    expect(await settleWrittenConditions({ ...stale, collection: 'brand' })).toEqual([]);
  });
});
