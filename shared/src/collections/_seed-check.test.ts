import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { findCollection, findSettings } from './registry.js';

const revive = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(revive);
  if (v && typeof v === 'object') {
    if ('__timestamp' in v) return new Date((v as { __timestamp: string }).__timestamp);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
  }
  return v;
};

it('seed', () => {
  const docs = JSON.parse(readFileSync('emulator-data/seed/firestore.json', 'utf8')) as Record<string, unknown>;
  const problems = new Map<string, string[]>();
  const unknownCollections = new Set<string>();
  const extraKeys = new Map<string, Set<string>>();
  for (const [path, data] of Object.entries(docs)) {
    const parts = path.split('/');
    if (parts.length !== 4) continue;
    const [, project, collection, id] = parts;
    const def = collection === 'config' ? findSettings(project!, id!) : findCollection(project!, collection!);
    const key = `${project}/${collection}${collection === 'config' ? '/' + id : ''}`;
    if (!def) { unknownCollections.add(key); continue; }
    const r = def.schema.safeParse(revive(data));
    const known = new Set(def.fields.map((f) => f.mapTo ?? f.name));
    for (const k of Object.keys(data as object)) if (!known.has(k) && !['createdAt', 'updatedAt'].includes(k)) {
      if (!extraKeys.has(key)) extraKeys.set(key, new Set());
      extraKeys.get(key)!.add(k);
    }
    if (!r.success) {
      const list = problems.get(key) ?? [];
      for (const i of r.error.issues) list.push(`${i.path.join('.')}: ${i.message}`);
      problems.set(key, list);
    }
  }
  for (const [k, v] of problems) console.log('FAIL', k, [...new Set(v)].slice(0, 8));
  console.log('UNDEFINED', [...unknownCollections].join(' '));
  for (const [k, v] of extraKeys) console.log('EXTRA', k, [...v].join(','));
});
