#!/usr/bin/env node
// One-off migration of stored page layouts to the flat form (shared/src/layout/flat.ts):
//   node scripts/migrate-layouts.mjs            lists what it would convert
//   node scripts/migrate-layouts.mjs --write    converts them
// Readers (readLayout) and the editor read the nested form of before as well, and the editor
// writes a layout flat on its first save, so this is not needed for anything to work: it makes
// every stored layout flat at once (no layout left that a deeper edit could push past Firestore's
// nesting limit before it is first saved). Each document is converted in a transaction that
// leaves it alone if it became flat meanwhile. Against the local emulators by default; for a real
// project FIREBASE_PROJECT=<id> with Application Default Credentials, as `npm run grant`.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { FieldPath, FieldValue, getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID, ROOT } from './lib/config.mjs';
import { importBundled } from './lib/import-bundled.mjs';
import { emulatorEnv } from './lib/seed.mjs';

const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });

/** @type {typeof import('../shared/src/index.js')} */
const shared = await importBundled(join(ROOT, 'shared/src/index.ts'));

if (PROJECT_ID.startsWith('demo-')) Object.assign(process.env, emulatorEnv());
const db = getFirestore(initializeApp({ projectId: PROJECT_ID }));

// Every collection definition with an editor-layout field, and the fields.
/** @type {Map<string, string[]>} */
const byCollection = new Map();
for (const definition of [...shared.STORE_COLLECTIONS, ...shared.CDLBOX_COLLECTIONS]) {
  const fields = definition.fields.filter((f) => f.type === 'editor-layout').map((f) => f.mapTo ?? f.name);
  if (fields.length) byCollection.set(definition.id, [...new Set([...(byCollection.get(definition.id) ?? []), ...fields])]);
}
const targets = [...byCollection].map(([collection, fields]) => ({ collection, fields }));

let converted = 0;
for (const project of (await db.collection('project').listDocuments()).map((ref) => ref.id)) {
  for (const { collection, fields } of targets) {
    const docs = await db.collection(`project/${project}/${collection}`).get();
    for (const snapshot of docs.docs) {
      for (const field of fields) {
        const value = snapshot.get(new FieldPath(field));
        if (value === undefined || value === null || shared.isFlatLayoutShape(value)) continue;
        const flat = shared.toFlatLayout(value);
        if (!flat) {
          console.log(`skip ${snapshot.ref.path} ${field}: not a layout`);
          continue;
        }
        console.log(`${values.write ? 'convert' : 'would convert'} ${snapshot.ref.path} ${field}`);
        converted++;
        if (!values.write) continue;
        await db.runTransaction(async (transaction) => {
          const fresh = await transaction.get(snapshot.ref);
          const now = fresh.get(new FieldPath(field));
          if (shared.isFlatLayoutShape(now)) return;
          const again = shared.toFlatLayout(now);
          if (again) transaction.update(snapshot.ref, new FieldPath(field), again, 'updatedAt', FieldValue.serverTimestamp());
        });
      }
    }
  }
}
console.log(`${converted} layout(s) ${values.write ? 'converted' : 'to convert'}`);
