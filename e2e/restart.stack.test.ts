// `npm start`'s promise that edits survive a stop and start: the stack exports its data on stop
// and imports it on the next start. Runs on a stack of its own (a lane takes it before its own
// stack starts, scripts/test-lane.mjs). The started-again stack then also takes the functions
// emulator's burst check (issue 24), so the run starts one stack fewer for it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FUNCTION_EXECUTIONS_AT_ONCE, startStack } from '../scripts/lib/stack.mjs';
import { api, idToken } from '../test-support/emulator.js';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';

const stateDir = mkdtempSync(join(tmpdir(), 'console-restart-'));
const logFile = join(tmpdir(), 'console-restart.log');

/** The stack the first test started again, left running for the second. */
let restarted: Awaited<ReturnType<typeof startStack>> | undefined;

afterAll(async () => {
  await restarted?.stop();
  rmSync(stateDir, { recursive: true, force: true });
}, 60_000);

describe('the emulator stack across a stop and a start', () => {
  it('keeps an edit and the sign-ins', async () => {
    // Nothing calls this first stack's functions: its API workers are not started.
    let stack = await startStack({ stateDir, persist: true, logFile, warmWorkers: false });
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
      if (stack.imported) restarted = stack;
      else await stack.stop();
    }
  }, 240_000);

  // On the stack started again above (its API workers started with it), or one of its own when run alone.
  it('serves fifty calls at once, one function starting at most FUNCTION_EXECUTIONS_AT_ONCE workers', async () => {
    const stack = restarted ?? (await startStack({ stateDir: mkdtempSync(join(tmpdir(), 'console-workers-')), persist: false, logFile }));
    restarted = undefined;
    try {
      await stack.apiWorkers;
      // At least FUNCTION_EXECUTIONS_AT_ONCE workers, one or more per HTTPS function (issue 24).
      const started = stack.functionWorkers();
      expect(started).toBeGreaterThanOrEqual(FUNCTION_EXECUTIONS_AT_ONCE);
      const answers = await Promise.all(Array.from({ length: 50 }, () => api('/api/health')));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      // One HTTPS function per feature (issue 24): the fifty calls reach one function, whose pool
      // grows to at most FUNCTION_EXECUTIONS_AT_ONCE workers; the other functions' stay as started.
      expect(stack.functionWorkers() - started).toBeLessThanOrEqual(FUNCTION_EXECUTIONS_AT_ONCE);
    } finally {
      await stack.stop();
    }
  }, 240_000);
});
