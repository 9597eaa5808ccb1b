import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, serverTimestamp, setDoc, setLogLevel, updateDoc, addDoc, deleteField } from 'firebase/firestore';
import { ADMIN_ONLY_CONFIG_DOCS, CONFIG_DOCUMENT_ACCESS } from '@console/shared';
import { collectionGroup, limit, orderBy, query, where } from 'firebase/firestore';

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
    // A project of its own on the stack's emulator: the stack's triggers (readiness, the warehouse
    // mirror) run on the stack's project and rewrote what this file set up under its assertions.
    projectId: `${process.env.GCLOUD_PROJECT ?? 'demo-console'}-rules`,
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
    await setDoc(doc(db, 'project/rules-a/product-data/1012345'), { Price: 10, ProductLine: 'Century' });
    await setDoc(doc(db, 'project/rules-a/product-data/1055555'), {
      Price: 20,
      Options: { canSell: true, maxInstallments: 10 },
      Stock: { cdlbox: { qty: 3, reserved: 1 } },
    });
    await setDoc(doc(db, 'project/rules-a/import-log/l1'), { module: 'product', userId: 'staff-a' });
    await setDoc(doc(db, 'project/rules-a/sync-task/t1'), { status: 'done', uid: 'staff-a' });
    await setDoc(doc(db, 'project/rules-a/readiness-run/r1'), { status: 'running', cursor: null, done: 0 });
    await setDoc(doc(db, 'project/rules-a/product-text/1012345'), { title: { value: 'Panela Century 24 cm', model: 'gpt-4o-mini', inputHash: 'h1' } });
    await setDoc(doc(db, 'project/rules-a/ai-usage/u1'), { uid: 'staff-a', model: 'gpt-4o-mini', tokensIn: 10, tokensOut: 5, outcome: 'ok' });
    await setDoc(doc(db, 'project/rules-a/ai-usage-month/2026-11'), { tokens: 15, calls: 1 });
    await setDoc(doc(db, 'ai-rate-limit/staff-a_1'), { count: 1 });
    await setDoc(doc(db, 'project/rules-a/ai-conversation/c1'), {
      documentKey: 'product/1012345',
      uid: 'staff-a',
      updatedAtIso: '2026-11-27T00:00:00Z',
      entries: [],
    });
    await setDoc(doc(db, 'project/rules-a/file/f1'), { id: 'f1', url: 'https://cdn.test/a.jpg', filePath: 'project/rules-a/x/a.jpg', isPublic: true });
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
    await assertSucceeds(setDoc(doc(staffA(), 'project/rules-a/product/1012345'), { ProductLine: 'Century' }, { merge: true }));
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
  it("the Bunny video index (bunny-video/{guid} → project, file) is the functions' alone", async () => {
    await env.withSecurityRulesDisabled((context) => setDoc(doc(context.firestore(), 'bunny-video/g1'), { project: 'rules-a', fileId: 'f1', libraryId: '1' }));
    await assertFails(getDoc(doc(admin(), 'bunny-video/g1')));
    await assertFails(getDoc(doc(staffA(), 'bunny-video/g1')));
    await assertFails(setDoc(doc(staffA(), 'bunny-video/g2'), { project: 'rules-a', fileId: 'f2', libraryId: '1' }));
    await assertFails(getDocs(collection(anonymous(), 'bunny-video')));
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
  it("customerio's workspace tracking key is a credential: staff can neither read nor write it", async () => {
    await env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore(), 'project/rules-a/config/customerio'), { workspaceTrackKey: 'tk-secreta', siteId: 's1' }),
    );
    await assertFails(getDoc(doc(staffA(), 'project/rules-a/config/customerio')));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/config/customerio'), { siteId: 's2' }, { merge: true }));
    await assertSucceeds(getDoc(doc(admin(), 'project/rules-a/config/customerio')));
  });
  it.each(
    Object.entries(CONFIG_DOCUMENT_ACCESS)
      .filter(([, access]) => access === 'members')
      .map(([id]) => id),
  )('%s holds no credential: members read and edit it, other stores do not', async (id) => {
    await assertSucceeds(setDoc(doc(staffA(), `project/rules-a/config/${id}`), { note: 'ok' }, { merge: true }));
    await assertSucceeds(getDoc(doc(staffA(), `project/rules-a/config/${id}`)));
    await assertFails(getDoc(doc(staffB(), `project/rules-a/config/${id}`)));
  });
  it("admins list a store's config documents; staff and other users cannot (a list would include the admin-only ones)", async () => {
    const listed = await assertSucceeds(getDocs(collection(admin(), 'project/rules-a/config')));
    expect(listed.docs.map((d) => d.id)).toEqual(expect.arrayContaining(['store', ...ADMIN_ONLY_CONFIG_DOCS]));
    await assertFails(getDocs(collection(staffA(), 'project/rules-a/config')));
    await assertFails(getDocs(query(collection(staffA(), 'project/rules-a/config'), where('name', '==', 'Loja A'))));
    await assertFails(getDocs(collection(staffB(), 'project/rules-a/config')));
    await assertFails(getDocs(collection(noClaims(), 'project/rules-a/config')));
  });
  it("when each secret last changed is read by admins only and written by no client (the trigger's alone)", async () => {
    await env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore(), 'project/rules-a/config-secret-change/mercadopago'), { changes: { accessToken: new Date() } }),
    );
    await assertSucceeds(getDoc(doc(admin(), 'project/rules-a/config-secret-change/mercadopago')));
    await assertFails(getDoc(doc(staffA(), 'project/rules-a/config-secret-change/mercadopago')));
    await assertFails(setDoc(doc(admin(), 'project/rules-a/config-secret-change/mercadopago'), { changes: {} }));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/config-secret-change/store'), { changes: {} }));
  });
  it('the rules and the shared list name the same admin-only documents', () => {
    const listed = /function adminOnlyConfig[\s\S]*?\[([^\]]*)\]/.exec(rules)![1]!;
    const inRules = listed
      .split(',')
      .map((s) => s.trim().replace(/'/g, ''))
      .sort();
    expect(inRules).toEqual([...ADMIN_ONLY_CONFIG_DOCS].sort());
  });
});

describe('the catalogue: what only the functions write (issue 29)', () => {
  const product = (db: ReturnType<typeof staffA>, code = '1077777') => doc(db, `project/rules-a/product/${code}`);
  const readiness = { version: 'v1', channels: { site: { score: 100, failures: [] } }, notReady: [] };
  beforeEach(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'project/rules-a/product/1077777'), { ProductSiteName: 'Chaleira', Price: 100, readiness });
    });
  });

  it('members edit a product, its stored readiness and prices left as they are', async () => {
    await assertSucceeds(updateDoc(product(staffA()), { ProductSiteName: 'Chaleira Inox', updatedAt: serverTimestamp() }));
    // The form's save writes only the edited keys; the whole document written back unchanged passes too.
    await assertSucceeds(setDoc(product(staffA()), { ProductSiteName: 'Chaleira', Price: 100, readiness }));
  });
  it('no client changes, forges or removes the readiness the trigger stores, admins included', async () => {
    await assertFails(updateDoc(product(staffA()), { 'readiness.notReady': ['magalu'], 'readiness.channels.site.score': 0 }));
    await assertFails(updateDoc(product(staffA()), { readiness: { ...readiness, notReady: ['magalu'] } }));
    await assertFails(updateDoc(product(admin()), { readiness: deleteField() }));
    await assertFails(setDoc(product(staffA()), { ProductSiteName: 'Chaleira', Price: 100 }));
    await assertFails(setDoc(product(staffA(), '1077778'), { ProductSiteName: 'Nova', readiness }));
  });
  it('no client changes a selling price: it goes through the guardrails endpoint', async () => {
    await assertFails(updateDoc(product(staffA()), { Price: 89.9 }));
    await assertFails(updateDoc(product(admin()), { PriceInstallments: 120 }));
    await assertFails(setDoc(product(staffA()), { Price: deleteField() }, { merge: true }));
    // Reference prices are not guarded.
    await assertSucceeds(updateDoc(product(staffA()), { PriceCompare: 150 }));
  });
  it('a new record carries its first price; another store still cannot write', async () => {
    await assertSucceeds(setDoc(product(staffA(), '1077779'), { ProductSiteName: 'Nova', Price: 50 }));
    await assertFails(setDoc(doc(staffB(), 'project/rules-a/product/1077780'), { ProductSiteName: 'Nova' }));
    await assertSucceeds(deleteDoc(product(staffA(), '1077779')));
  });
});

describe('product-data overrides (document 1 §5)', () => {
  const ref = (db: ReturnType<typeof staffA>, code = '1012345') => doc(db, `project/rules-a/product-data/${code}`);
  const mark = (by: string, field = 'PriceCompare', about = 'Concorrência') => ({ field, about, by, at: serverTimestamp() });

  it('members read product-data; other stores cannot', async () => {
    await assertSucceeds(getDoc(ref(staffA())));
    await assertFails(getDoc(ref(staffB())));
  });
  it('a member overrides one field with a reason signed with its own id', async () => {
    await assertSucceeds(setDoc(ref(staffA()), { PriceCompare: 12, updatedAt: serverTimestamp(), _override: mark('staff-a') }, { merge: true }));
    await assertSucceeds(setDoc(ref(staffA()), { Options: { canSell: false }, _override: mark('staff-a', 'Options.canSell') }, { merge: true }));
    await assertSucceeds(setDoc(ref(staffA(), '1099999'), { PriceCompare: 5, _override: mark('staff-a') }, { merge: true }));
  });
  it('records the override in `_overrides` at the declared field only (issue 17)', async () => {
    const entry = (by: string) => ({ about: 'Concorrência', by, at: serverTimestamp(), upstream: 10 });
    await assertSucceeds(
      setDoc(ref(staffA()), { PriceCompare: 14, _override: mark('staff-a'), _overrides: { PriceCompare: entry('staff-a') } }, { merge: true }),
    );
    await assertSucceeds(
      setDoc(
        ref(staffA()),
        { Options: { canSell: true }, _override: mark('staff-a', 'Options.canSell'), _overrides: { 'Options.canSell': entry('staff-a') } },
        { merge: true },
      ),
    );
    await assertFails(setDoc(ref(staffA()), { PriceCompare: 15, _override: mark('staff-a'), _overrides: { ProductLine: entry('staff-a') } }, { merge: true }));
    await assertFails(
      setDoc(
        ref(staffA()),
        { PriceCompare: 15, _override: mark('staff-a'), _overrides: { PriceCompare: entry('staff-a'), PriceNet: entry('staff-a') } },
        { merge: true },
      ),
    );
    await assertFails(setDoc(ref(staffA()), { PriceCompare: 15, _override: mark('staff-a'), _overrides: 'PriceCompare' }, { merge: true }));
  });
  it('an override without a fresh mark, signed by another, without a reason or touching other fields is refused', async () => {
    await assertFails(setDoc(ref(staffA()), { PriceCompare: 13 }, { merge: true }));
    await assertFails(setDoc(ref(staffA()), { PriceCompare: 13, _override: mark('admin-1') }, { merge: true }));
    await assertFails(setDoc(ref(staffA()), { PriceCompare: 13, _override: mark('staff-a', 'PriceCompare', '  ') }, { merge: true }));
    await assertFails(
      setDoc(ref(staffA()), { PriceCompare: 13, _override: { field: 'PriceCompare', about: 'x', by: 'staff-a', at: new Date(0) } }, { merge: true }),
    );
    await assertFails(setDoc(ref(staffA()), { PriceCompare: 13, ProductLine: 'Outra', _override: mark('staff-a') }, { merge: true }));
    await assertFails(setDoc(ref(staffB()), { PriceCompare: 13, _override: mark('staff-b') }, { merge: true }));
    await assertFails(deleteDoc(ref(staffA())));
    await assertFails(deleteDoc(ref(admin())));
  });
  it('a selling price is not overridden by a client: it goes through the guardrails endpoint; removing its override is allowed', async () => {
    await assertFails(setDoc(ref(staffA()), { Price: 12, _override: mark('staff-a', 'Price') }, { merge: true }));
    await assertFails(setDoc(ref(staffA()), { PriceInstallments: 12, _override: mark('staff-a', 'PriceInstallments') }, { merge: true }));
    await assertSucceeds(setDoc(ref(staffA()), { Price: 10, _override: { ...mark('staff-a', 'Price'), removed: true } }, { merge: true }));
  });
  it("a stored removal mark's `removed: true` does not let a later price through, and a removal goes back to the recorded upstream", async () => {
    const at = new Date(2026, 0, 1);
    await env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore(), 'project/rules-a/product-data/1066666'), {
        Price: 50,
        _overrides: { Price: { about: 'Promoção', by: 'staff-a', at, upstream: 40 } },
        _override: { field: 'PriceCompare', about: 'Removida', by: 'staff-a', at, removed: true },
      }),
    );
    // A merge-write keeps the stored `removed: true` when the new mark leaves it out.
    await assertFails(setDoc(ref(staffA(), '1066666'), { Price: 1, _override: mark('staff-a', 'Price') }, { merge: true }));
    await assertFails(setDoc(ref(staffA(), '1066666'), { Price: 30, _override: { ...mark('staff-a', 'Price'), removed: true } }, { merge: true }));
    await assertSucceeds(
      setDoc(
        ref(staffA(), '1066666'),
        { Price: 40, _override: { ...mark('staff-a', 'Price'), removed: true }, _overrides: { Price: deleteField() } },
        { merge: true },
      ),
    );
  });
  it('members read held price changes and stale overrides; nobody writes them from a client', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/price-hold/h1')));
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/stale-override/s1')));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/price-hold/h1')));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/price-hold/h1'), { status: 'applied' }));
    await assertFails(setDoc(doc(admin(), 'project/rules-a/stale-override/s1'), { field: 'Price' }));
  });
  it('a nested override changes only the declared leaf: no second field slips past the changelog', async () => {
    const nested = ref(staffA(), '1055555');
    // Options.canSell declared, Options.maxInstallments changed too: refused (it used to pass).
    await assertFails(setDoc(nested, { Options: { canSell: false, maxInstallments: 1 }, _override: mark('staff-a', 'Options.canSell') }, { merge: true }));
    // Only the other leaf changed under the declared one's name: refused.
    await assertFails(setDoc(nested, { Options: { maxInstallments: 2 }, _override: mark('staff-a', 'Options.canSell') }, { merge: true }));
    // Replacing the whole map (no merge) drops its other leaves: refused.
    await assertFails(
      setDoc(nested, {
        PriceCompare: 20,
        Options: { canSell: false },
        Stock: { cdlbox: { qty: 3, reserved: 1 } },
        _override: mark('staff-a', 'Options.canSell'),
      }),
    );
    // The declared leaf alone: accepted, and the other leaf is as it was.
    await assertSucceeds(setDoc(nested, { Options: { canSell: false }, _override: mark('staff-a', 'Options.canSell') }, { merge: true }));
    let stored: Record<string, unknown> | undefined;
    await env.withSecurityRulesDisabled(async (context) => {
      stored = (await getDoc(doc(context.firestore(), 'project/rules-a/product-data/1055555'))).data();
    });
    expect(stored?.Options).toEqual({ canSell: false, maxInstallments: 10 });
    // Three levels deep, the same.
    await assertSucceeds(setDoc(nested, { Stock: { cdlbox: { qty: 4 } }, _override: mark('staff-a', 'Stock.cdlbox.qty') }, { merge: true }));
    await assertFails(setDoc(nested, { Stock: { cdlbox: { qty: 5, reserved: 0 } }, _override: mark('staff-a', 'Stock.cdlbox.qty') }, { merge: true }));
    await assertFails(setDoc(nested, { Stock: { cdlbox: { qty: 6 }, main: { qty: 1 } }, _override: mark('staff-a', 'Stock.cdlbox.qty') }, { merge: true }));
    // A leaf under a value that is not a map, or a path deeper than three parts: refused.
    await assertFails(setDoc(nested, { Price: { a: 1 }, _override: mark('staff-a', 'Price.a') }, { merge: true }));
    await assertFails(setDoc(nested, { Stock: { cdlbox: { qty: { a: { b: 1 } } } }, _override: mark('staff-a', 'Stock.cdlbox.qty.a') }, { merge: true }));
  });
});

describe('audit trails', () => {
  it('members read the changelog, but no client appends to it, even signed with its own id', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/product-data-changelog/e1')));
    await assertFails(addDoc(collection(staffA(), 'project/rules-a/product-data-changelog'), { field: 'Price', createdBy: { id: 'staff-a' } }));
    await assertFails(addDoc(collection(admin(), 'project/rules-a/product-data-changelog'), { field: 'Price', createdBy: { id: 'admin-1' } }));
  });
  it('a changelog entry cannot be edited or deleted', async () => {
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/product-data-changelog/e1'), { field: 'x' }));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/product-data-changelog/e1')));
    await assertFails(deleteDoc(doc(admin(), 'project/rules-a/product-data-changelog/e1')));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/product-data-changelog/e1')));
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

describe('readiness runs', () => {
  it('members read the runs of their store; no client writes one, not even an admin: a forged cursor would skip products', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/readiness-run/r1')));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/readiness-run/r1')));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/readiness-run/r2'), { status: 'running', cursor: 'zzz' }));
    await assertFails(updateDoc(doc(admin(), 'project/rules-a/readiness-run/r1'), { cursor: 'zzz' }));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/readiness-run/r1')));
  });
});

describe('AI-written product texts', () => {
  it('members read the texts of their store; other stores cannot', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/product-text/1012345')));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/product-text/1012345')));
  });
  it('no client writes them, not even an admin: a forged input hash would keep a stale text', async () => {
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/product-text/1055555'), { title: { value: 'x' } }));
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/product-text/1012345'), { 'title.inputHash': 'forged' }));
    await assertFails(updateDoc(doc(admin(), 'project/rules-a/product-text/1012345'), { 'title.value': 'x' }));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/product-text/1012345')));
  });
});

describe("the assistant's conversations", () => {
  it("members read their store's conversations (the panel's history), and list them by document; other stores cannot", async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/ai-conversation/c1')));
    const byDocument = query(
      collection(staffA(), 'project/rules-a/ai-conversation'),
      where('documentKey', '==', 'product/1012345'),
      orderBy('updatedAtIso', 'desc'),
      limit(10),
    );
    expect((await assertSucceeds(getDocs(byDocument))).size).toBe(1);
    await assertSucceeds(getDoc(doc(admin(), 'project/rules-a/ai-conversation/c1')));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/ai-conversation/c1')));
    await assertFails(getDoc(doc(anonymous(), 'project/rules-a/ai-conversation/c1')));
  });
  it('no client writes them, not even an admin: what was proposed and decided cannot be rewritten', async () => {
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/ai-conversation/c2'), { uid: 'staff-a', entries: [] }));
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/ai-conversation/c1'), { entries: [] }));
    await assertFails(updateDoc(doc(admin(), 'project/rules-a/ai-conversation/c1'), { entries: [] }));
    await assertFails(deleteDoc(doc(admin(), 'project/rules-a/ai-conversation/c1')));
  });
});

describe('file registry', () => {
  it('members read the entries of their store', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/file/f1')));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/file/f1')));
  });
  it("no client writes them: an entry could otherwise point at another store's object or forge a video status", async () => {
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/file/f2'), { id: 'f2', filePath: 'project/rules-b/secret.pdf' }));
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/file/f1'), { 'cdn.bunny.status': 4 }));
    await assertFails(updateDoc(doc(admin(), 'project/rules-a/file/f1'), { isPublic: false }));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/file/f1')));
  });
});

describe('customer events across stores (the super-project event feed)', () => {
  // Same shape as the console's query (web/src/customers/use-customer-events.ts).
  const feed = (db: ReturnType<typeof admin>, stores: string[]) =>
    getDocs(query(collectionGroup(db, 'customer-event'), where('projectId', 'in', stores), orderBy('createdAt', 'desc'), limit(50)));

  beforeAll(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await setDoc(doc(db, 'project/rules-a/customer-event/ev-a'), { projectId: 'rules-a', action: 'view', createdAt: new Date() });
      await setDoc(doc(db, 'project/rules-b/customer-event/ev-b'), { projectId: 'rules-b', action: 'view', createdAt: new Date() });
    });
  });

  it('a staff user lists the events of its own stores', async () => {
    const snapshot = await assertSucceeds(feed(staffA(), ['rules-a']));
    expect(snapshot.docs.map((d) => d.id)).toContain('ev-a');
    expect(snapshot.docs.map((d) => d.id)).not.toContain('ev-b');
  });
  it('a staff user cannot list events naming a store it is not a member of, nor all of them unfiltered', async () => {
    await assertFails(feed(staffA(), ['rules-a', 'rules-b']));
    await assertFails(getDocs(query(collectionGroup(staffA(), 'customer-event'), limit(50))));
    await assertFails(feed(noClaims(), ['rules-a']));
  });
  it("an event is stored only in its own store's path: no store injects events into another's feed", async () => {
    const run = Date.now().toString(36);
    const event = (projectId: unknown, extra: Record<string, unknown> = {}) => ({ projectId, action: 'view', createdAt: new Date(), ...extra });
    await assertFails(setDoc(doc(staffA(), `project/rules-a/customer-event/inj-${run}-1`), event('rules-b')));
    await assertFails(setDoc(doc(admin(), `project/rules-a/customer-event/inj-${run}-2`), event('rules-b')));
    await assertFails(setDoc(doc(staffA(), `project/rules-a/customer-event/inj-${run}-3`), event('rules-a', { project: 'rules-b' })));
    await assertFails(setDoc(doc(staffA(), `project/rules-a/customer-event/inj-${run}-4`), { action: 'view', createdAt: new Date() }));
    await assertFails(setDoc(doc(staffA(), `project/rules-a/customer/c1/customer-event/inj-${run}-5`), event('rules-b')));
    await assertSucceeds(setDoc(doc(staffA(), `project/rules-a/customer-event/own-${run}-1`), event('rules-a', { project: 'rules-a' })));
    await assertSucceeds(setDoc(doc(staffA(), `project/rules-a/customer/c1/customer-event/own-${run}-2`), event('rules-a')));
    await assertFails(updateDoc(doc(staffA(), `project/rules-a/customer-event/own-${run}-1`), { projectId: 'rules-b' }));
    await assertSucceeds(getDoc(doc(staffA(), `project/rules-a/customer-event/own-${run}-1`)));
    await assertFails(getDoc(doc(staffB(), `project/rules-a/customer-event/own-${run}-1`)));
    const feedOfB = await assertSucceeds(feed(admin(), ['rules-b']));
    expect(feedOfB.docs.map((d) => d.id).filter((id) => id.includes(run))).toEqual([]);
    expect(feedOfB.docs.map((d) => d.id)).toContain('ev-b');
  });
  it('an admin lists the events of every store', async () => {
    const snapshot = await assertSucceeds(feed(admin(), ['rules-a', 'rules-b']));
    expect(snapshot.docs.map((d) => d.id)).toEqual(expect.arrayContaining(['ev-a', 'ev-b']));
  });
});

describe('AI usage records and budget counters', () => {
  it('admins read the usage records and month totals; staff do not', async () => {
    await assertSucceeds(getDoc(doc(admin(), 'project/rules-a/ai-usage/u1')));
    await assertSucceeds(getDocs(collection(admin(), 'project/rules-a/ai-usage')));
    await assertSucceeds(getDoc(doc(admin(), 'project/rules-a/ai-usage-month/2026-11')));
    await assertFails(getDoc(doc(staffA(), 'project/rules-a/ai-usage/u1')));
    await assertFails(getDoc(doc(staffA(), 'project/rules-a/ai-usage-month/2026-11')));
  });
  it('no client writes them, not even an admin: a reset total would lift the budget, a deleted record hide a call', async () => {
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/ai-usage/u2'), { uid: 'staff-a', tokensIn: 0 }));
    await assertFails(setDoc(doc(admin(), 'project/rules-a/ai-usage/u2'), { uid: 'admin-1', tokensIn: 0 }));
    await assertFails(deleteDoc(doc(admin(), 'project/rules-a/ai-usage/u1')));
    await assertFails(updateDoc(doc(admin(), 'project/rules-a/ai-usage-month/2026-11'), { tokens: 0 }));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/ai-usage-month/2026-12'), { tokens: 0 }));
  });
  it("the per-user rate counters are nobody's but the functions'", async () => {
    await assertFails(getDoc(doc(staffA(), 'ai-rate-limit/staff-a_1')));
    await assertFails(setDoc(doc(staffA(), 'ai-rate-limit/staff-a_1'), { count: 0 }));
    await assertFails(setDoc(doc(admin(), 'ai-rate-limit/staff-a_1'), { count: 0 }));
  });
});

describe('campaign sends and orders (issue 15)', () => {
  beforeAll(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      await setDoc(doc(db, 'project/rules-a/campaign-send/email-c1'), { status: 'sending', sent: 10, total: 20 });
      await setDoc(doc(db, 'project/rules-a/campaign-send/email-c1/batch/00000'), { state: 'pending', recipients: [] });
      await setDoc(doc(db, 'project/rules-a/campaign-send/email-c1/recipient/r1'), { email: 'a@x.com', flags: { delivered: true } });
      await setDoc(doc(db, 'project/rules-a/order/o1'), { customerId: 'c1', status: 'paid', total: 10, items: [] });
    });
  });

  it('members read a send, its batches and recipients, live', async () => {
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/campaign-send/email-c1')));
    await assertSucceeds(getDoc(doc(staffA(), 'project/rules-a/campaign-send/email-c1/batch/00000')));
    await assertSucceeds(getDocs(collection(staffA(), 'project/rules-a/campaign-send/email-c1/recipient')));
  });
  it('nobody but the functions writes a send (no client marks recipients sent or forges a report)', async () => {
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/campaign-send/email-c1'), { status: 'finished' }));
    await assertFails(setDoc(doc(admin(), 'project/rules-a/campaign-send/email-c2'), { status: 'preparing' }));
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/campaign-send/email-c1/batch/00000'), { state: 'done' }));
    await assertFails(setDoc(doc(admin(), 'project/rules-a/campaign-send/email-c1/recipient/r2'), { flags: { opened: true } }));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/campaign-send/email-c1')));
  });
  it('another store reads nothing of it', async () => {
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/campaign-send/email-c1')));
    await assertFails(getDocs(collection(staffB(), 'project/rules-a/campaign-send/email-c1/recipient')));
    await assertFails(getDoc(doc(anonymous(), 'project/rules-a/campaign-send/email-c1')));
  });
  it('orders are read by members and written by no client', async () => {
    await assertSucceeds(getDocs(query(collection(staffA(), 'project/rules-a/order'), where('customerId', '==', 'c1'))));
    await assertFails(getDoc(doc(staffB(), 'project/rules-a/order/o1')));
    await assertFails(updateDoc(doc(staffA(), 'project/rules-a/order/o1'), { status: 'cancelled' }));
    await assertFails(addDoc(collection(admin(), 'project/rules-a/order'), { customerId: 'c1' }));
  });
});

describe('editor presence (who has a document open)', () => {
  const entry = (uid: string) => ({ target: 'project/rules-a/content/home#content', uid, name: uid, at: serverTimestamp() });
  it('a member writes, beats and removes an entry of its own; members of the store read them', async () => {
    await assertSucceeds(setDoc(doc(staffA(), 'project/rules-a/editor-presence/s1'), entry('staff-a')));
    await assertSucceeds(setDoc(doc(staffA(), 'project/rules-a/editor-presence/s1'), entry('staff-a')));
    await assertSucceeds(getDocs(query(collection(admin(), 'project/rules-a/editor-presence'), where('target', '==', 'project/rules-a/content/home#content'))));
    await assertSucceeds(deleteDoc(doc(staffA(), 'project/rules-a/editor-presence/s1')));
  });
  it("nobody writes an entry in another's name, takes over or removes another's, or stamps its own time", async () => {
    await assertSucceeds(setDoc(doc(admin(), 'project/rules-a/editor-presence/s2'), entry('admin-1')));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/editor-presence/s3'), entry('admin-1')));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/editor-presence/s2'), entry('staff-a')));
    await assertFails(deleteDoc(doc(staffA(), 'project/rules-a/editor-presence/s2')));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/editor-presence/s4'), { ...entry('staff-a'), at: new Date(0) }));
    await assertFails(setDoc(doc(staffA(), 'project/rules-a/editor-presence/s5'), { ...entry('staff-a'), role: 'admin' }));
  });
  it('other stores and signed-out users see and write nothing', async () => {
    await assertFails(getDocs(collection(staffB(), 'project/rules-a/editor-presence')));
    await assertFails(setDoc(doc(staffB(), 'project/rules-a/editor-presence/s6'), entry('staff-b')));
    await assertFails(getDocs(collection(anonymous(), 'project/rules-a/editor-presence')));
  });
});
