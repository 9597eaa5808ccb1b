import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_NODE_TYPES,
  addLocalChanges,
  createLayoutSync,
  createOpHistory,
  diffTrees,
  flatFromTree,
  insertNodes,
  layoutFromStored,
  layoutPathKey,
  layoutProblem,
  newStoredNode,
  planSave,
  receiveRemote,
  recordOp,
  saveLanded,
  setNodeProps,
  startSave,
  treeFromFlat,
  undoOp,
  type FlatLayout,
  type LayoutChange,
  type LayoutNodeType,
  type LayoutSyncState,
  type LayoutTree,
  type OpHistory,
} from '../index.js';
import { runLayoutOp, type LayoutOp } from './testing/layout-test-support.js';

// Two editors on one stored layout, their operations, saves (one transaction each, as the web
// editor does) and listener deliveries interleaved at random: whatever the order, both end on the
// stored layout, the tree is valid, and every operation that was not reported as a conflict is kept.

interface Client {
  name: string;
  tree: LayoutTree;
  sync: LayoutSyncState;
  history: OpHistory;
  n: number;
  /** Every change this client made by an operation (not by undo). */
  made: LayoutChange[];
  conflicts: Set<string>;
}

const op: fc.Arbitrary<LayoutOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('insert' as const), parent: fc.nat(), index: fc.nat(6), type: fc.constantFrom(...LAYOUT_NODE_TYPES) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), node: fc.nat(), parent: fc.nat(), index: fc.nat(6) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), node: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('props' as const),
      node: fc.nat(),
      prop: fc.constantFrom('className' as const, 'text' as const),
      value: fc.string({ maxLength: 3 }),
    }),
  },
);

type Step =
  { who: 0 | 1; what: 'op'; op: LayoutOp } | { who: 0 | 1; what: 'save' } | { who: 0 | 1; what: 'deliver'; stale: number } | { who: 0 | 1; what: 'undo' };

const step = (withUndo: boolean): fc.Arbitrary<Step> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.record({ who: fc.constantFrom(0 as const, 1 as const), what: fc.constant('op' as const), op }) },
    { weight: 2, arbitrary: fc.record({ who: fc.constantFrom(0 as const, 1 as const), what: fc.constant('save' as const) }) },
    { weight: 2, arbitrary: fc.record({ who: fc.constantFrom(0 as const, 1 as const), what: fc.constant('deliver' as const), stale: fc.nat(2) }) },
    { weight: withUndo ? 1 : 0, arbitrary: fc.record({ who: fc.constantFrom(0 as const, 1 as const), what: fc.constant('undo' as const) }) },
  );

const START = {
  id: 'root',
  type: 'ContainerComponent',
  className: '',
  children: [
    { id: 'box', type: 'ContainerComponent', className: 'b', children: [{ id: 't1', type: 'TextComponent', className: 'x', text: 'one' }] },
    { id: 't2', type: 'TextComponent', className: 'y', text: 'two' },
  ],
};

function startLayout(): FlatLayout {
  const tree = layoutFromStored(START);
  if (!tree.ok) throw new Error('start');
  return flatFromTree(tree.value, 1);
}

function client(name: string, stored: FlatLayout): Client {
  return { name, tree: treeFromFlat(stored), sync: createLayoutSync(stored), history: createOpHistory(), n: 0, made: [], conflicts: new Set() };
}

/** An operation on named nodes (the examples below). */
function named(c: Client, o: { props: [id: string, prop: string, value: string] } | { insert: [parent: string, type: LayoutNodeType] }): void {
  const result =
    'props' in o
      ? setNodeProps(c.tree, o.props[0], { [o.props[1]]: `${c.name}:${o.props[2]}` })
      : insertNodes(c.tree, o.insert[0], [newStoredNode(o.insert[1], 'x')], () => `${c.name}-${++c.n}`, 0);
  if (!result.ok) throw new Error(result.error.message);
  record(c, 'tree' in result.value ? result.value.tree : result.value);
}

function record(c: Client, next: LayoutTree): void {
  const changes = diffTrees(c.tree, next);
  if (!changes.length) return;
  c.tree = next;
  c.sync = addLocalChanges(c.sync, changes);
  c.history = recordOp(c.history, { changes, selectionBefore: null, selectionAfter: null });
  c.made.push(...changes);
}

function runOp(c: Client, o: LayoutOp): void {
  const next = runLayoutOp(c.tree, o, () => `${c.name}-${++c.n}`, c.name);
  if (next) record(c, next);
}

function noteConflicts(c: Client) {
  for (const conflict of c.sync.conflicts) c.conflicts.add(layoutPathKey(conflict.path));
}

class Server {
  versions: FlatLayout[];
  constructor(start: FlatLayout) {
    this.versions = [start];
  }
  get current() {
    return this.versions[this.versions.length - 1]!;
  }
  /** One save: a transaction reads the stored layout and writes the plan's keys. */
  save(c: Client): void {
    const started = startSave(c.sync);
    if (!started) return;
    const plan = planSave(this.current, true, started.changes);
    // What the writes give, applied key by key as Firestore would: must equal the plan's layout.
    this.versions.push(applyWrites(this.current, plan.writes));
    expect(this.current).toEqual(plan.next);
    const landed = saveLanded(started.sync, plan.next, plan.conflicts, c.tree);
    c.sync = landed.sync;
    c.tree = landed.tree;
    noteConflicts(c);
  }
  deliver(c: Client, stale: number): void {
    const snapshot = this.versions[Math.max(0, this.versions.length - 1 - stale)]!;
    const received = receiveRemote(c.sync, snapshot, c.tree);
    if (!received) return;
    c.sync = received.sync;
    c.tree = received.tree;
    noteConflicts(c);
  }
}

/** Field-path writes applied to a plain copy of the stored object, as Firestore's update does. */
function applyWrites(stored: FlatLayout, writes: readonly { path: readonly string[]; value: unknown }[]): FlatLayout {
  const copy = JSON.parse(JSON.stringify(stored)) as Record<string, unknown>;
  for (const { path, value } of writes) {
    let at = copy;
    for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    if (value === undefined) delete at[path[path.length - 1]!];
    else at[path[path.length - 1]!] = JSON.parse(JSON.stringify(value));
  }
  return copy as unknown as FlatLayout;
}

function settle(server: Server, clients: Client[]) {
  for (let round = 0; round < 6; round++) {
    for (const c of clients) {
      server.save(c);
      server.deliver(c, 0);
    }
  }
  for (const c of clients) server.deliver(c, 0);
}

function run(steps: Step[]) {
  const server = new Server(startLayout());
  const clients = [client('a', server.current), client('b', server.current)];
  for (const s of steps) {
    const c = clients[s.who]!;
    if (s.what === 'op') runOp(c, s.op);
    else if (s.what === 'save') server.save(c);
    else if (s.what === 'deliver') server.deliver(c, s.stale);
    else {
      const undone = undoOp(c.history, c.tree);
      if (undone) {
        c.history = undone.history;
        c.tree = undone.tree;
        c.sync = addLocalChanges(c.sync, undone.changes);
      }
    }
  }
  settle(server, clients);
  return { server, clients };
}

describe('live co-editing (property)', () => {
  it('two editors converge on the stored layout and keep every operation not reported as a conflict', () => {
    fc.assert(
      fc.property(fc.array(step(false), { maxLength: 40 }), (steps) => {
        const { server, clients } = run(steps);
        const stored = treeFromFlat(server.current);
        expect(layoutProblem(stored)).toBeNull();
        for (const c of clients) {
          expect(c.sync.pending).toEqual([]);
          expect(flatFromTree(c.tree)).toEqual(flatFromTree(stored));
        }
        const removed = new Set(clients.flatMap((c) => c.made.filter((ch) => ch.path.length === 1 && ch.after === undefined).map((ch) => ch.path[0])));
        const conflicted = new Set(clients.flatMap((c) => [...c.conflicts]));
        for (const c of clients) {
          // Every node inserted is there, unless someone removed it or its insert was refused.
          for (const change of c.made) {
            if (change.path.length === 1 && change.before === undefined && !removed.has(change.path[0]) && !conflicted.has(layoutPathKey(change.path))) {
              expect(stored.nodes.has(change.path[0]), `${change.path[0]} kept`).toBe(true);
            }
          }
          // A property set by one editor only holds its last value unless it was a conflict.
          const other = clients.find((o) => o !== c)!;
          const last = new Map<string, LayoutChange>();
          for (const change of c.made) if (change.path.length === 3) last.set(layoutPathKey(change.path), change);
          for (const [key, change] of last) {
            const node = stored.nodes.get(change.path[0]);
            if (!node || conflicted.has(key) || conflicted.has(change.path[0]) || removed.has(change.path[0])) continue;
            if (other.made.some((o) => layoutPathKey(o.path) === key)) continue;
            expect(node.props[change.path[2] as string], key).toEqual(change.after);
          }
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('with undo in the mix, both still converge on a valid tree', () => {
    fc.assert(
      fc.property(fc.array(step(true), { maxLength: 40 }), (steps) => {
        const { server, clients } = run(steps);
        const stored = treeFromFlat(server.current);
        expect(layoutProblem(stored)).toBeNull();
        for (const c of clients) expect(flatFromTree(c.tree)).toEqual(flatFromTree(stored));
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('undo after a remote operation undoes one’s own and keeps the other’s', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), fc.boolean(), (mine, theirs, sameNode) => {
        const server = new Server(startLayout());
        const [a, b] = [client('a', server.current), client('b', server.current)];
        named(a, { props: ['t1', 'className', mine] });
        named(a, { insert: ['box', 'TextComponent'] });
        server.save(a);
        server.deliver(b, 0);
        named(b, { props: [sameNode ? 't1' : 't2', 'text', theirs] });
        named(b, { insert: ['root', 'ImageComponent'] });
        server.save(b);
        server.deliver(a, 0);
        for (let i = 0; i < 2; i++) {
          const undone = undoOp(a.history, a.tree)!;
          a.history = undone.history;
          a.tree = undone.tree;
          a.sync = addLocalChanges(a.sync, undone.changes);
        }
        settle(server, [a, b]);
        const stored = treeFromFlat(server.current);
        expect(stored.nodes.get('t1')!.props.className).toBe('x');
        expect(stored.nodes.has('a-1')).toBe(false);
        expect(stored.nodes.get(sameNode ? 't1' : 't2')!.props.text).toBe(`b:${theirs}`);
        expect(stored.nodes.has('b-1')).toBe(true);
      }),
      { numRuns: 50 },
    );
  }, 60_000);

  it('the same property changed by both since their base is a conflict, never resolved silently', () => {
    const server = new Server(startLayout());
    const [a, b] = [client('a', server.current), client('b', server.current)];
    named(a, { props: ['t1', 'className', '1'] });
    named(b, { props: ['t1', 'className', '2'] });
    server.save(a);
    server.save(b);
    expect(b.sync.conflicts).toEqual([expect.objectContaining({ path: ['t1', 'props', 'className'], mine: 'b:2', remote: 'a:1' })]);
    expect(server.current.nodes.t1!.props.className).toBe('a:1');
    // A listener delivering a's save before b saves reports it just the same.
    const [c, d] = [client('c', server.current), client('d', server.current)];
    named(c, { props: ['t2', 'text', '1'] });
    named(d, { props: ['t2', 'text', '2'] });
    server.save(c);
    server.deliver(d, 0);
    expect(d.sync.conflicts.map((x) => x.path)).toEqual([['t2', 'props', 'text']]);
    expect(d.sync.pending).toEqual([]);
    expect(d.tree.nodes.get('t2')!.props.text).toBe('c:1');
  });
});
