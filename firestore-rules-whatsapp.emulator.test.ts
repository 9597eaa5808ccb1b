// The rules of issue 16's collections, both ways: WhatsApp campaign messages and opt-outs are read by
// the store's members and written by no client (a forged 'accepted' or 'read' would fake the report or
// stop a send; a forged opt-out would silence a customer); OAuth states are nobody's; the tokens of
// the Google connection and the WhatsApp credentials stay admin-only.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, setDoc, setLogLevel, updateDoc } from 'firebase/firestore';

const rules = readFileSync(new URL('./firestore.rules', import.meta.url), 'utf8');
const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
let env: RulesTestEnvironment;
setLogLevel('silent');

const admin = () => env.authenticatedContext('admin-1', { role: 'admin', projects: [] }).firestore();
const staffA = () => env.authenticatedContext('staff-a', { role: 'staff', projects: ['zap-a'] }).firestore();
const staffB = () => env.authenticatedContext('staff-b', { role: 'staff', projects: ['zap-b'] }).firestore();
const anonymous = () => env.unauthenticatedContext().firestore();

const MESSAGE = 'project/zap-a/campaign-whatsapp-message/c1_k1';
const PREFERENCE = 'project/zap-a/campaign-whatsapp-preference/5511981000001';

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: `${process.env.GCLOUD_PROJECT ?? 'demo-console'}-rules-whatsapp`,
    firestore: { rules, host, port: Number(port) },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, MESSAGE), { campaignId: 'c1', status: 'accepted', delivered: true });
    await setDoc(doc(db, PREFERENCE), { phone: '5511981000001', unsubscribed: true });
    await setDoc(doc(db, 'oauth-state/s1'), { uid: 'admin-1', project: 'zap-a' });
    await setDoc(doc(db, 'project/zap-a/config/consoleauthgoogle'), { tokens: { access_token: 'ya29.x', refresh_token: '1//0x' } });
    await setDoc(doc(db, 'project/zap-a/config/waba'), { wabaToken: 't', wabaAppSecret: 's' });
  });
});
afterAll(async () => {
  await env?.cleanup();
});

describe('WhatsApp campaign messages and opt-outs', () => {
  it("members read their store's, others and signed-out users do not", async () => {
    for (const path of [MESSAGE, PREFERENCE]) {
      await assertSucceeds(getDoc(doc(staffA(), path)));
      await assertSucceeds(getDoc(doc(admin(), path)));
      await assertFails(getDoc(doc(staffB(), path)));
      await assertFails(getDoc(doc(anonymous(), path)));
    }
    await assertSucceeds(getDocs(collection(staffA(), 'project/zap-a/campaign-whatsapp-message')));
    await assertFails(getDocs(collection(staffB(), 'project/zap-a/campaign-whatsapp-message')));
  });
  it('no client writes them, not even an admin', async () => {
    await assertFails(updateDoc(doc(staffA(), MESSAGE), { read: true }));
    await assertFails(setDoc(doc(staffA(), 'project/zap-a/campaign-whatsapp-message/c1_k2'), { status: 'accepted' }));
    await assertFails(updateDoc(doc(admin(), MESSAGE), { status: 'claimed' }));
    await assertFails(deleteDoc(doc(staffA(), MESSAGE)));
    await assertFails(setDoc(doc(staffA(), 'project/zap-a/campaign-whatsapp-preference/5511981000002'), { unsubscribed: true }));
    await assertFails(deleteDoc(doc(admin(), PREFERENCE)));
  });
});

describe('the Google connection', () => {
  it('OAuth states are nobody’s', async () => {
    await assertFails(getDoc(doc(admin(), 'oauth-state/s1')));
    await assertFails(setDoc(doc(admin(), 'oauth-state/s2'), { uid: 'admin-1', project: 'zap-a' }));
    await assertFails(deleteDoc(doc(staffA(), 'oauth-state/s1')));
  });
  it('the tokens and the WhatsApp credentials are for admins only', async () => {
    for (const id of ['consoleauthgoogle', 'waba']) {
      await assertSucceeds(getDoc(doc(admin(), `project/zap-a/config/${id}`)));
      await assertFails(getDoc(doc(staffA(), `project/zap-a/config/${id}`)));
      await assertFails(setDoc(doc(staffA(), `project/zap-a/config/${id}`), { tokens: null }));
    }
  });
});
