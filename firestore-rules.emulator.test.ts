import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, setDoc, setLogLevel, updateDoc, addDoc } from 'firebase/firestore';
import { ADMIN_ONLY_CONFIG_DOCS } from '@console/shared';

// Runs against the stack's Firestore emulator (FIRESTORE_EMULATOR_HOST), on projects of its own
// ('rules-a', 'rules-b') so the seeded stores are left alone.
const rules = readFileSync(new URL('./firestore.rules', import.meta.url), 'utf8');
const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');

let env: RulesTestEnvironment;
// Denied operations are the point of half these tests; the SDK need not log each one.
setLogLevel('silent');

const admin = () => env.authenticatedContext('admin-1', { role: 'admin', projects: [] }).firestore();
const staffA = () => env.authenticatedContext('staff-a', { role: 'staff', projects: ['rules-a'] }).firestore();
const staffB = () => env.authenticatedContext('staff-b', { role: 'staff', projects: ['rules-b'] }).firestore();
const noClaims = () => env.authenticatedContext('nobody').firestore();
const anonymous = () => env.unauthenticatedContext().firestore();

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: process.env.GCLOUD_PROJECT ?? 'demo-console',
    firestore: { rules, host, port: Number(port) },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'project/rules-a'), { name: 'Loja A' });
    await setDoc(doc(db, 'project/rules-b'), { name: 'Loja B' });
    await setDoc(doc(db, 'project/rules-a/product/1012345'), { ProductSiteName: 'Panela' });
    await setDoc(doc(db, 'project/rules-b/product/2012345'), { ProductSiteName: 'Faca' });
    await setDoc(doc(db, 'project/rules-a/config/store'), { name: 'Loja A' });
    for (const id of ADMIN_ONLY_CONFIG_DOCS) await setDoc(doc(db, `project/rules-a/config/${id}`), { apiKey: 'secret' });
    await setDoc(doc(db, 'project/rules-a/product-data-changelog/e1'), { field: 'Price', createdBy: { id: 'staff-a' } });
    await setDoc(doc(db, 'project/rules-a/import-log/l1'), { module: 'product', userId: 'staff-a' });
    await setDoc(doc(db, 'project/rules-a/sync-task/t1'), { status: 'done', uid: 'staff-a' });
  });
});

afterAll(async () => {
  await env?.cleanup();
});

describe('project documents', () => {
  it('a member reads its own store', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a')));
  });
  it('a staff user cannot read a store it is not a member of', async () => {
    await assertFails(getDoc(doc(staffB(), 'project/rules-a')));
  });
  it('only admins list every store', async () => {
    await assertSucceeds(getDocs(collection(admin(), 'project')));
    await assertFails(getDocs(collection(staffA(), 'project')));
  });
  it('only admins rename a store', async () => {
    await assertSucceeds(updateDoc(doc(admin(), 'project/rules-a'), { name: 'Loja A+' }));
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a'), { name: 'Hack' }));
  });
});

describe('project data', () => {
  it('a member reads and writes its store data, including subcollections', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/product/1012345')));
    await assertSucceeds(setDoc(doc(staffA(), 'project/rules-a/product/1012345'), { Price: 10 }, { merge: true }));
    await assertSucceeds(setDoc(doc(staffA(), 'project/rules-a/post/p1/comments/c1'), { text: 'ok' }));
  });
  it('a staff user of another store can neither read nor write it', async () => {
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/product/1012345')));
    await assertFails(setDoc(doc(staffB(), 'project/rules-a/product/1012345'), { Price: 1 }));
    await assertFails(getDocs(collection(staffB(), 'project/rules-a/product')));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/post/p1/comments/c1')));
  });
  it('signed-out users and users without claims get nothing', async () => {
    await assertFails(getDoc(doc(anonymous(), 'project/rules-a/product/1012345')));
    await assertFails(getDoc(doc(noClaims(), 'project/rules-a/product/1012345')));
    await assertFails(getDoc(doc(noClaims(), 'project/rules-a')));
  });
  it('claims of the wrong shape grant nothing', async () => {
    const odd = env.authenticatedContext('odd', { role: 'staff', projects: 'rules-a' }).firestore();
    await assertFails(getDoc(doc(odd, 'project/rules-a/product/1012345')));
    const unknownRole = env.authenticatedContext('odd2', { role: 'owner', projects: ['rules-a'] }).firestore();
    await assertFails(getDoc(doc(unknownRole, 'project/rules-a/product/1012345')));
  });
  it('admins reach every store', async () => {
    await assertSucceeds(getDoc(doc(admin(), 'project/rules-b/product/2012345')));
  });
  it('anything outside project/ is denied', async () => {
    await assertFails(getDoc(doc(admin(), 'users/admin-1')));
    await assertFails(setDoc(doc(admin(), 'users/admin-1'), { a: 1 }));
  });
});

describe('config documents', () => {
  it('members read and edit the store settings', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/config/store')));
    await assertSucceeds(setDoc(doc(staffA(), 'project/rules-a/config/store'), { phone: '11' }, { merge: true }));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/config/store')));
  });
  it.each(ADMIN_ONLY_CONFIG_DOCS)('%s holds credentials: admins only', async (id) => {
    await assertSucceeds(getDoc(doc(admin(), `project/rules-a/config/${id}`)));
    await assertSucceeds(setDoc(doc(admin(), `project/rules-a/config/${id}`), { apiKey: 'new' }, { merge: true }));
    await assertFails(getDoc(doc(staffA(), `project/rules-a/config/${id}`)));
    await assertFails(setDoc(doc(staffA(), `project/rules-a/config/${id}`), { apiKey: 'x' }));
  });
  it('the rules and the shared list name the same admin-only documents', () => {
    const listed = /function adminOnlyConfig[\s\S]*?\[([^\]]*)\]/.exec(rules)![1]!;
    const inRules = listed.split(',').map((s) => s.trim().replace(/'/g, '')).sort();
    expect(inRules).toEqual([...ADMIN_ONLY_CONFIG_DOCS].sort());
  });
});

describe('audit trails', () => {
  it('a member appends a changelog entry signed with its own id, and reads them', async () => {
    await assertSucceeds(addDoc(collection(staffA(), 'project/rules-a/product-data-changelog'), { field: 'Price', createdBy: { id: 'staff-a' } }));
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/product-data-changelog/e1')));
  });
  it('a changelog entry cannot claim another author, be edited or be deleted', async () => {
    await assertFails(addDoc(collection(staffA(), 'project/rules-a/product-data-changelog'), { field: 'Price', createdBy: { id: 'someone' } }));
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/product-data-changelog/e1'), { field: 'x' }));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/product-data-changelog/e1')));
    await assertFails(deleteDoc(doc(admin(), 'project/rules-a/product-data-changelog/e1')));
  });
  it('an import log is appended by its user and never edited or deleted', async () => {
    await assertSucceeds(addDoc(collection(staffA(), 'project/rules-a/import-log'), { module: 'product', userId: 'staff-a' }));
    await assertFails(addDoc(collection(staffA(), 'project/rules-a/import-log'), { module: 'product', userId: 'other' }));
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/import-log/l1'), { module: 'x' }));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/import-log/l1')));
    await assertFails(addDoc(collection(staffB(), 'project/rules-a/import-log'), { module: 'product', userId: 'staff-b' }));
  });
});

describe('sync queue records', () => {
  it('members read the records of their store', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/sync-task/t1')));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/sync-task/t1')));
  });
  it('no client writes them, not even an admin: a forged "done" would skip a queued task', async () => {
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/sync-task/t2'), { status: 'done' }));
    await assertFails(updateDoc(doc(admin(), 'project/rules-a/sync-task/t1'), { status: 'done' }));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/sync-task/t1')));
  });
});
