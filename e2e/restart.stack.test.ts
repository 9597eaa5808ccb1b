// `npm start`'s promise that edits survive a stop and start: the stack exports its data on stop
// and imports it on the next start. Runs on a stack of its own (scripts/test.mjs, last phase).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack } from '../scripts/lib/stack.mjs';
import { api, idToken } from '../test-support/emulator.js';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';

const stateDir = mkdtempSync(join(tmpdir(), 'console-restart-'));
const logFile = join(tmpdir(), 'console-restart.log');

afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe('the emulator stack across a stop and a start', () => {
  it('keeps an edit and the sign-ins', async () => {
    let stack = await startStack({ stateDir, persist: true, logFile });
    const projectId = process.env.GCLOUD_PROJECT ?? 'demo-console';
    const app = initializeApp({ projectId, storageBucket: `${projectId}.appspot.com` }, 'restart-test');
    const upload = getStorage(app).bucket().file('project/main/content/restart-test.txt');
    try {
      expect(stack.imported).toBe(false);
      // What the checks after the restart read, not the whole demo seed (~1,900 documents, 35–60 s
      // of CPU that ran beside the other stack files at the end of a full run): a staff user of one
      // store with its claims, the stores /api/console/me lists, and an edited page.
      const staff = { email: 'restart-staff@demo.test', password: 'restart-staff-123' };
      const user = await getAuth(app).createUser(staff);
      await getAuth(app).setCustomUserClaims(user.uid, { role: 'staff', projects: ['cdlbox'] });
      await getFirestore(app).doc('project/main').set({ name: 'Loja Principal' });
      await getFirestore(app).doc('project/cdlbox').set({ name: 'CDL Box' });
      await getFirestore(app).doc('project/main/page/sobre-nos').set({ title: 'Sobre nós (editado)' }, { merge: true });
      await upload.save('arquivo enviado antes de parar', { contentType: 'text/plain' });
      await stack.stop();

      stack = await startStack({ stateDir, persist: false, logFile });
      expect(stack.imported).toBe(true);
      const page = await getFirestore(app).doc('project/main/page/sobre-nos').get();
      expect(page.get('title')).toBe('Sobre nós (editado)');
      // Uploaded files came back too (Storage's export in the state folder).
      const [content] = await upload.download();
      expect(content.toString()).toBe('arquivo enviado antes de parar');
      // Auth users and their claims came back too.
      const token = await idToken(staff);
      const me = await api('/api/console/me', { token });
      expect(me.json.projects.map((p: { id: string }) => p.id)).toEqual(['cdlbox']);
    } finally {
      await deleteApp(app);
      await stack.stop();
    }
  }, 240_000);
});
