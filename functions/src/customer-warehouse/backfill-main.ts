// `npm run warehouse:backfill -- <project>… [--check]` (scripts/warehouse-backfill.mjs bundles and
// runs this): copies every customer, event, shipping quote, order and product of each store project
// into the warehouse (backfillMirror: a page at a time, each row with its document's update time, so
// it may run beside the triggers), then counts both sides (checkMirror). `--check` only counts.
// Exit status 1 when a count differs.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getWarehouse } from '../warehouse/index.js';
import { backfillMirror, checkMirror } from './mirror.js';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const projects = args.filter((a) => !a.startsWith('--'));
if (!projects.length) {
  console.error('usage: npm run warehouse:backfill -- <project>… [--check]');
  process.exit(2);
}
const firestore = getFirestore(initializeApp({ projectId: process.env.GCLOUD_PROJECT }));
const warehouse = getWarehouse();
let agree = true;
for (const project of projects) {
  if (!checkOnly) {
    const started = performance.now();
    const copied = await backfillMirror(firestore, warehouse, project);
    console.log(`${project}: copied ${JSON.stringify(copied)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const checked = await checkMirror(firestore, warehouse, project);
  agree &&= checked.agree;
  for (const c of checked.counts)
    console.log(`${project}: ${c.collection.padEnd(15)} Firestore ${c.firestore}  warehouse ${c.warehouse}${c.firestore === c.warehouse ? '' : '  DIFFERENT'}`);
}
await warehouse.close();
process.exit(agree ? 0 : 1);
