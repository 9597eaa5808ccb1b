import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_COLLECTION } from './define.js';
import { collectionsForProject, settingsForProject } from './registry.js';

// The demo seed (emulator-data/seed/firestore.json) is the realistic sample of every collection:
// each of its documents must fit the schema its screen saves with.
const seed: Record<string, Record<string, unknown>> = JSON.parse(readFileSync(new URL('../../../emulator-data/seed/firestore.json', import.meta.url), 'utf8'));

/** The seed's {"__timestamp": ISO} markers become Dates, as the loader turns them into Timestamps. */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.__timestamp === 'string' && Object.keys(record).length === 1) return new Date(record.__timestamp);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

const samples = Object.entries(seed)
  .map(([path, data]) => {
    const [, project, collection, id, ...rest] = path.split('/');
    return { path, project: project!, collection, id, nested: rest.length > 0, data };
  })
  .filter((s) => s.collection && s.id && !s.nested);

function schemaOf(project: string, collection: string, id: string) {
  if (collection === CONFIG_COLLECTION) return settingsForProject(project).find((s) => s.id === id)?.schema;
  return collectionsForProject(project).find((c) => c.id === collection)?.schema;
}

describe('every collection definition validates the realistic seed documents', () => {
  const checked = samples.filter((s) => schemaOf(s.project, s.collection!, s.id!));

  it('covers most of the seed', () => {
    expect(checked.length).toBeGreaterThan(1000);
    const collections = new Set(checked.map((s) => s.collection));
    expect(collections.size).toBeGreaterThanOrEqual(28);
  });

  it.each(['main', 'cookstore', 'cdlbox'])('%s: every document fits its schema', (project) => {
    const failures = checked
      .filter((s) => s.project === project)
      .flatMap((s) => {
        const result = schemaOf(s.project, s.collection!, s.id!)!.safeParse(revive(s.data));
        return result.success ? [] : [`${s.path}: ${result.error.issues[0]?.path.join('.')} ${result.error.issues[0]?.message}`];
      });
    expect(failures).toEqual([]);
  });
});
